import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_CLAIMS, type Principal } from '#shared/capabilities';
import { getCoveredOrganizations } from '../../../lib/covered-organizations.ts';

export type { OrganizationChoice } from '../../../lib/covered-organizations.ts';

/** The organizations the caller may invite to (`getCoveredOrganizations` of its claim). */
export function getInvitableOrganizations(principal: Principal | null, options: { signal?: AbortSignal } = {}) {
  return getCoveredOrganizations(principal, API_CLAIMS.inviteUsers, options);
}

/** Query options of the organizations the signed-in user may invite to; the key holds the user. */
export function getInvitableOrganizationsQueryOptions(userId: string | null, principal: Principal | null) {
  return queryOptions({
    queryKey: ['invitations', 'organizations', userId],
    queryFn: ({ signal }) => getInvitableOrganizations(principal, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

/** The organizations the signed-in user may invite to. */
export function useInvitableOrganizations(userId: string | null, principal: Principal | null) {
  return useQuery({ ...getInvitableOrganizationsQueryOptions(userId, principal), enabled: userId !== null });
}
