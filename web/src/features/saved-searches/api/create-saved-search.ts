import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateSavedSearchRequestInput, SavedSearch } from '#shared/contracts/saved-search';
import { apiPost } from '../../../lib/api-client.ts';
import { SAVED_SEARCHES_KEY } from './list-saved-searches.ts';
import { savedSearchesApiUrl } from './paths.ts';

/**
 * Saves a search under a name (`POST /api/v1/saved-searches`). Answers the saved search.
 * Throws `ApiError`: 400 with field messages, 409 beyond 20 saved searches.
 */
export function createSavedSearch(body: CreateSavedSearchRequestInput) {
  return apiPost(savedSearchesApiUrl('createSavedSearch'), body, SavedSearch);
}

/** The save as a mutation; the dialog shows 400 and 409 itself. The list goes stale. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    meta: { handledStatuses: [400, 409] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
