import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { UserImport } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { userImportsApiUrl } from './paths.ts';

/**
 * One past import with every row and its outcome (`GET /api/v1/user-imports/{id}`),
 * what the error report is built from. Throws `ApiError` (403, 404) as `apiGet` does.
 */
export function getUserImport({ id }: { id: string }, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(userImportsApiUrl('getUserImport', { id }), UserImport, { signal });
}

/** Query options of one stored import (it never changes once written). */
export function getUserImportQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['user-imports', 'detail', id],
    queryFn: ({ signal }) => getUserImport({ id }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Fetches a stored import on demand (a report download), through the cache. */
export function useFetchUserImport() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery(getUserImportQueryOptions(id));
}
