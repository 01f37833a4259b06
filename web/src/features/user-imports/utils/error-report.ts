import Papa from 'papaparse';
import type { UserImport, UserImportRow } from '#shared/contracts/administration';

/** The columns of the error report, in order. */
export const ERROR_REPORT_COLUMNS = ['line', 'name', 'email', 'role', 'status', 'reasons'] as const;

/** First characters that make a spreadsheet read a cell as a formula (or hide one: tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will show as text, never run: one starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The rows of an import that were not created (skipped as invalid, or failed), in file order. */
export function rowsNotCreated(userImport: Pick<UserImport, 'rows'>): UserImportRow[] {
  return userImport.rows.filter((row) => row.status !== 'created').sort((a, b) => a.line - b.line);
}

/**
 * The error report of an import (issue 11 "a downloadable error report"): a CSV
 * (papaparse `unparse`, CRLF line ends, with a UTF-8 byte order mark so spreadsheet
 * programs read it as UTF-8) of every row not created: line, name, email, role,
 * status and reasons (joined with "; "). Every text cell is neutralised, so a
 * formula in the uploaded file is never run by the program that opens the report.
 */
export function errorReportCsv(userImport: Pick<UserImport, 'rows'>): string {
  const data = rowsNotCreated(userImport).map((row) => [
    String(row.line),
    neutraliseCell(row.name),
    neutraliseCell(row.email),
    neutraliseCell(row.role),
    neutraliseCell(row.status),
    neutraliseCell(row.reasons.join('; ')),
  ]);
  return `\uFEFF${Papa.unparse({ fields: [...ERROR_REPORT_COLUMNS], data }, { newline: '\r\n', quotes: true })}`;
}

/** The report's file name: the import file's name with `-errors` before `.csv`. */
export function errorReportFileName(fileName: string): string {
  const base = fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_') || 'import';
  return `${base}-errors.csv`;
}

/** Saves the error report in the browser (a Blob download; nothing is sent anywhere). */
export function downloadErrorReport(userImport: Pick<UserImport, 'rows' | 'fileName'>): void {
  const blob = new Blob([errorReportCsv(userImport)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = errorReportFileName(userImport.fileName);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after click() returns; let them finish first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
