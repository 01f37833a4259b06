import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserDetail } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';
import { usersApiUrl } from './paths.ts';

/**
 * One user with roles, claims, subscriptions, ranges, business unit and
 * organizations (`GET /api/v1/users/{id}`, issue 11). Throws `ApiError` (404 when
 * there is no such user).
 */
export function getUser(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(usersApiUrl('getUser', { id }), UserDetail, { signal });
}

export function userQueryKey(id: string) {
  return [...usersQueryKey, 'detail', id] as const;
}

export function getUserQueryOptions(id: string) {
  return queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, { signal }), staleTime: 0 });
}

/** The user's detail, always read fresh when a dialog opens (its version guards the change). */
export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
