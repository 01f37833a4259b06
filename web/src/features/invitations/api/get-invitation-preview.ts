import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvitationPreview } from '#shared/contracts/administration';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { invitationsApiUrl } from './paths.ts';

/**
 * What an invitation link invites to, before signing in (`GET
 * /api/v1/invitations/preview?token=`, public): organization, role, who invites,
 * until when, and its status. A forged or malformed link (404, 400) answers null:
 * the page says it is not valid, no ERROR dialog. Other failures throw `ApiError`.
 */
export async function getInvitationPreview(
  { token }: { token: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<InvitationPreview | null> {
  try {
    return await apiGet(invitationsApiUrl('getInvitationPreview', {}, { token }), InvitationPreview, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400)) return null;
    throw error;
  }
}

/** Query options of a link's preview; never cached long (its status changes when it is used). */
export function getInvitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', 'preview', token],
    queryFn: ({ signal }) => getInvitationPreview({ token }, { signal }),
    staleTime: 0,
  });
}

/** The preview of the link's token. */
export function useInvitationPreview(token: string) {
  return useQuery(getInvitationPreviewQueryOptions(token));
}
