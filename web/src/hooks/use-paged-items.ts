import { useMemo } from 'react';

/** The shape of an infinite query's `data`: the pages fetched so far, each with its items (spec §7 paged lists). */
export interface PagedData<T> {
  readonly pages: readonly { readonly items: readonly T[] }[];
}

const NONE: readonly never[] = [];

/**
 * Every item of the pages fetched so far, in order, as one array that keeps its
 * identity until a page arrives or changes (a table's rows must not be rebuilt on
 * every render; issue 23 item 5). An empty array while nothing has arrived.
 */
export function usePagedItems<T>(data: PagedData<T> | undefined): readonly T[] {
  return useMemo(() => data?.pages.flatMap((page) => page.items) ?? NONE, [data]);
}
