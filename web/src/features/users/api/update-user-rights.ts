import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserRightsRequest, UserDetail } from '#shared/contracts/administration';
import { apiPut } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';
import { usersQueryKey } from './get-users.ts';
import { usersApiUrl } from './paths.ts';

/**
 * Replaces a user's claims (roles are `role` claims), product subscriptions and
 * ranges (`PUT /api/v1/users/{id}/rights`, with the version read). Answers the saved
 * `UserDetail`. Throws `ApiError`: 400 with field messages (`body.claims.0.value`…),
 * 404, 409 when the user changed meanwhile.
 */
export function updateUserRights({ id, body }: { id: string; body: UpdateUserRightsRequest }) {
  return apiPut(usersApiUrl('updateUserRights', { id }), body, UserDetail);
}

/** The PUT as a mutation; a 400 or 409 is the dialog's to show. The users list and the detail are refreshed. */
export function useUpdateUserRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRights,
    meta: { handledStatuses: [400, 409] },
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...usersQueryKey, 'list'] });
    },
  });
}
