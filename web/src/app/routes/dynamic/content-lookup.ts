import { queryOptions } from '@tanstack/react-query';
import type { ContentDetail } from '#shared/contracts/content';
import { getContent, seedContentDetail } from '../../../features/courseware/api/get-content.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Content by id or URL alias for the catch-all route (spec §2.2): the item, or
 * `null` when there is none. A 404 (missing, or hidden from the reader) and a 400
 * (a path the API refuses) are answers here, not errors, so a plain miss never
 * reaches the ERROR dialog; anything else (a 500, no answer) is thrown and reported
 * as usual. Query key `['content', 'lookup', <idOrAlias>]`, so content writes that
 * invalidate `['content']` refresh it. A found item also seeds the detail query of
 * its address ({@link seedContentDetail}), where the screen redirects next.
 */
export function contentLookupQueryOptions(idOrAlias: string) {
  return queryOptions({
    queryKey: ['content', 'lookup', idOrAlias] as const,
    queryFn: async ({ signal, client }): Promise<ContentDetail | null> => {
      try {
        const detail = await getContent(idOrAlias, { signal });
        // The redirect's detail page then starts from this answer: one fetch per visit (issue 22 item 5).
        seedContentDetail(client, detail);
        return detail;
      } catch (error) {
        if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400)) return null;
        throw error;
      }
    },
  });
}
