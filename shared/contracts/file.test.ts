import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '../limits.ts';
import { FILE_NAME_MESSAGES } from './common.ts';
import { FileSlot } from './content-save.ts';
import { FeedbackScreenshot } from './feedback.ts';
import {
  CreateUploadRequest,
  extensionOf,
  FEEDBACK_SCREENSHOT_RULE,
  fileTooLargeMessage,
  UPLOAD_KINDS,
} from './file.ts';
import { WidgetFile } from './page.ts';

const OWNER = '01hzy3k8m9n0p1q2r3s4t5v6w7';
const pdf = (size: number) => ({
  kind: 'content',
  name: 'Lab guide.pdf',
  type: 'application/pdf',
  size,
  ownerId: OWNER,
});
const portrait = (size: number) => ({ kind: 'portrait', name: 'me.png', type: 'image/png', size });

function errorsOf(input: unknown): { path: string; message: string }[] {
  const result = CreateUploadRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('upload limits', () => {
  it('has the documented defaults (decision record 016)', () => {
    expect(UPLOAD_KINDS.content.maxBytes).toBe(100_000_000);
    expect(UPLOAD_KINDS.portrait.maxBytes).toBe(1_000_000);
    expect(UPLOAD_KINDS.image.maxBytes).toBe(5_000_000);
    expect(FILE_LIMITS.uploadExpirySeconds).toBe(900);
  });

  it('takes feedback screenshots of spec §5: jpg, jpeg, png or gif, at most 1,000,000 bytes', () => {
    expect(FEEDBACK_SCREENSHOT_RULE).toEqual({ types: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 1_000_000 });
  });

  it('accepts a content file at its maximum and refuses one byte past it', () => {
    expect(errorsOf(pdf(100_000_000))).toEqual([]);
    expect(errorsOf(pdf(100_000_001))).toEqual([
      { path: 'size', message: 'The file is larger than 100,000,000 bytes.' },
    ]);
  });

  it('accepts a portrait at 1,000,000 bytes and refuses 1,000,001', () => {
    expect(errorsOf(portrait(1_000_000))).toEqual([]);
    expect(errorsOf(portrait(1_000_001))).toEqual([{ path: 'size', message: fileTooLargeMessage(1_000_000) }]);
  });

  it('takes a name of 120 characters and refuses 121', () => {
    const name = (length: number) => `${'a'.repeat(length - 4)}.pdf`;
    expect(errorsOf({ ...pdf(10), name: name(120) })).toEqual([]);
    expect(errorsOf({ ...pdf(10), name: name(121) }).map((e) => e.path)).toEqual(['name']);
  });

  it('refuses a type the kind does not accept, and a name whose extension does not fit the type', () => {
    expect(errorsOf({ ...portrait(10), type: 'application/pdf', name: 'me.pdf' })).toEqual([
      { path: 'type', message: 'The file type application/pdf is not accepted.' },
    ]);
    expect(errorsOf({ ...pdf(10), name: 'guide.exe' })).toEqual([
      { path: 'name', message: 'The file name must end with .pdf.' },
    ]);
    expect(errorsOf({ ...portrait(10), type: 'image/jpeg', name: 'ME.JPEG' })).toEqual([]);
  });

  it('refuses an empty file, and takes any kind without its owner (a save attaches it, decision record 020)', () => {
    expect(errorsOf(pdf(0)).map((e) => e.path)).toEqual(['size']);
    expect(errorsOf({ ...pdf(10), ownerId: undefined })).toEqual([]);
    expect(errorsOf({ ...portrait(10), ownerId: undefined })).toEqual([]);
  });

  it('reads extensions in lower case, and none from a dot-file', () => {
    expect(extensionOf('A.Tar.GZ')).toBe('.gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });
});

describe('file names (spec §5, issue 21 item 7): one rule for every contract that carries one', () => {
  const contracts = {
    upload: (name: string) => CreateUploadRequest.safeParse({ ...pdf(10), name }),
    contentFile: (name: string) => FileSlot.safeParse({ id: OWNER, name }),
    screenshot: (name: string) => FeedbackScreenshot.safeParse({ name, type: 'image/png', data: 'iVBORw0KGgo=' }),
    widgetFile: (name: string) =>
      WidgetFile.safeParse({ fileId: OWNER, filename: name, mimeType: 'application/pdf', alt: 'A PDF' }),
  };
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

  it.each([
    ['a line break', 'Lab\nguide.pdf', FILE_NAME_MESSAGES.control],
    ['a carriage return', 'Lab\rguide.pdf', FILE_NAME_MESSAGES.control],
    ['a tab', 'Lab\tguide.pdf', FILE_NAME_MESSAGES.control],
    ['a NUL', 'Lab\u0000guide.pdf', FILE_NAME_MESSAGES.control],
    ['a line separator', 'Lab\u2028guide.pdf', FILE_NAME_MESSAGES.control],
    ['a right-to-left override', 'Lab\u202egnp.pdf', FILE_NAME_MESSAGES.control],
    ['a double quote', 'Lab "guide".pdf', FILE_NAME_MESSAGES.quote],
    ['a single quote', "Lab's guide.pdf", FILE_NAME_MESSAGES.quote],
    ['a backtick', 'Lab `guide`.pdf', FILE_NAME_MESSAGES.quote],
    ['../', '../../etc/passwd.pdf', FILE_NAME_MESSAGES.separator],
    ['a slash', 'labs/guide.pdf', FILE_NAME_MESSAGES.separator],
    ['a backslash', 'labs\\guide.pdf', FILE_NAME_MESSAGES.separator],
    ['only spaces', '   ', FILE_NAME_MESSAGES.required],
  ])('refuses %s in every contract', (_label, name, message) => {
    for (const [contract, parse] of Object.entries(contracts)) {
      expect(messages(parse(name)), contract).toContain(message);
    }
  });

  it('refuses a name of 121 characters and keeps Unicode names', () => {
    expect(messages(contracts.upload(`${'a'.repeat(117)}.pdf`))).toContain('Must be at most 120 characters.');
    for (const [contract, parse] of Object.entries(contracts)) {
      const extension = contract === 'screenshot' ? 'png' : 'pdf';
      expect(parse(`Guía del laboratorio — “buffer” (v2).${extension}`).success, contract).toBe(true);
    }
  });
});
