import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedSearch } from '#shared/contracts/saved-search';
import { apiPost } from '../../../lib/api-client.ts';
import { SAVED_SEARCHES_KEY } from './list-saved-searches.ts';
import { savedSearchesApiUrl } from './paths.ts';

/**
 * Marks the new items of a saved search as seen (`POST /api/v1/saved-searches/{id}/seen`):
 * none is new any more. Throws `ApiError` 404 when it is gone.
 */
export function markSavedSearchSeen({ id }: { id: string }) {
  return apiPost(savedSearchesApiUrl('markSavedSearchSeen', { id }), undefined, SavedSearch);
}

/** Mark seen as a mutation; the screen shows 404 itself. The list goes stale. */
export function useMarkSavedSearchSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSavedSearchSeen,
    meta: { handledStatuses: [404] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
