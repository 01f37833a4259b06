import type { UserImport, UserImportRow } from '#shared/contracts/administration';
import { csvDocument, saveCsvFile } from '../../../lib/csv.ts';

export { neutraliseCell } from '../../../lib/csv.ts';

/** The columns of the error report, in order. */
export const ERROR_REPORT_COLUMNS = ['line', 'name', 'email', 'role', 'status', 'reasons'] as const;

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
    row.name,
    row.email,
    row.role,
    row.status,
    row.reasons.join('; '),
  ]);
  return csvDocument(ERROR_REPORT_COLUMNS, data);
}

/** The report's file name: the import file's name with `-errors` before `.csv`. */
export function errorReportFileName(fileName: string): string {
  const base = fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_') || 'import';
  return `${base}-errors.csv`;
}

/** Saves the error report in the browser (a Blob download; nothing is sent anywhere). */
export function downloadErrorReport(userImport: Pick<UserImport, 'rows' | 'fileName'>): void {
  saveCsvFile(errorReportCsv(userImport), errorReportFileName(userImport.fileName));
}
