import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MergeBusinessUnitRequest, MergedBusinessUnit } from '#shared/contracts/administration';
import { apiPost } from '../../../lib/api-client.ts';
import { businessUnitsQueryKey } from './list-business-units.ts';
import { businessUnitsApiUrl } from './paths.ts';

/**
 * Merges the duplicate `{id}` into `intoId` (`POST /api/v1/business-units/{id}/merge`,
 * with both versions as read): its users move, its download history stays attributed
 * to the unit kept. Answers `usersMoved` and `complete` (false: repeat to finish).
 * Throws `ApiError`: 400, 404, 409 when either unit changed meanwhile.
 */
export function mergeBusinessUnit({ id, body }: { id: string; body: MergeBusinessUnitRequest }) {
  return apiPost(businessUnitsApiUrl('mergeBusinessUnit', { id }), body, MergedBusinessUnit);
}

/** The merge as a mutation; 400, 404 and 409 are the dialog's to show. Lists and user rows are refreshed. */
export function useMergeBusinessUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeBusinessUnit,
    meta: { handledStatuses: [400, 404, 409] },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: businessUnitsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
