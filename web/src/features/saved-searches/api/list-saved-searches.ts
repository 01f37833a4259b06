import { queryOptions, useQuery } from '@tanstack/react-query';
import { SavedSearchList } from '#shared/contracts/saved-search';
import { apiGet } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';
import { savedSearchesApiUrl } from './paths.ts';

/** The query key of the caller's saved searches; every saved-search mutation invalidates it. */
export const SAVED_SEARCHES_KEY = ['saved-searches', 'list'] as const;

/**
 * The caller's saved searches, newest first, each with its count of new items
 * (`GET /api/v1/saved-searches`; issue 24 item 8, decision record 061). Throws `ApiError`
 * (401 without a session).
 */
export function listSavedSearches({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(savedSearchesApiUrl('listSavedSearches'), SavedSearchList, { signal });
}

/** Query options of {@link listSavedSearches}, owning {@link SAVED_SEARCHES_KEY}. */
export function listSavedSearchesQueryOptions() {
  return queryOptions({ queryKey: SAVED_SEARCHES_KEY, queryFn: ({ signal }) => listSavedSearches({ signal }) });
}

export function useSavedSearches({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof listSavedSearchesQueryOptions>;
} = {}) {
  return useQuery({ ...listSavedSearchesQueryOptions(), ...queryConfig });
}
