import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_CLAIMS, type Principal } from '#shared/capabilities';
import { getCoveredOrganizations } from '../../../lib/covered-organizations.ts';

export type { OrganizationChoice } from '../../../lib/covered-organizations.ts';

/** The organizations the caller may import into (`getCoveredOrganizations` of its claim). */
export function getImportOrganizations(principal: Principal | null, options: { signal?: AbortSignal } = {}) {
  return getCoveredOrganizations(principal, API_CLAIMS.importUsers, options);
}

/** Query options of the organizations the signed-in user may import into; the key holds the user. */
export function getImportOrganizationsQueryOptions(userId: string | null, principal: Principal | null) {
  return queryOptions({
    queryKey: ['user-imports', 'organizations', userId],
    queryFn: ({ signal }) => getImportOrganizations(principal, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

/** The organizations the signed-in user may import into. */
export function useImportOrganizations(userId: string | null, principal: Principal | null) {
  return useQuery({ ...getImportOrganizationsQueryOptions(userId, principal), enabled: userId !== null });
}
