import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { InvitationPage, type InvitationStatus } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { invitationsApiUrl } from './paths.ts';

const INVITATIONS_PER_PAGE = 50;

/** The list's filters: one organization and one status, or all. */
export interface InvitationFilters {
  readonly organizationId: string | null;
  readonly status: InvitationStatus | null;
}

/**
 * One page of invitations, newest first, of the organizations the caller's
 * `post_v1_invitations` claim covers (`GET /api/v1/invitations`, issue 11; decision
 * record 030). Throws `ApiError` as `apiGet` does (403 without the claim).
 */
export function listInvitations(
  { organizationId, status, pageToken }: InvitationFilters & { pageToken: string | null },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    invitationsApiUrl('listInvitations', {}, { organizationId, status, pageToken, limit: INVITATIONS_PER_PAGE }),
    InvitationPage,
    { signal },
  );
}

/** Query options of the invitation list; every key starts with `['invitations', 'list']`. */
export function getInvitationsQueryOptions(filters: InvitationFilters) {
  return infiniteQueryOptions({
    queryKey: ['invitations', 'list', filters.organizationId, filters.status],
    queryFn: ({ pageParam, signal }) => listInvitations({ ...filters, pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The invitations, a page at a time (`fetchNextPage` for more). */
export function useInvitations(filters: InvitationFilters) {
  return useInfiniteQuery(getInvitationsQueryOptions(filters));
}
