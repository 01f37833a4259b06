import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COLLECTIONS_QUERY_KEY, listCuratedCollections } from './collections.ts';

/** Curated collections a page of the public collections page asks for. */
export const CURATED_PAGE_SIZE = 24;

/**
 * The curated collections, newest first, {@link CURATED_PAGE_SIZE} at a time
 * (`GET /api/v1/collections`; issue 26 item 2; decision record 076), keyed under
 * {@link COLLECTIONS_QUERY_KEY} so a change to a collection refreshes them.
 */
export function curatedCollectionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...COLLECTIONS_QUERY_KEY, 'curated', { limit: CURATED_PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) =>
      listCuratedCollections({ pageToken: pageParam, limit: CURATED_PAGE_SIZE }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The curated collections as an infinite query (`fetchNextPage` for "Load more"). Errors are `ApiError`s. */
export function useCuratedCollections() {
  return useInfiniteQuery(curatedCollectionsQueryOptions());
}
