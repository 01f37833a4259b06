import type { RawDownloadDataPoint } from '#shared/contracts/statistics';

/** The columns of the export, one row per raw download event (spec §3 "Raw download data point"). */
export const CSV_HEADER = [
  'id',
  'timestamp',
  'userName',
  'userEmail',
  'fileName',
  'fileId',
  'downloadedFrom',
  'tags',
  'topMostContent',
  'businessUnits',
  'businessUnitCategories',
  'regions',
] as const;

/** One event as the export's cells; lists are joined with "; ". */
export function csvRow(event: RawDownloadDataPoint): string[] {
  const { metadata } = event;
  const units = Object.values(metadata.businessUnits);
  return [
    event.id,
    event.timestamp,
    metadata.userName,
    metadata.userEmail ?? '',
    metadata.fileName,
    metadata.fileId,
    metadata.downloadedFrom.contentName,
    metadata.downloadedFrom.tags.join('; '),
    metadata.topMostContent?.contentName ?? '',
    units.map((unit) => unit.name).join('; '),
    units.map((unit) => unit.category).join('; '),
    units.map((unit) => unit.region).join('; '),
  ];
}

/** A cell quoted as RFC 4180 asks: in double quotes, with quotes doubled, when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV text of the export: the header, then one CRLF-terminated row per event, in order. */
export function buildCsv(events: readonly RawDownloadDataPoint[]): string {
  return [CSV_HEADER, ...events.map(csvRow)].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** The export's file name (spec §2.13 "A CSV export named by the from and to dates"). */
export function exportFileName(from: string, to: string): string {
  return `downloads_${from}_${to}.csv`;
}
