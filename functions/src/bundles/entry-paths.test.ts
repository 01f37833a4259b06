import { describe, expect, it } from 'vitest';
import {
  assertSafeEntryPath,
  FolderNames,
  fileEntryName,
  SEGMENT_MAX_CHARS,
  sanitizeSegment,
  splitExtension,
  UnsafeEntryPathError,
} from './entry-paths.ts';

function expectSafeSegment(segment: string): void {
  expect(segment).not.toBe('');
  expect(segment).not.toMatch(/[/\\:*?"<>|]/);
  expect(segment).not.toMatch(/^\.+$/);
  expect(Array.from(segment).length).toBeLessThanOrEqual(SEGMENT_MAX_CHARS);
  expect(() => assertSafeEntryPath(`root/${segment}`)).not.toThrow();
}

describe('sanitizeSegment', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeSegment('Buffer Overflow Attack Lab (Set-UID Version)', 'x')).toBe(
      'Buffer Overflow Attack Lab (Set-UID Version)',
    );
    expect(sanitizeSegment('SEED Labs – Software Security', 'x')).toBe('SEED Labs – Software Security');
  });

  it.each([
    ['../../etc/passwd', '.._.._etc_passwd'],
    ['..', 'fallback'],
    ['.', 'fallback'],
    ['', 'fallback'],
    ['   ', 'fallback'],
    ['\u0000', 'fallback'],
    ['C:\\x', 'C__x'],
    ['/absolute', '_absolute'],
    ['a/b\\c', 'a_b_c'],
    ['what?*<>|"', 'what______'],
    ['trailing dots...', 'trailing dots'],
  ])('makes %j a single safe segment (%j)', (hostile, expected) => {
    const segment = sanitizeSegment(hostile, 'fallback');
    expect(segment).toBe(expected);
    expectSafeSegment(segment);
  });

  it('renames Windows device names, with or without an extension', () => {
    expect(sanitizeSegment('CON', 'x')).toBe('CON_');
    expect(sanitizeSegment('nul.txt', 'x', true)).toBe('nul_.txt');
    expect(sanitizeSegment('lpt1', 'x')).toBe('lpt1_');
    expect(sanitizeSegment('Console notes', 'x')).toBe('Console notes');
  });

  it('drops control and direction-override characters that could disguise a name', () => {
    expect(sanitizeSegment('evil\u202Efdp.exe', 'x', true)).toBe('evilfdp.exe');
    expect(sanitizeSegment('line\nbreak\ttab', 'x')).toBe('line break tab');
    expect(sanitizeSegment('nul\u0000byte', 'x')).toBe('nulbyte');
    expect(sanitizeSegment('zero\u200Bwidth', 'x')).toBe('zerowidth');
  });

  it('cuts a 300-character name to 120 characters, keeping the extension', () => {
    const segment = sanitizeSegment(`${'a'.repeat(300)}.pdf`, 'x', true);
    expect(Array.from(segment)).toHaveLength(SEGMENT_MAX_CHARS);
    expect(segment.endsWith('.pdf')).toBe(true);
    expectSafeSegment(segment);
  });

  it('counts characters, not UTF-16 units, never splits one, and stays within 255 bytes', () => {
    expect(sanitizeSegment('é'.repeat(200), 'x')).toBe('é'.repeat(SEGMENT_MAX_CHARS));
    const segment = sanitizeSegment(`${'🔒'.repeat(200)}.md`, 'x', true);
    expect(segment).toBe(`${'🔒'.repeat(63)}.md`);
    expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(255);
  });

  it('keeps unicode letters and normalises to NFC', () => {
    expect(sanitizeSegment('Cafe\u0301 – Übung', 'x')).toBe('Café – Übung');
    expect(sanitizeSegment('网络安全实验', 'x')).toBe('网络安全实验');
  });
});

describe('fileEntryName', () => {
  it('appends the extension of the stored file name when the display name lacks it', () => {
    expect(fileEntryName('Buffer Overflow Setuid', 'Buffer_Overflow_Setuid.pdf')).toBe('Buffer Overflow Setuid.pdf');
    expect(fileEntryName('Lab.PDF', 'lab.pdf')).toBe('Lab.PDF');
    expect(fileEntryName('Notes', 'README')).toBe('Notes');
  });

  it('falls back to the stored file name for an empty display name', () => {
    expect(fileEntryName('  ', 'slides.pptx')).toBe('slides.pptx');
    expect(fileEntryName('../..', 'x.pdf')).toBe('.._...pdf');
  });
});

describe('splitExtension', () => {
  it('splits at the last dot, not for dot files or long tails', () => {
    expect(splitExtension('a.tar.gz')).toEqual({ stem: 'a.tar', extension: '.gz' });
    expect(splitExtension('.bashrc')).toEqual({ stem: '.bashrc', extension: '' });
    expect(splitExtension('Version 1.2 of the lab notes')).toEqual({
      stem: 'Version 1.2 of the lab notes',
      extension: '',
    });
  });
});

describe('FolderNames', () => {
  it('tells colliding names apart case-insensitively with (2), (3) before the extension', () => {
    const names = new FolderNames();
    expect(names.claim('Lab.pdf', true)).toBe('Lab.pdf');
    expect(names.claim('lab.PDF', true)).toBe('lab (2).PDF');
    expect(names.claim('LAB.pdf', true)).toBe('LAB (3).pdf');
    expect(names.claim('Lab', false)).toBe('Lab');
    expect(names.claim('lab', false)).toBe('lab (2)');
  });

  it('stays within the segment limit when numbering a long name', () => {
    const names = new FolderNames();
    const long = `${'b'.repeat(116)}.pdf`;
    expect(names.claim(long, true)).toBe(long);
    const second = names.claim(long, true);
    expect(Array.from(second).length).toBeLessThanOrEqual(SEGMENT_MAX_CHARS);
    expect(second.endsWith(' (2).pdf')).toBe(true);
  });
});

describe('assertSafeEntryPath', () => {
  it.each([
    '',
    '/etc/passwd',
    '../x',
    'a/../../x',
    'a/./b',
    'a//b',
    'a\\b',
    'C:/x',
    'a/\u0000',
    `a/${'c'.repeat(121)}`,
  ])('refuses %j', (path) => {
    expect(() => assertSafeEntryPath(path)).toThrow(UnsafeEntryPathError);
  });

  it('accepts a nested relative path', () => {
    expect(() => assertSafeEntryPath('SEED Labs/Lab 1/Lessons/Week 1/Slides.pptx')).not.toThrow();
  });
});
