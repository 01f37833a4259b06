import sanitizeFilename from 'sanitize-filename';

/**
 * Entry paths of a bundle's zip (decision record 022): `<root>/<child>/…/<file>`,
 * lesson artifacts under `<item>/Lessons/<lesson>/<file>`. Every segment comes from
 * names people typed, so each is sanitised (sanitize-filename, plus: no control or
 * direction-override characters, no empty segment, no `.` / `..`, no Windows
 * device name, at most {@link SEGMENT_MAX_CHARS} characters), and names that meet in
 * one folder are told apart case-insensitively with ` (2)`, ` (3)` before the
 * extension. A path built here can never be absolute, hold a backslash or climb out
 * of the archive root; {@link assertSafeEntryPath} checks that again before a path
 * goes into a zip.
 */

/** Most characters (code points) of one path segment. */
export const SEGMENT_MAX_CHARS = 120;
/** Most UTF-8 bytes of one path segment: the file name limit of common file systems. */
export const SEGMENT_MAX_BYTES = 255;
/** Longest extension kept whole when a long name is cut. */
const EXTENSION_MAX_CHARS = 16;
/** The folder lesson artifacts go into, under their content item's folder. */
export const LESSONS_FOLDER = 'Lessons';

// C0, DEL, C1, line/paragraph separators, bidi embeddings/overrides/isolates, BOM,
// zero-width and other invisible format characters that can disguise a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
const WHITESPACE_CONTROLS = /[\t\n\r\v\f\u2028\u2029]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\.|$)/i;

function codePoints(text: string): string[] {
  return Array.from(text);
}

/** `name` split at its last dot into stem and extension (with the dot); no extension for a leading-dot-only name. */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { stem: name, extension: '' };
  const extension = name.slice(dot);
  if (codePoints(extension).length > EXTENSION_MAX_CHARS || /\s/.test(extension)) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension };
}

function fits(text: string): boolean {
  return codePoints(text).length <= SEGMENT_MAX_CHARS && Buffer.byteLength(text, 'utf8') <= SEGMENT_MAX_BYTES;
}

/**
 * `stem` + `tail`, the stem cut (at whole code points) so that the result fits
 * {@link SEGMENT_MAX_CHARS} characters and {@link SEGMENT_MAX_BYTES} bytes.
 */
function fitWith(stem: string, tail: string): string {
  const chars = codePoints(stem);
  let end = Math.min(chars.length, Math.max(SEGMENT_MAX_CHARS - codePoints(tail).length, 1));
  while (end > 1 && !fits(`${chars.slice(0, end).join('')}${tail}`)) end -= 1;
  return `${chars.slice(0, end).join('').trimEnd()}${tail}`;
}

/** Cuts `name` to fit a segment, keeping a file's extension whole. */
function cut(name: string, isFile: boolean): string {
  if (fits(name)) return name;
  const { stem, extension } = isFile ? splitExtension(name) : { stem: name, extension: '' };
  return fitWith(stem, extension);
}

/**
 * One safe path segment from a name people typed: NFC, whitespace controls become
 * spaces and invisible characters go, characters illegal in file names become `_`
 * (sanitize-filename), runs of spaces collapse, leading and trailing spaces and
 * trailing dots go, a Windows device name (`CON`, `nul.txt`) gets `_` after its
 * stem, at most {@link SEGMENT_MAX_CHARS} characters and {@link SEGMENT_MAX_BYTES}
 * UTF-8 bytes (a file keeps its extension).
 * `fallback` stands in for a name with nothing left (`''`, `..`, `\u0000`).
 */
export function sanitizeSegment(name: string, fallback: string, isFile = false): string {
  let text = name.normalize('NFC').replace(WHITESPACE_CONTROLS, ' ').replace(INVISIBLE, '');
  text = text.replace(/\s+/g, ' ').trim();
  text = text.replace(/[. ]+$/, '');
  if (WINDOWS_DEVICE.test(text)) text = text.replace(/^([^.]*)/, '$1_');
  // Cut first: sanitize-filename cuts at 255 bytes without regard for the extension.
  text = sanitizeFilename(cut(text, isFile), { replacement: '_' }).replace(/[. ]+$/, '');
  if (text === '' || /^[._\s]*$/.test(text)) {
    return fallback === name ? 'untitled' : sanitizeSegment(fallback, 'untitled', isFile);
  }
  return text;
}

/**
 * The name a file has in a bundle: its display `name`, with the extension of its
 * stored `filename` appended when `name` lacks it (case-insensitive), sanitised.
 */
export function fileEntryName(name: string, filename: string): string {
  const { extension } = splitExtension(filename.trim());
  const display = name.trim() || filename.trim();
  const withExtension =
    extension && !display.toLowerCase().endsWith(extension.toLowerCase()) ? `${display}${extension}` : display;
  return sanitizeSegment(withExtension, filename || 'file', true);
}

/**
 * The names already used in one folder of the zip. Files and sub-folders share one
 * namespace, compared case-insensitively (NFC, lower case), as on the file systems
 * people unzip to.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  /**
   * Takes `name` (already a safe segment) for this folder, or the first free
   * `name (2)`, `name (3)`, … (before a file's extension), cut so that it still
   * fits a segment.
   */
  claim(name: string, isFile: boolean): string {
    let candidate = name;
    const { stem, extension } = isFile ? splitExtension(name) : { stem: name, extension: '' };
    for (let n = 2; this.taken.has(keyOf(candidate)); n++) candidate = fitWith(stem, ` (${n})${extension}`);
    this.taken.add(keyOf(candidate));
    return candidate;
  }
}

function keyOf(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Thrown when an entry path could escape the archive root or is not a clean relative path. */
export class UnsafeEntryPathError extends Error {
  override name = 'UnsafeEntryPathError';
}

/**
 * Checks a finished entry path: relative, '/'-separated, no backslash, no drive
 * letter, no empty, `.` or `..` segment, no control characters, each segment within
 * {@link SEGMENT_MAX_CHARS} characters and {@link SEGMENT_MAX_BYTES} bytes.
 * @throws UnsafeEntryPathError naming the path.
 */
export function assertSafeEntryPath(path: string): void {
  const bad =
    path === '' ||
    path.startsWith('/') ||
    path.includes('\\') ||
    /^[A-Za-z]:/.test(path) ||
    CONTROL.test(path) ||
    path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') ||
    path.split('/').some((segment) => !fits(segment));
  if (bad) throw new UnsafeEntryPathError(`Unsafe zip entry path: ${JSON.stringify(path)}`);
}
