import type { DownloadHistoryEntry, LibraryItemState } from '#shared/contracts/library';
import { csvDocument } from '../../../lib/csv.ts';

/** The columns of the download history export, in order. */
export const DOWNLOAD_HISTORY_COLUMNS = [
  'downloaded',
  'file',
  'content',
  'version published',
  'now',
  'updated since',
] as const;

/** What each state of an item reads as, on the screen and in the export. */
export const LIBRARY_STATE_LABELS: Readonly<Record<LibraryItemState, string>> = {
  available: 'Available',
  archived: 'Archived',
  unavailable: 'No longer available',
  removed: 'Removed',
};

/**
 * The download history as CSV (issue 26 item 1): one line per download, newest first,
 * with the time (ISO 8601 UTC), the file's name, the content item's name, the publish
 * date of the version downloaded (empty when unknown), what became of the item and
 * whether it was published again since (`yes`/`no`). Cells are neutralised (`lib/csv`).
 */
export function downloadHistoryCsv(entries: readonly DownloadHistoryEntry[]): string {
  return csvDocument(
    DOWNLOAD_HISTORY_COLUMNS,
    entries.map((entry) => [
      entry.timestamp,
      entry.fileName,
      entry.contentName,
      entry.publishedTimestamp ?? '',
      LIBRARY_STATE_LABELS[entry.state],
      entry.updatedSince ? 'yes' : 'no',
    ]),
  );
}

/** The export's file name, with the day it was made: `download-history-2026-11-28.csv`. */
export function downloadHistoryFileName(now: Date = new Date()): string {
  return `download-history-${now.toISOString().slice(0, 10)}.csv`;
}
