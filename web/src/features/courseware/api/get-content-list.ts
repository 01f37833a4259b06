import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentSummaryPage } from '#shared/contracts/content';
import { PAGE } from '#shared/limits';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';

export interface ContentListParams {
  readonly pageToken?: string | undefined;
  readonly limit?: number;
  readonly newOrUpdated?: boolean;
}

/**
 * One page of published content in condensed form, most recently modified first
 * (`GET /api/v1/content?condense=true`, spec §7 "Get content list").
 */
export function getContentList(
  { pageToken, limit = PAGE.listPageSize, newOrUpdated = false }: ContentListParams,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    apiUrl('listContent', {}, { condense: true, limit, pageToken, newOrUpdated: newOrUpdated ? true : undefined }),
    ContentSummaryPage,
    { signal },
  );
}

export function getContentListQueryOptions(params: ContentListParams = {}) {
  const { pageToken = null, limit = PAGE.listPageSize, newOrUpdated = false } = params;
  return queryOptions({
    queryKey: ['content', 'list', { limit, newOrUpdated, pageToken }],
    queryFn: ({ signal }) => getContentList(params, { signal }),
  });
}

export function useContentList({
  queryConfig,
  ...params
}: ContentListParams & { queryConfig?: QueryConfig<typeof getContentListQueryOptions> } = {}) {
  return useQuery({ ...getContentListQueryOptions(params), ...queryConfig });
}
