import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Contributor, ContributorPage } from '#shared/contracts/contributor';
import { PAGE } from '#shared/limits';
import { apiGet } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';
import { contributorsApiUrl } from './paths.ts';

/** More pages than this means the server keeps handing out tokens; stop rather than loop. */
const MAX_PAGES = 20;
/** Contributors change rarely; a picker may use a list a few minutes old. */
const CONTRIBUTORS_STALE_MS = 5 * 60 * 1000;

/**
 * Every contributor, by last name, fetched 1000 per page (the picker's size, spec §9)
 * and looped until no `nextPageToken` is left (`GET /api/v1/contributors`, spec §7
 * "Contributors"). Throws `ApiError` as `apiGet` does.
 */
export async function getContributors({ signal }: { signal?: AbortSignal } = {}): Promise<Contributor[]> {
  const contributors: Contributor[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await apiGet(
      contributorsApiUrl('listContributors', {}, { limit: PAGE.contributorsPicker, pageToken }),
      ContributorPage,
      { signal },
    );
    contributors.push(...result.contributors);
    if (!result.nextPageToken || result.nextPageToken === pageToken) break;
    pageToken = result.nextPageToken;
  }
  return contributors;
}

/** Query options of the contributor list of pickers. */
export function getContributorsQueryOptions() {
  return queryOptions({
    queryKey: ['contributors', 'all'],
    queryFn: ({ signal }) => getContributors({ signal }),
    staleTime: CONTRIBUTORS_STALE_MS,
  });
}

/** Every contributor, for pickers. */
export function useContributors({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getContributorsQueryOptions>;
} = {}) {
  return useQuery({ ...getContributorsQueryOptions(), ...queryConfig });
}
