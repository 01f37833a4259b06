import Papa from 'papaparse';
import { saveTextFile } from './save-file.ts';

/** First characters that make a spreadsheet read a cell as a formula (or hide one: tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will show as text, never run: one starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV document a spreadsheet opens as UTF-8 text (papaparse `unparse`: every cell
 * quoted, CRLF line ends, a UTF-8 byte order mark first), every cell neutralised
 * ({@link neutraliseCell}). `rows` hold the cells of each line in `fields` order.
 * Used by the user-import error report (issue 11) and the download history (issue 26 item 1).
 */
export function csvDocument(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  const data = rows.map((row) => row.map(neutraliseCell));
  return `\uFEFF${Papa.unparse({ fields: [...fields], data }, { newline: '\r\n', quotes: true })}`;
}

/** Saves `csv` in the browser as `fileName` (a Blob download; nothing is sent anywhere). */
export function saveCsvFile(csv: string, fileName: string): void {
  saveTextFile(csv, fileName, 'text/csv;charset=utf-8');
}
