import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Invitation } from '#shared/contracts/administration';
import { apiPost } from '../../../lib/api-client.ts';
import { invitationsApiUrl } from './paths.ts';

/**
 * Re-invites (`POST /api/v1/invitations/{id}/resend`, spec §6 "re-invite"): a new
 * link with a new expiry is e-mailed; the old link stops working. Throws `ApiError`:
 * 404 unknown, 409 when the invitation was accepted or withdrawn meanwhile.
 */
export function resendInvitation({ id }: { id: string }) {
  return apiPost(invitationsApiUrl('resendInvitation', { id }), {}, Invitation);
}

/** The re-invite as a mutation; the confirmation shows 403, 404 and 409 itself. The lists go stale. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    meta: { handledStatuses: [403, 404, 409] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invitations', 'list'] }),
  });
}
