import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentDetail } from '#shared/contracts/content';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';
import { normaliseIdOrAlias } from '../utils/content-path.ts';

/**
 * A content item by id or URL alias with its ancestors and contributors
 * (`GET /api/v1/content/{idOrAlias+}`). The parameter is lower-cased and
 * URL-encoded (spec §2.6). A missing item is a 404 "Content does not exist.".
 */
export function getContent(idOrAlias: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(apiUrl('getContent', { idOrAlias: normaliseIdOrAlias(idOrAlias) }), ContentDetail, { signal });
}

export function getContentQueryOptions(idOrAlias: string) {
  return queryOptions({
    queryKey: ['content', 'detail', normaliseIdOrAlias(idOrAlias)],
    queryFn: ({ signal }) => getContent(idOrAlias, { signal }),
  });
}

export function useContent({
  idOrAlias,
  queryConfig,
}: {
  idOrAlias: string;
  queryConfig?: QueryConfig<typeof getContentQueryOptions>;
}) {
  return useQuery({ ...getContentQueryOptions(idOrAlias), ...queryConfig });
}
