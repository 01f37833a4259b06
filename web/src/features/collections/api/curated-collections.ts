import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CollectionPage } from '#shared/contracts/collection';
import { apiGet } from '../../../lib/api-client.ts';
import { collectionsApiUrl } from './paths.ts';

/** Curated collections a page of the public collections page asks for. */
export const CURATED_PAGE_SIZE = 24;

/**
 * The curated collections, newest first, {@link CURATED_PAGE_SIZE} at a time
 * (`GET /api/v1/collections`; issue 26 item 2; decision record 076), keyed under
 * `collections` (the collections feature's `COLLECTIONS_QUERY_KEY`) so a change to a
 * collection refreshes them. It asks the API itself rather than through
 * `collections.ts`, which would then become a chunk of its own named in the first
 * render's preload map.
 */
export function curatedCollectionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['collections', 'curated', { limit: CURATED_PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        collectionsApiUrl('listCuratedCollections', {}, { limit: CURATED_PAGE_SIZE, pageToken: pageParam }),
        CollectionPage,
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The curated collections as an infinite query (`fetchNextPage` for "Load more"). Errors are `ApiError`s. */
export function useCuratedCollections() {
  return useInfiniteQuery(curatedCollectionsQueryOptions());
}
