import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedSearch } from '#shared/contracts/saved-search';
import { apiDelete } from '../../../lib/api-client.ts';
import { SAVED_SEARCHES_KEY } from './list-saved-searches.ts';
import { savedSearchesApiUrl } from './paths.ts';

/** Deletes a saved search (`DELETE /api/v1/saved-searches/{id}`). Throws `ApiError` 404 when it is gone. */
export function deleteSavedSearch({ id }: { id: string }) {
  return apiDelete(savedSearchesApiUrl('deleteSavedSearch', { id }), SavedSearch);
}

/** The delete as a mutation; the confirmation shows 404 itself. The list goes stale. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    meta: { handledStatuses: [404] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
