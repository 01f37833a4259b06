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

/** The columns of spec §2.7, in order. */
export const CONTENT_COLUMNS = [
  { key: 'status', label: 'Status' },
  { key: 'category', label: 'Category' },
  { key: 'title', label: 'Content Title' },
  { key: 'author', label: 'Author' },
  { key: 'created', label: 'Creation Date' },
  { key: 'modified', label: 'Last Modified' },
] as const;
export type ContentColumn = (typeof CONTENT_COLUMNS)[number]['key'];
export type SortDirection = 'ascending' | 'descending';
export interface ContentSort {
  readonly column: ContentColumn;
  readonly direction: SortDirection;
}

/** The first order of the table (a decision: the most recently changed first). */
export const DEFAULT_SORT: ContentSort = { column: 'modified', direction: 'descending' };

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

function sortText(row: ContentRow, column: ContentColumn): string {
  return column === 'status' ? row.statusLabel : row[column];
}

/**
 * The rows in `sort` order: text compared with the reader's locale (case and
 * accents ignored, numbers by value), dates as ISO strings. Empty values (no
 * author, no category) go last in both directions; ties keep their incoming order.
 */
export function sortRows(rows: readonly ContentRow[], sort: ContentSort): ContentRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const isDate = sort.column === 'created' || sort.column === 'modified';
  return [...rows].sort((a, b) => {
    const left = sortText(a, sort.column);
    const right = sortText(b, sort.column);
    if (!left || !right) return left === right ? 0 : left ? -1 : 1;
    if (isDate) return left === right ? 0 : (left < right ? -1 : 1) * sign;
    return collator.compare(left, right) * sign;
  });
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
