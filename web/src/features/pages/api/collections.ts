import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { COLLECTION_LIMITS, Collection, CollectionPage } from '#shared/contracts/collection';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { pagesApiUrl } from './paths.ts';

/**
 * The collections the page builder's collections widget reads (issue 26 item 2;
 * decision record 076), called through the API client directly: the pages feature
 * does not import the collections feature. Keys start with `collections`, as the
 * collections feature's do, so a change to a collection refreshes these too.
 */

/**
 * The curated collections for the widget's picker, newest first, the most a page
 * may ask for at a time (`GET /api/v1/collections`). Throws `ApiError`.
 */
export function useCuratedCollectionChoices() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['collections', 'curated-choices'],
      queryFn: ({ pageParam, signal }) =>
        apiGet(
          pagesApiUrl('listCuratedCollections', {}, { limit: COLLECTION_LIMITS.pageSizeMax, pageToken: pageParam }),
          CollectionPage,
          { signal },
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextPageToken,
    }),
  );
}

/**
 * A collection a widget names (`GET /api/v1/collections/{id}`), or null when it is
 * gone or no longer shared (404: answered here, so no ERROR dialog opens for a
 * visitor; the widget skips it). Other failures throw `ApiError`.
 */
export async function getWidgetCollection(id: string, { signal }: { signal?: AbortSignal } = {}) {
  try {
    return await apiGet(pagesApiUrl('getCollection', { id }), Collection, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/** What a widget shows for one collection it names: the collection, `null` when gone or no longer shared, or `failed`. */
export type WidgetCollection = { id: string; collection: Collection | null; failed: boolean };

/**
 * The collections a widget names, in the order given, read together (one
 * {@link getWidgetCollection} each, in parallel; keyed `['collections', 'widget', ids]`:
 * not the collection page's key, whose data is never null). A collection that could not
 * be read is `failed` rather than failing the others. One query, not `useQueries`, which
 * would put more of TanStack Query into the first render's chunk.
 */
export function useWidgetCollections(ids: readonly string[]) {
  return useQuery({
    queryKey: ['collections', 'widget', ids],
    queryFn: ({ signal }) =>
      Promise.all(
        ids.map(async (id): Promise<WidgetCollection> => {
          try {
            return { id, collection: await getWidgetCollection(id, { signal }), failed: false };
          } catch {
            return { id, collection: null, failed: true };
          }
        }),
      ),
  });
}
