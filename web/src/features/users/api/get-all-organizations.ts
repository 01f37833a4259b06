import { queryOptions, useQuery } from '@tanstack/react-query';
import { AllOrganizationsPage, type Organization } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { usersApiUrl } from './paths.ts';

/**
 * Every exercise-area organization (team) in name order (`GET /api/v1/organizations/all`,
 * spec §7 "Organizations: get all"), every page fetched until no token remains.
 * Throws `ApiError`.
 */
export async function getAllOrganizations({ signal }: { signal?: AbortSignal } = {}): Promise<Organization[]> {
  const items: Organization[] = [];
  let pageToken: string | null = null;
  do {
    const page: AllOrganizationsPage = await apiGet(
      usersApiUrl('listAllOrganizations', {}, { limit: 1000, pageToken }),
      AllOrganizationsPage,
      { signal },
    );
    items.push(...page.items);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return items;
}

export function getAllOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: ['organizations', 'all'],
    queryFn: ({ signal }) => getAllOrganizations({ signal }),
  });
}

/** Every team, for the team move. */
export function useAllOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAllOrganizationsQueryOptions(), enabled });
}
