import { create } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './file-objects.ts';

/** Names a download may have: plain, quoted, escaped-looking, accented, other scripts, emoji, control characters. */
const NAMES = [
  'lab-guide.pdf',
  'Lab guide.pdf',
  '',
  ' ',
  'a"quoted"\\name.txt',
  "it's (final) *copy*.zip",
  'percent 100%.txt',
  'looks%20encoded.txt',
  'half%2.txt',
  'Guía del laboratorio – «buffer».pdf',
  'Übung ß.docx',
  '实验指南.pdf',
  'Лабораторная работа.pdf',
  'résumé 🙂.png',
  'tab\tand\nnewline.txt',
  'semi;colon=equals,comma.txt',
  'brackets[]{}<>@?.txt',
  '\u00a0nbsp and \u00ff latin1.txt',
  'slash/and\\backslash.txt',
];

describe('attachmentDisposition', () => {
  it.each(NAMES.map((name) => [JSON.stringify(name), name]))(
    'writes %s exactly as the content-disposition package does',
    (_label, name) => {
      expect(attachmentDisposition(name)).toBe(create(name, { type: 'attachment' }));
    },
  );

  it('gives a non-ASCII name an ASCII fallback and an RFC 8187 filename*', () => {
    expect(attachmentDisposition('Guía (1).pdf')).toBe(
      `attachment; filename="Gu?a (1).pdf"; filename*=UTF-8''Gu%C3%ADa%20%281%29.pdf`,
    );
  });
});
