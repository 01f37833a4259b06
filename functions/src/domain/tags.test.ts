import { describe, expect, it } from 'vitest';
import { cutAtWordBoundary, normaliseTags } from './tags.ts';

describe('normaliseTags', () => {
  it('trims, sanitises and drops duplicates case-insensitively, keeping the first spelling', () => {
    const { tags, notes } = normaliseTags(['  Shellcode ', 'shellcode', '<b>Stack</b> layout', '']);
    expect(tags).toEqual(['Shellcode', 'Stack layout']);
    expect(notes).toEqual([{ kind: 'duplicate', tag: 'shellcode' }]);
  });

  it('splits a tag over 50 characters on ", " and " and " and reports it', () => {
    const tag = 'Address randomization, non-executable stack, and StackGuard';
    const { tags, notes } = normaliseTags([tag]);
    expect(tags).toEqual(['Address randomization', 'non-executable stack', 'StackGuard']);
    expect(notes).toEqual([
      { kind: 'split', tag, parts: ['Address randomization', 'non-executable stack', 'StackGuard'] },
    ]);
  });

  it('splits on " and " alone', () => {
    expect(normaliseTags(['Return-to-libc attack and Return-Oriented Programming']).tags).toEqual([
      'Return-to-libc attack',
      'Return-Oriented Programming',
    ]);
  });

  it('leaves a tag of exactly 50 characters whole', () => {
    const tag = `${'a'.repeat(20)} and ${'b'.repeat(25)}`;
    expect(tag).toHaveLength(50);
    expect(normaliseTags([tag]).tags).toEqual([tag]);
  });

  it('cuts a part still too long at its last word boundary and reports it', () => {
    const tag = 'Understanding the internals of speculative execution in modern processors';
    const { tags, notes } = normaliseTags([tag]);
    expect(tags).toEqual(['Understanding the internals of speculative']);
    expect(notes).toEqual([{ kind: 'cut', tag, result: 'Understanding the internals of speculative' }]);
  });

  it('keeps at most 20 tags and reports the rest', () => {
    const raw = Array.from({ length: 22 }, (_, i) => `tag ${i}`);
    const { tags, notes } = normaliseTags(raw);
    expect(tags).toHaveLength(20);
    expect(notes).toEqual([
      { kind: 'over-limit', tag: 'tag 20' },
      { kind: 'over-limit', tag: 'tag 21' },
    ]);
  });
});

describe('cutAtWordBoundary', () => {
  it('cuts hard when there is no boundary', () => {
    expect(cutAtWordBoundary('x'.repeat(60), 50)).toBe('x'.repeat(50));
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(cutAtWordBoundary(`${'a'.repeat(50)} tail`, 50)).toBe('a'.repeat(50));
  });
});
