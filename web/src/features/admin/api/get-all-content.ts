import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { pageOf } from '#shared/contracts/common';
import { type ContentSummary, ContentSummary as ContentSummarySchema } from '#shared/contracts/content';
import { PAGE } from '#shared/limits';
import { apiGet } from '../../../lib/api-client.ts';
import { adminApiUrl } from './paths.ts';

const ContentSummaryPage = pageOf(ContentSummarySchema);

/**
 * One page of content in condensed form, 300 at most
 * (`GET /api/v1/content?condense=true&limit=300`, spec §7 "Get content list", §9
 * "Admin list fetch"); with `archived`, the archived items (spec §2.7 archived variant).
 */
export function getContentPage(
  { archived, pageToken }: { archived: boolean; pageToken?: string | null },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    adminApiUrl(
      'listContent',
      {},
      { archived: archived ? true : undefined, condense: true, limit: PAGE.contentListMax, pageToken },
    ),
    ContentSummaryPage,
    { signal },
  );
}

export function getAllContentQueryOptions({ archived }: { archived: boolean }) {
  return infiniteQueryOptions({
    queryKey: ['content', 'all', { archived }],
    queryFn: ({ pageParam, signal }) => getContentPage({ archived, pageToken: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextPageToken ?? undefined,
  });
}

/** What {@link useAllContent} reports while it pages through the whole list. */
export interface AllContent {
  /** Every item loaded so far, in the API's order. */
  readonly items: readonly ContentSummary[];
  /** True once the last page (no `nextPageToken`) has arrived. */
  readonly complete: boolean;
  /** True while no page has arrived and no error has happened. */
  readonly pending: boolean;
  /** True when the last request failed; {@link AllContent.retry} resumes where it stopped. */
  readonly failed: boolean;
  readonly retry: () => void;
}

/**
 * Every content item (or every archived one), fetched page after page until no
 * token remains (spec §7 "Paged until there is no token"). The items are readable
 * while later pages load, so screens can show progress.
 */
export function useAllContent({ archived }: { archived: boolean }): AllContent {
  const query = useInfiniteQuery(getAllContentQueryOptions({ archived }));
  const { hasNextPage, isFetching, isError, fetchNextPage, refetch, data } = query;

  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);

  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return {
    items,
    complete: query.isSuccess && !hasNextPage,
    pending: query.isPending && !isError,
    failed: isError,
    retry: () => void (data ? fetchNextPage() : refetch()),
  };
}
