import type { FileMediaType } from '#shared/contracts/file';

/**
 * Magic bytes of the accepted media types (decision record 016): the first bytes
 * of a stored object must match its declared type before the file is Ready
 * (ARCHITECTURE.md "Files, bundles, downloads"). Pure; the caller reads the bytes.
 * Office Open XML files (docx, pptx, xlsx) are zip archives: their signature is the
 * zip's, which is as far as a magic-byte check can tell them apart.
 */

/** A byte pattern at an offset; `null` bytes match anything. */
interface Pattern {
  readonly offset: number;
  readonly bytes: readonly (number | null)[];
}

const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));

const ZIP: readonly Pattern[] = [
  { offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  // An empty archive is only its end-of-central-directory record.
  { offset: 0, bytes: [0x50, 0x4b, 0x05, 0x06] },
];

/**
 * Binary types: any one pattern of the list must match. Text types have no magic
 * bytes and are checked by {@link looksLikeText} instead.
 */
const SIGNATURES: Partial<Record<FileMediaType, readonly Pattern[]>> = {
  'application/pdf': [{ offset: 0, bytes: ascii('%PDF-') }],
  'application/zip': ZIP,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ZIP,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ZIP,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ZIP,
  'image/png': [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  'image/jpeg': [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }],
  'image/gif': [
    { offset: 0, bytes: ascii('GIF87a') },
    { offset: 0, bytes: ascii('GIF89a') },
  ],
  'image/webp': [{ offset: 0, bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] }],
};

/** What people call each type in a refusal ("The file is not a PDF."). */
const TYPE_NAMES: Record<FileMediaType, string> = {
  'application/pdf': 'a PDF',
  'application/zip': 'a ZIP archive',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'a PowerPoint presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook',
  'text/plain': 'a text file',
  'text/markdown': 'a Markdown file',
  'text/csv': 'a CSV file',
  'text/x-python': 'a Python source file',
  'application/json': 'a JSON file',
  'application/x-ipynb+json': 'a Jupyter notebook',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
};

function matches(head: Uint8Array, pattern: Pattern): boolean {
  if (head.length < pattern.offset + pattern.bytes.length) return false;
  return pattern.bytes.every((byte, index) => byte === null || head[pattern.offset + index] === byte);
}

/**
 * True when `head` (the first bytes of a file) reads as UTF-8 text without NUL or
 * other C0 control bytes besides tab, line feed, form feed and carriage return.
 * A multi-byte character cut at the end of `head` is allowed (`head` is a prefix).
 */
export function looksLikeText(head: Uint8Array): boolean {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  // Trim at most 3 trailing bytes of an unfinished sequence, then require valid UTF-8.
  let end = head.length;
  for (let back = 1; back <= Math.min(3, head.length); back += 1) {
    const byte = head[head.length - back] as number;
    if ((byte & 0xc0) === 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < needed) end = head.length - back;
      break;
    }
    if ((byte & 0xc0) !== 0x80) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the first bytes of a file match its declared media type: a signature of
 * the table for binary types, {@link looksLikeText} for the text types (plain text,
 * Markdown, CSV, Python, JSON and Jupyter notebooks, which are JSON). `head` should hold at least the first 16 bytes (more for text).
 */
export function matchesSignature(type: FileMediaType, head: Uint8Array): boolean {
  const patterns = SIGNATURES[type];
  if (patterns === undefined) return head.length > 0 && looksLikeText(head);
  return patterns.some((pattern) => matches(head, pattern));
}

/** The refusal of a file whose bytes are not its declared type, e.g. "The file is not a PDF." */
export function notOfTypeMessage(type: FileMediaType): string {
  return `The file is not ${TYPE_NAMES[type]}.`;
}
