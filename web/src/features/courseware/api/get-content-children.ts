import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ChildContent, ChildContentPage } from '#shared/contracts/content';
import { PAGE } from '#shared/limits';
import { apiGet } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * One page of a content item's children in index order, 300 per page
 * (`GET /api/v1/content-children/{id}`, spec §2.6, §9).
 */
export function getContentChildren(
  { id, pageToken }: { id: string; pageToken?: string | undefined },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    coursewareApiUrl('listContentChildren', { id }, { limit: PAGE.childrenMax, pageToken }),
    ChildContentPage,
    {
      signal,
    },
  );
}

export function getContentChildrenQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['content', 'children', id],
    queryFn: ({ pageParam, signal }) => getContentChildren({ id, pageToken: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextPageToken ?? undefined,
  });
}

export function useContentChildren({ id, enabled = true }: { id: string; enabled?: boolean }) {
  return useInfiniteQuery({ ...getContentChildrenQueryOptions(id), enabled });
}

/**
 * Every child of an item, every page loaded (spec §9 "Children loaded: 300 per page"):
 * what a save lists, and what Reload merges against (decision record 019). Throws
 * `ApiError` as {@link getContentChildren}.
 */
export async function getAllContentChildren(id: string): Promise<ChildContent[]> {
  const items: ChildContent[] = [];
  let pageToken: string | undefined;
  do {
    const page = await getContentChildren({ id, pageToken });
    items.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return items;
}
