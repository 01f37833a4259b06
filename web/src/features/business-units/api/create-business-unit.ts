import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusinessUnit, type BusinessUnitInput } from '#shared/contracts/administration';
import { apiPost } from '../../../lib/api-client.ts';
import { businessUnitsQueryKey } from './list-business-units.ts';
import { businessUnitsApiUrl } from './paths.ts';

/**
 * Adds a business unit (`POST /api/v1/business-units`). Answers the new unit.
 * Throws `ApiError`: 400 with field messages (`body.name`…), 409 (a unit of that name exists).
 */
export function createBusinessUnit(body: BusinessUnitInput) {
  return apiPost(businessUnitsApiUrl('createBusinessUnit'), body, BusinessUnit);
}

/** The POST as a mutation; 400 and 409 are the dialog's to show. */
export function useCreateBusinessUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusinessUnit,
    meta: { handledStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessUnitsQueryKey }),
  });
}
