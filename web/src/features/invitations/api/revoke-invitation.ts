import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Invitation } from '#shared/contracts/administration';
import { apiDelete } from '../../../lib/api-client.ts';
import { invitationsApiUrl } from './paths.ts';

/**
 * Withdraws a pending invitation (`DELETE /api/v1/invitations/{id}`): its link stops
 * working. Answers the withdrawn invitation. Throws `ApiError`: 404 unknown, 409 when
 * it was accepted or withdrawn meanwhile.
 */
export function revokeInvitation({ id }: { id: string }) {
  return apiDelete(invitationsApiUrl('revokeInvitation', { id }), Invitation);
}

/** The withdrawal as a mutation; the confirmation shows 403, 404 and 409 itself. The lists go stale. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    meta: { handledStatuses: [403, 404, 409] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invitations', 'list'] }),
  });
}
