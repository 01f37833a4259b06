import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MoveUserBusinessUnitRequest, UserDetail } from '#shared/contracts/administration';
import { apiPut } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';
import { usersQueryKey } from './get-users.ts';
import { usersApiUrl } from './paths.ts';

/**
 * Moves a user to another business unit, or none (`PUT /api/v1/users/{id}/business-unit`,
 * with the version read). Answers the saved `UserDetail`. Throws `ApiError`: 400, 404
 * (no such user or unit), 409 when the user changed meanwhile.
 */
export function moveUserBusinessUnit({ id, body }: { id: string; body: MoveUserBusinessUnitRequest }) {
  return apiPut(usersApiUrl('moveUserBusinessUnit', { id }), body, UserDetail);
}

/** The move as a mutation; 400, 404 and 409 are the dialog's to show. */
export function useMoveUserBusinessUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveUserBusinessUnit,
    meta: { handledStatuses: [400, 404, 409] },
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...usersQueryKey, 'list'] });
    },
  });
}
