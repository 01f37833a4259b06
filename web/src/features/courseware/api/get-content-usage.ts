import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentUsage } from '#shared/contracts/content-usage';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * The rounded all-time usage of a content item (`GET /api/v1/content-items/{id}/usage`,
 * issue 26 item 4; decision record 071): downloads and schools, each `{ value, qualifier }`.
 */
export function getContentUsage(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(coursewareApiUrl('getContentUsage', { id }), ContentUsage, { signal });
}

/** Query options of {@link getContentUsage}: key `['content', 'usage', id]`; null when the item is not found (404). */
export function getContentUsageQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['content', 'usage', id],
    // The page of an item the caller may see asks; a 404 then only means it went away meanwhile: nothing to show.
    queryFn: ({ signal }) =>
      getContentUsage(id, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }),
    staleTime: 5 * 60_000,
  });
}

/** The usage of content item `id`, a query of its own (the item's page never waits for it). */
export function useContentUsage(id: string) {
  return useQuery(getContentUsageQueryOptions(id));
}
