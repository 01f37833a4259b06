import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { UserImportPage } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { userImportsApiUrl } from './paths.ts';

const IMPORTS_PER_PAGE = 25;

/**
 * One page of past imports, newest first, without their rows (`GET
 * /api/v1/user-imports`). Throws `ApiError` as `apiGet` does.
 */
export function listUserImports(
  { pageToken }: { pageToken: string | null },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(userImportsApiUrl('listUserImports', {}, { limit: IMPORTS_PER_PAGE, pageToken }), UserImportPage, {
    signal,
  });
}

/** Query options of the import history. */
export function getUserImportsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['user-imports', 'list'],
    queryFn: ({ pageParam, signal }) => listUserImports({ pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken,
  });
}

/** The past imports, a page at a time. */
export function useUserImports() {
  return useInfiniteQuery(getUserImportsQueryOptions());
}
