import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchContentPage, type SearchContentRequest } from '#shared/contracts/search';
import { apiPost, apiUrl } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';

/**
 * One page of a courseware search (`POST /api/v1/search/content`, spec §7 "Search
 * content"): the hits as content summaries, the token of the next page (null on the
 * last), the total and the facet counts. A signed-in editor's token widens the hits
 * to unpublished content (decision record 014). Throws `ApiError` as `apiPost` does.
 */
export function searchContent(request: SearchContentRequest, { signal }: { signal?: AbortSignal } = {}) {
  return apiPost(apiUrl('searchContent'), request, SearchContentPage, { signal });
}

/** Query options of one search page; the whole request (page token included) is the key. */
export function getSearchContentQueryOptions(request: SearchContentRequest) {
  return queryOptions({
    queryKey: ['content', 'search', request],
    queryFn: ({ signal }) => searchContent(request, { signal }),
  });
}

/** One search page as a query. */
export function useSearchContent({
  request,
  queryConfig,
}: {
  request: SearchContentRequest;
  queryConfig?: QueryConfig<typeof getSearchContentQueryOptions>;
}) {
  return useQuery({ ...getSearchContentQueryOptions(request), ...queryConfig });
}
