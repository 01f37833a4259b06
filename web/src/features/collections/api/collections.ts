import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTION_LIMITS, Collection, CollectionCoverage, CollectionPage } from '#shared/contracts/collection';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

/** Every query of the collections screens starts with this key; a change to a collection invalidates it all. */
export const COLLECTIONS_QUERY_KEY = ['collections'] as const;

/**
 * One collection with its entries in order (`GET /api/v1/collections/{id}`; issue 26
 * item 2). Throws `ApiError` (404 for a collection the reader may not open).
 */
export function getCollection(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(apiUrl('getCollection', { id }), Collection, { signal });
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
    queryFn: ({ signal }) => apiGet(apiUrl('getCollectionCoverage', { id }), CollectionCoverage, { signal }),
    enabled,
  });
}

/**
 * A page of the curated collections (`GET /api/v1/collections`, newest first), `limit`
 * 1–100 (default 20). Throws `ApiError`.
 */
export function listCuratedCollections(
  { pageToken, limit = COLLECTION_LIMITS.pageSizeDefault }: { pageToken?: string | null; limit?: number } = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(apiUrl('listCuratedCollections', {}, { limit, pageToken }), CollectionPage, { signal });
}

/** A page of the caller's own collections (`GET /api/v1/collections/mine`). Throws `ApiError`. */
export function listMyCollections(
  { pageToken, limit = COLLECTION_LIMITS.pageSizeDefault }: { pageToken?: string | null; limit?: number } = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(apiUrl('listMyCollections', {}, { limit, pageToken }), CollectionPage, { signal });
}
