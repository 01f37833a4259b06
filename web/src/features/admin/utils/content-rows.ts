import type { ContentSummary } from '#shared/contracts/content';
import { CONTENT_CATEGORY_LABELS, CONTENT_STATUS_LABELS, type ContentStatus } from '#shared/enums';
import { mainCategory } from '../../../lib/categories.ts';
import { contentPath } from '../../../lib/content-path.ts';

/**
 * The date part of an ISO date-time, `YYYY-MM-DD` as stored (UTC), so that the
 * same item shows the same date in every time zone (spec §2.7 "Dates show the date
 * part only").
 */
export function datePart(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** A row of the Courseware Info table: the summary plus the texts shown and sorted on. */
export interface ContentRow {
  readonly item: ContentSummary;
  readonly status: ContentStatus;
  readonly statusLabel: string;
  readonly category: string;
  readonly title: string;
  readonly author: string;
  readonly created: string;
  readonly modified: string;
  readonly path: string;
}

/** A summary as a table row; an item without status counts as unpublished (spec §4 "Unpublished or empty"). */
export function toContentRow(item: ContentSummary): ContentRow {
  const status = item.status ?? 'unpublished';
  const category = mainCategory(item.categories);
  return {
    item,
    status,
    statusLabel: CONTENT_STATUS_LABELS[status],
    category: category ? CONTENT_CATEGORY_LABELS[category] : '',
    title: item.name,
    author: item.author ?? '',
    created: item.createdTimestamp,
    modified: item.modifiedTimestamp,
    path: contentPath(item),
  };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Two texts of the table in ascending order: compared with the reader's locale, case
 * and accents ignored, numbers by value ("Lab 2" before "Lab 10").
 */
export function compareText(left: string, right: string): number {
  return collator.compare(left, right);
}

/** Two ISO date-times in ascending order, as stored (UTC). */
export function compareTimestamps(left: string, right: string): number {
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Rows whose title or author contains `text` (case and accents ignored). */
export function filterRows(rows: readonly ContentRow[], text: string): readonly ContentRow[] {
  const needle = fold(text.trim());
  if (!needle) return rows;
  return rows.filter((row) => fold(row.title).includes(needle) || fold(row.author).includes(needle));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
