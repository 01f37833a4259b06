import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusinessUnit, type UpdateBusinessUnitRequest } from '#shared/contracts/administration';
import { apiPut } from '../../../lib/api-client.ts';
import { businessUnitsQueryKey } from './list-business-units.ts';
import { businessUnitsApiUrl } from './paths.ts';

/**
 * Replaces a business unit (`PUT /api/v1/business-units/{id}`, with the version read).
 * Answers the saved unit. Throws `ApiError`: 400 with field messages, 404, 409 when it
 * changed meanwhile.
 */
export function updateBusinessUnit({ id, body }: { id: string; body: UpdateBusinessUnitRequest }) {
  return apiPut(businessUnitsApiUrl('updateBusinessUnit', { id }), body, BusinessUnit);
}

/** The PUT as a mutation; 400, 404 and 409 are the dialog's to show. */
export function useUpdateBusinessUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessUnit,
    meta: { handledStatuses: [400, 404, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessUnitsQueryKey }),
  });
}
