import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Contributor } from '#shared/contracts/contributor';
import { SearchContentPage } from '#shared/contracts/search';
import { ApiError, apiGet, apiPost, apiUrl } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/** Courseware cards per page of a contributor's page (issue 24 item 6). */
export const CONTRIBUTOR_COURSEWARE_PAGE_SIZE = 12;

/**
 * One contributor's profile (`GET /api/v1/contributors/{id}`, issue 24 item 6;
 * decision record 057). An unknown id is a 404 "Contributor does not exist.".
 */
export function getContributor(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(coursewareApiUrl('getContributor', { id }), Contributor, { signal });
}

/**
 * Query options of {@link getContributor}: key `['contributors', 'profile', id]`; an
 * unknown contributor resolves `null` (the page says so), like the SPA's other lookups.
 */
export function getContributorQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['contributors', 'profile', id],
    queryFn: ({ signal }) =>
      getContributor(id, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }),
  });
}

export function useContributor(id: string) {
  return useQuery(getContributorQueryOptions(id));
}

/**
 * The courseware of one contributor the caller may find, as search pages
 * (`POST /api/v1/search/content` with `contributorIds: [id]`), 12 per page, each
 * next page by the previous one's token.
 */
export function getContributorCoursewareQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['content', 'by-contributor', id],
    queryFn: ({ pageParam, signal }) =>
      apiPost(
        apiUrl('searchContent'),
        {
          text: '',
          filter: {
            educationLevels: [],
            experienceLevels: [],
            contentCategories: [],
            ksaIds: [],
            kuIds: [],
            tksIds: [],
            contributorIds: [id],
            newOrUpdatedContent: false,
            tags: [],
            ...(pageParam ? { nextPageToken: pageParam } : {}),
          },
          limit: CONTRIBUTOR_COURSEWARE_PAGE_SIZE,
        },
        SearchContentPage,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextPageToken ?? undefined,
  });
}

export function useContributorCourseware(id: string) {
  return useInfiniteQuery(getContributorCoursewareQueryOptions(id));
}
