import type { ContentCategory } from '#shared/enums';

/**
 * Pure rules of subtree writes (issue 21 item 12; decision record 034): how planned
 * steps are cut into transactions, and how descendants are counted by category.
 */

/** DynamoDB's limit of elements in one TransactWriteItems. */
export const TRANSACTION_MAX_ELEMENTS = 100;
/** Elements of one batch left for the catalog revision bump every batch carries. */
const RESERVED_ELEMENTS = 1;
/**
 * Bytes of steps per transaction: DynamoDB's limit is 4 MB of items; the estimate
 * (JSON of the request element) is rough, so a quarter is kept in reserve.
 */
export const TRANSACTION_MAX_BYTES = 3_000_000;

/** A write step, the step that undoes it (null when none is needed) and their sizes in bytes. */
export interface PlannedStep<T> {
  readonly step: T;
  readonly undo: T | null;
  readonly size: number;
  readonly undoSize: number;
}

/**
 * Cuts `steps` into consecutive batches, in order, of at most 99 elements (one left
 * for the catalog revision bump) and at most {@link TRANSACTION_MAX_BYTES} of `size`
 * each; a single step larger than the budget gets a batch of its own. No batch is empty;
 * no steps → no batches.
 */
export function chunkSteps<S extends { readonly size: number }>(steps: readonly S[]): S[][] {
  const batches: S[][] = [];
  let current: S[] = [];
  let bytes = 0;
  for (const step of steps) {
    const full = current.length >= TRANSACTION_MAX_ELEMENTS - RESERVED_ELEMENTS;
    if (current.length > 0 && (full || bytes + step.size > TRANSACTION_MAX_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(step);
    bytes += step.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Counts items by their first category, largest count first (ties in order of first
 * appearance); items without a category count under null.
 */
export function countByCategory(
  items: readonly { readonly categories: readonly ContentCategory[] }[],
): { category: ContentCategory | null; count: number }[] {
  const counts = new Map<ContentCategory | null, number>();
  for (const item of items) {
    const category = item.categories[0] ?? null;
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return [...counts.entries()].map(([category, count]) => ({ category, count })).sort((a, b) => b.count - a.count);
}
