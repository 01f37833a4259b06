import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANY_SCOPE, API_CLAIMS, CLAIM_TYPES, can, type Principal } from '#shared/capabilities';
import { AllOrganizationsPage } from '#shared/contracts/administration';
import { OrganizationList } from '#shared/contracts/identity';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

/** An organization to pick. */
export interface OrganizationChoice {
  readonly id: string;
  readonly name: string;
}

/** More pages than this means the server keeps handing out tokens; stop rather than loop. */
const MAX_PAGES = 20;

/**
 * The organizations the caller's `post_v1_invitations` claims cover (decision record
 * 030): `all` when one is unscoped or scoped `any`, else the named organization ids;
 * an empty list without the claim.
 */
export function invitationScopes(principal: Principal | null): 'all' | string[] {
  const ids = new Set<string>();
  for (const claim of principal?.claims ?? []) {
    if (claim.type !== CLAIM_TYPES.api) continue;
    if (claim.value !== API_CLAIMS.inviteUsers && claim.value !== ANY_SCOPE) continue;
    if (!claim.scopes || claim.scopes.length === 0 || claim.scopes.includes(ANY_SCOPE)) return 'all';
    for (const scope of claim.scopes) ids.add(scope);
  }
  return [...ids];
}

async function allOrganizations(signal?: AbortSignal): Promise<OrganizationChoice[]> {
  const organizations: OrganizationChoice[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await apiGet(apiUrl('listAllOrganizations', {}, { limit: 1000, pageToken }), AllOrganizationsPage, {
      signal,
    });
    organizations.push(...result.items.map(({ id, name }) => ({ id, name })));
    if (!result.nextPageToken || result.nextPageToken === pageToken) break;
    pageToken = result.nextPageToken;
  }
  return organizations;
}

/**
 * The organizations the caller may invite to, by name: an administrator (who may
 * list users) picks among every organization (`GET /api/v1/organizations/all`),
 * anyone else among their own (`GET /api/v1/organizations`); either list narrowed to
 * the claim's scopes. Throws `ApiError` as `apiGet` does.
 */
export async function getInvitableOrganizations(
  principal: Principal | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OrganizationChoice[]> {
  const scopes = invitationScopes(principal);
  if (scopes !== 'all' && scopes.length === 0) return [];
  const organizations = can(principal, 'listUsers')
    ? await allOrganizations(signal)
    : (await apiGet(apiUrl('listOrganizations'), OrganizationList, { signal })).items.map(({ id, name }) => ({
        id,
        name,
      }));
  const covered = scopes === 'all' ? organizations : organizations.filter(({ id }) => scopes.includes(id));
  return covered.sort((a, b) => a.name.localeCompare(b.name));
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
