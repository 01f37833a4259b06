import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedSearch, type UpdateSavedSearchRequest } from '#shared/contracts/saved-search';
import { apiPatch } from '../../../lib/api-client.ts';
import { SAVED_SEARCHES_KEY } from './list-saved-searches.ts';
import { savedSearchesApiUrl } from './paths.ts';

/**
 * Renames a saved search or turns its alerts on or off (`PATCH /api/v1/saved-searches/{id}`).
 * Throws `ApiError`: 400 with field messages, 404 when it is gone.
 */
export function updateSavedSearch({ id, ...body }: { id: string } & UpdateSavedSearchRequest) {
  return apiPatch(savedSearchesApiUrl('updateSavedSearch', { id }), body, SavedSearch);
}

/** The change as a mutation; the screen shows 400 and 404 itself. The list goes stale. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    meta: { handledStatuses: [400, 404] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
