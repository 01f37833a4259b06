import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MoveUserOrganizationRequest, UserDetail } from '#shared/contracts/administration';
import { apiPut } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';
import { usersQueryKey } from './get-users.ts';
import { usersApiUrl } from './paths.ts';

/**
 * Moves a user to another team (`PUT /api/v1/users/{id}/organization`, spec §6 "move
 * team"): leaves `fromOrganizationId` (null: joins only) and joins `toOrganizationId`
 * with `roles`. Answers the saved `UserDetail`. Throws `ApiError`: 400, 404, 409.
 */
export function moveUserOrganization({ id, body }: { id: string; body: MoveUserOrganizationRequest }) {
  return apiPut(usersApiUrl('moveUserOrganization', { id }), body, UserDetail);
}

/** The team move as a mutation; 400, 404 and 409 are the dialog's to show. */
export function useMoveUserOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveUserOrganization,
    meta: { handledStatuses: [400, 404, 409] },
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...usersQueryKey, 'list'] });
    },
  });
}
