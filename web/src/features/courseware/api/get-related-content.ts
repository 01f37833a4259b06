import { queryOptions, useQuery } from '@tanstack/react-query';
import { RELATED_DEFAULT_LIMIT, RelatedContentPage } from '#shared/contracts/related';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * The courseware most related to a content item, by shared knowledge items and tags
 * (`GET /api/v1/search/related/{id}`, issue 24 item 5; decision record 056): at most
 * `limit` condensed items, most related first, only those the caller may see.
 */
export function getRelatedContent(
  { id, limit = RELATED_DEFAULT_LIMIT }: { id: string; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(coursewareApiUrl('relatedContent', { id }, { limit }), RelatedContentPage, { signal });
}

/** Query options of {@link getRelatedContent}: key `['content', 'related', id]`. */
export function getRelatedContentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['content', 'related', id],
    // An item the search index does not know yet (just created) answers 404: nothing related yet.
    queryFn: ({ signal }) =>
      getRelatedContent({ id }, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 404) return { items: [] };
        throw error;
      }),
  });
}

/** The related courseware of content item `id`, a query of its own (the item's page never waits for it). */
export function useRelatedContent(id: string) {
  return useQuery(getRelatedContentQueryOptions(id));
}
