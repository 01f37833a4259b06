/**
 * Excel workbooks (.xlsx) for the preview dialog (issue 24 item 1, decision record 059):
 * read in the browser by read-excel-file (loaded with the first workbook previewed),
 * every sheet's cells as display strings, rows and columns bounded.
 */

/** Rows of a sheet shown as a table (the first row as its header, then these); the rest is left to the download. */
export const SPREADSHEET_ROWS_SHOWN = 500;
/** Columns of a sheet shown; a wider sheet is cut and says so. */
export const SPREADSHEET_COLUMNS_SHOWN = 50;

/** One sheet as the viewer shows it. */
export interface SpreadsheetSheet {
  /** The sheet's name in the workbook. */
  readonly name: string;
  /** The first row: the table's column headers. */
  readonly header: readonly string[];
  /** The first {@link SPREADSHEET_ROWS_SHOWN} rows after the header. */
  readonly rows: readonly (readonly string[])[];
  /** Rows after the header in the sheet (more than `rows.length` when cut). */
  readonly rowCount: number;
  /** Columns of the widest row (more than `header.length` when cut). */
  readonly columnCount: number;
}

/** A cell as text: dates as ISO (day only at midnight UTC), booleans TRUE/FALSE, empty as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/**
 * The sheets of the workbook `bytes`, in workbook order, each bounded to
 * {@link SPREADSHEET_ROWS_SHOWN} rows and {@link SPREADSHEET_COLUMNS_SHOWN} columns.
 * @throws read-excel-file's errors for bytes that are not a readable workbook.
 */
export async function readSpreadsheet(bytes: Uint8Array): Promise<SpreadsheetSheet[]> {
  const { default: readXlsxFile } = await import('read-excel-file/browser');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const sheets = await readXlsxFile(buffer);
  return sheets.map(({ sheet, data }) => {
    const columnCount = data.reduce((widest, row) => Math.max(widest, row.length), 0);
    const width = Math.min(columnCount, SPREADSHEET_COLUMNS_SHOWN);
    const cells = (row: readonly unknown[] | undefined) =>
      Array.from({ length: width }, (_, index) => cellText(row?.[index]));
    const [head, ...body] = data;
    return {
      name: sheet,
      header: cells(head),
      rows: body.slice(0, SPREADSHEET_ROWS_SHOWN).map(cells),
      rowCount: body.length,
      columnCount,
    };
  });
}
