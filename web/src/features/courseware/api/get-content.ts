import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { ChangeLogEntry, ContentDetail } from '#shared/contracts/content';

/**
 * The detail as the page reads it: `ContentDetail` and the public change log of
 * issue 25 item 4 (absent in an answer from before it: empty).
 */
const ShownContentDetail = ContentDetail.extend({ changeLog: z.array(ChangeLogEntry).default([]) });
/** A content detail with its change log (`changeLog` newest first). */
export type ShownContentDetail = z.infer<typeof ShownContentDetail>;

import { apiGet, apiUrl } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';
import { contentPath, normaliseIdOrAlias } from '../utils/content-path.ts';

const COURSEWARE_PREFIX = '/courseware/';

/**
 * A content item by id or URL alias with its ancestors and contributors
 * (`GET /api/v1/content/{idOrAlias+}`). The parameter is lower-cased and
 * URL-encoded (spec §2.6). A missing item is a 404 "Content does not exist.". The answer
 * carries the public change log and the publish dates (issue 25 item 4).
 */
export function getContent(idOrAlias: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(apiUrl('getContent', { idOrAlias: normaliseIdOrAlias(idOrAlias) }), ShownContentDetail, { signal });
}

/** Query options of {@link getContent}; the key (`['content', 'detail', <normalised id or alias>]`) is the detail page's. */
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

/**
 * Puts a content answer fetched elsewhere (the catch-all route's lookup by id or
 * path) into the detail query of the address it is shown at (`contentPath`: its
 * alias, else its id), with the time it was fetched (ms since the epoch), so the
 * detail page after the redirect fetches nothing again (issue 22 item 5).
 */
export function seedContentDetail(
  client: QueryClient,
  detail: ShownContentDetail,
  updatedAt: number = Date.now(),
): void {
  const shownAt = contentPath(detail.content)
    .slice(COURSEWARE_PREFIX.length)
    .split('/')
    .map(decodeURIComponent)
    .join('/');
  client.setQueryData(getContentQueryOptions(shownAt).queryKey, detail, { updatedAt });
}
