import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AddCollectionEntryRequest,
  COLLECTION_LIMITS,
  Collection,
  CollectionCoverage,
  CollectionPage,
  type CreateCollectionRequest,
  DeletedCollection,
  type UpdateCollectionRequest,
} from '#shared/contracts/collection';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import { collectionsApiUrl } from './paths.ts';

/** Every query of the collections screens starts with this key; a change to a collection invalidates it all. */
export const COLLECTIONS_QUERY_KEY = ['collections'] as const;

/**
 * One collection with its entries in order (`GET /api/v1/collections/{id}`; issue 26
 * item 2). Throws `ApiError` (404 for a collection the reader may not open).
 */
export function getCollection(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(collectionsApiUrl('getCollection', { id }), Collection, { signal });
}

/** The collection of the page as a query (keyed by id under {@link COLLECTIONS_QUERY_KEY}). */
export function useCollection(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...COLLECTIONS_QUERY_KEY, 'one', id],
      queryFn: ({ signal }) => getCollection(id, { signal }),
    }),
  );
}

/**
 * The NICE/CAE knowledge the collection's available items cover together
 * (`GET /api/v1/collections/{id}/coverage`), asked for only while `enabled`. Throws `ApiError`.
 */
export function useCollectionCoverage(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...COLLECTIONS_QUERY_KEY, 'coverage', id],
    queryFn: ({ signal }) => apiGet(collectionsApiUrl('getCollectionCoverage', { id }), CollectionCoverage, { signal }),
    enabled,
  });
}

/** A page of the caller's own collections (`GET /api/v1/collections/mine`). Throws `ApiError`. */
export function listMyCollections(
  { pageToken, limit = COLLECTION_LIMITS.pageSizeDefault }: { pageToken?: string | null; limit?: number } = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(collectionsApiUrl('listMyCollections', {}, { limit, pageToken }), CollectionPage, { signal });
}

/**
 * Makes a collection (`POST /api/v1/collections`; issue 26 item 2), empty unless
 * `entries` are given. Throws `ApiError`: 400 with field messages, 403 for `curated` by
 * a non-editor, 409 when the caller owns 100 already.
 */
export function createCollection(body: CreateCollectionRequest) {
  return apiPost(collectionsApiUrl('createCollection'), body, Collection);
}

/**
 * Replaces a collection as its owner now wants it (`PUT /api/v1/collections/{id}`: name,
 * description, visibility, entries in order, at the `version` read). Throws `ApiError`:
 * 400 with field messages, 404, 409 when it changed since (nothing saved).
 */
export function updateCollection(id: string, body: UpdateCollectionRequest) {
  return apiPut(collectionsApiUrl('updateCollection', { id }), body, Collection);
}

/**
 * Adds one item at the end of a collection (`POST /api/v1/collections/{id}/entries`;
 * an item already there stays where it is). Throws `ApiError`: 404, 409 when full.
 */
export function addCollectionEntry(id: string, body: AddCollectionEntryRequest) {
  return apiPost(collectionsApiUrl('addCollectionEntry', { id }), body, Collection);
}

/** Deletes a collection (`DELETE /api/v1/collections/{id}`). Throws `ApiError` (404). */
export function deleteCollection(id: string) {
  return apiDelete(collectionsApiUrl('deleteCollection', { id }), DeletedCollection);
}

/** The query key of the first page of the caller's collections (the "Add to collection" menu reads it). */
export const MY_COLLECTIONS_KEY = [...COLLECTIONS_QUERY_KEY, 'mine'] as const;

/**
 * The caller's collections, most recently changed first, a page at a time ("Load more"),
 * only while `enabled` (signed in). Throws `ApiError`.
 */
export function useMyCollections({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: MY_COLLECTIONS_KEY,
      queryFn: ({ pageParam, signal }) =>
        listMyCollections({ pageToken: pageParam, limit: COLLECTION_LIMITS.pageSizeMax }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextPageToken ?? undefined,
      enabled,
    }),
  );
}

/**
 * A write to one collection as a mutation: on success the collection's page shows the
 * answer at once and every collections list goes stale. `handledStatuses` keeps the
 * statuses the caller answers itself (a form's 400, a 409's reload offer) out of the
 * app's error dialog.
 */
export function useCollectionWrite<V>(
  write: (variables: V) => Promise<Collection>,
  { handledStatuses = [] }: { handledStatuses?: readonly number[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { handledStatuses },
    onSuccess: (collection) => {
      queryClient.setQueryData([...COLLECTIONS_QUERY_KEY, 'one', collection.id], collection);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY, refetchType: 'active' }),
  });
}
