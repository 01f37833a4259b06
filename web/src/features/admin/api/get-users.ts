import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { UserPage } from '#shared/contracts/identity';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

const USERS_PER_PAGE = 100;

/** One page of users, for administrators (`GET /api/v1/users`, spec §6; decision record 012). */
export function getUsers(
  { pageToken, limit = USERS_PER_PAGE }: { pageToken?: string | null; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(apiUrl('listUsers', {}, { limit, pageToken }), UserPage, { signal });
}

export function getUsersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['users', 'list'],
    queryFn: ({ pageParam, signal }) => getUsers({ pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The users, a page at a time (`fetchNextPage` for more). */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getUsersQueryOptions(), enabled });
}
