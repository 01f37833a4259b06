import { ADMIN_LIMITS } from '#shared/limits';
import { FILE_TOO_LARGE_MESSAGE } from '../../../lib/file-pick.ts';

export { FILE_TOO_LARGE_MESSAGE };

/** The `accept` attribute of the import file input (spec §5 "File picker"). */
export const IMPORT_ACCEPT = '.csv,text/csv';

/** The accepted type, as the picker shows it. */
export const IMPORT_TYPES_TEXT = 'CSV file (.csv)';

/** The maximum size in MB (decimal, as file managers show it), e.g. "1 MB" (spec §5). */
export const IMPORT_MAX_SIZE_TEXT = `${(ADMIN_LIMITS.importFileMaxBytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The message of a picked file that is not a CSV file (spec §5 "invalid type"). */
export const IMPORT_TYPE_MESSAGE = 'Invalid file type. Choose a CSV file (.csv).';

/**
 * Media types browsers give a `.csv` file: `text/csv` mostly, but Windows reports
 * the spreadsheet program's type, and some systems none at all.
 */
const CSV_MEDIA_TYPES = new Set(['', 'text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']);

/** A picked file past the import maximum (spec §5, §8 FILE_TOO_LARGE_ERROR: shown through the ERROR dialog). */
export class FileTooLargeError extends Error {
  constructor(options?: ErrorOptions) {
    super(FILE_TOO_LARGE_MESSAGE, options);
    this.name = 'FileTooLargeError';
  }
}

/**
 * Why a picked file cannot be imported (spec §5 "File picker and user import"):
 * `type` unless its name ends in `.csv` and its media type is one a browser gives a
 * CSV file; `size` when larger than `ADMIN_LIMITS.importFileMaxBytes` (bytes); null
 * when it can be sent.
 */
export function importFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'type' | 'size' | null {
  if (!file.name.toLowerCase().endsWith('.csv') || !CSV_MEDIA_TYPES.has(file.type)) return 'type';
  if (file.size > ADMIN_LIMITS.importFileMaxBytes) return 'size';
  return null;
}

/**
 * The file's bytes as base64 (the import contract sends them so, so that a file that
 * is not UTF-8 reaches the server as it is and is reported as such).
 */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}
