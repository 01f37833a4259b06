import { can, claimCoverage, type Principal } from '#shared/capabilities';
import { AllOrganizationsPage } from '#shared/contracts/administration';
import { OrganizationList } from '#shared/contracts/identity';
import { apiGet, apiUrlFor } from './api-client.ts';
import type { ApiPathTable } from './api-paths.ts';

/**
 * The operations of this module with their paths below `/api/v1` (decision record 040),
 * loaded with the screens that pick an organization, not with the first render.
 */
export const COVERED_ORGANIZATIONS_API_PATHS = {
  listOrganizations: '/organizations',
  listAllOrganizations: '/organizations/all',
} as const satisfies ApiPathTable;

const organizationsApiUrl = apiUrlFor(COVERED_ORGANIZATIONS_API_PATHS);

/** An organization (team) to pick. */
export interface OrganizationChoice {
  readonly id: string;
  readonly name: string;
}

/** More pages than this means the server keeps handing out tokens; stop rather than loop. */
const MAX_PAGES = 20;

async function allOrganizations(signal?: AbortSignal): Promise<OrganizationChoice[]> {
  const organizations: OrganizationChoice[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await apiGet(
      organizationsApiUrl('listAllOrganizations', {}, { limit: 1000, pageToken }),
      AllOrganizationsPage,
      {
        signal,
      },
    );
    organizations.push(...result.items.map(({ id, name }) => ({ id, name })));
    if (!result.nextPageToken || result.nextPageToken === pageToken) break;
    pageToken = result.nextPageToken;
  }
  return organizations;
}

/**
 * The organizations (teams) a scoped api claim `operation` of the caller covers, by
 * name (decision record 030; `claimCoverage` of `#shared/capabilities`): an
 * administrator (who may list users) picks among every organization
 * (`GET /api/v1/organizations/all`, paged), anyone else among their own
 * (`GET /api/v1/organizations`); either list narrowed to the claim's scopes; empty
 * without the claim. The server checks the choice again. Throws `ApiError` as
 * `apiGet` does.
 */
export async function getCoveredOrganizations(
  principal: Principal | null,
  operation: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OrganizationChoice[]> {
  const coverage = principal ? claimCoverage(principal, operation) : [];
  if (coverage !== 'all' && coverage.length === 0) return [];
  const organizations = can(principal, 'listUsers')
    ? await allOrganizations(signal)
    : (await apiGet(organizationsApiUrl('listOrganizations'), OrganizationList, { signal })).items.map(
        ({ id, name }) => ({
          id,
          name,
        }),
      );
  const covered = coverage === 'all' ? organizations : organizations.filter(({ id }) => coverage.includes(id));
  return covered.sort((a, b) => a.name.localeCompare(b.name));
}
