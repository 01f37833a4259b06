import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '#shared/contracts/common';
import { type ContentSummary, ContentSummary as ContentSummarySchema } from '#shared/contracts/content';
import { PAGE } from '#shared/limits';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

const ContentSummaryPage = pageOf(ContentSummarySchema);

/**
 * Every content item in condensed form, 300 per page, paged until no token remains
 * (`GET /api/v1/content?condense=true&limit=300`, spec §7 "Get content list"); with
 * `archived`, the archived items (spec §2.7 archived variant).
 */
export async function getAllContent(
  { archived }: { archived: boolean },
  { signal }: { signal?: AbortSignal } = {},
): Promise<ContentSummary[]> {
  const items: ContentSummary[] = [];
  let pageToken: string | undefined;
  do {
    const page = await apiGet(
      apiUrl(
        'listContent',
        {},
        { archived: archived ? true : undefined, condense: true, limit: PAGE.contentListMax, pageToken },
      ),
      ContentSummaryPage,
      { signal },
    );
    items.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return items;
}

export function getAllContentQueryOptions({ archived }: { archived: boolean }) {
  return queryOptions({
    queryKey: ['content', 'all', { archived }],
    queryFn: ({ signal }) => getAllContent({ archived }, { signal }),
  });
}

export function useAllContent({ archived }: { archived: boolean }) {
  return useQuery(getAllContentQueryOptions({ archived }));
}
