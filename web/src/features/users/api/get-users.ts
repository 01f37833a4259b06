import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { UserPage } from '#shared/contracts/identity';
import { apiGet } from '../../../lib/api-client.ts';
import { usersApiUrl } from './paths.ts';

const USERS_PER_PAGE = 50;

/** The users query's key prefix; rights and moves invalidate through it. */
export const usersQueryKey = ['users'] as const;

/**
 * One page of users, for administrators (`GET /api/v1/users?q=&limit=&pageToken=`,
 * spec §6; decision records 012, 030): `q` (at least 2 characters) narrows by name or
 * e-mail. Throws `ApiError`.
 */
export function getUsers(
  { q, pageToken, limit = USERS_PER_PAGE }: { q?: string; pageToken?: string | null; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(usersApiUrl('listUsers', {}, { q: q || undefined, limit, pageToken }), UserPage, { signal });
}

export function getUsersQueryOptions({ q }: { q?: string } = {}) {
  return infiniteQueryOptions({
    queryKey: [...usersQueryKey, 'list', { q: q ?? '' }],
    queryFn: ({ pageParam, signal }) => getUsers({ q, pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The users (matching `q`), a page at a time (`fetchNextPage` for more); the previous list stays while a new search loads. */
export function useUsers({ q }: { q?: string } = {}) {
  return useInfiniteQuery({ ...getUsersQueryOptions({ q }), placeholderData: (previous) => previous });
}
