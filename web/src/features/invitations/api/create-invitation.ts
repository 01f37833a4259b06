import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateInvitationRequest, Invitation } from '#shared/contracts/administration';
import { apiPost } from '../../../lib/api-client.ts';
import { invitationsApiUrl } from './paths.ts';

/**
 * Invites someone by e-mail (`POST /api/v1/invitations`, spec §1, §6 "user invite"):
 * the server stores the invitation and e-mails its link. Throws `ApiError`: 400 with
 * field errors, 403 for an organization the claim does not cover, 404 for an unknown
 * organization, 409 when that address is already invited or a member.
 */
export function createInvitation(request: CreateInvitationRequest) {
  return apiPost(invitationsApiUrl('createInvitation'), request, Invitation);
}

/** The invite as a mutation; the dialog shows 400, 403, 404 and 409 itself. The lists go stale. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    meta: { handledStatuses: [400, 403, 404, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invitations', 'list'] }),
  });
}
