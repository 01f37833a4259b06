import { PAGE, TIMING } from '#shared/limits';
import { getContentListQueryOptions } from '../api/get-content-list.ts';
import { useTokenPages } from './use-token-pages.ts';

/**
 * Token pagination of the content list (spec §2.5): the tokens of the pages seen
 * are kept so Previous needs no request; the next page is fetched ahead, and Next
 * is offered only when it has items. The first load waits 500 ms.
 */
export function useContentPages({
  newOrUpdated,
  pageSize = PAGE.listPageSize,
  debounceMs = TIMING.firstPageLoadDebounceMs,
}: {
  newOrUpdated: boolean;
  pageSize?: number;
  debounceMs?: number;
}) {
  return useTokenPages({
    pageQuery: (pageToken) => getContentListQueryOptions({ pageToken, limit: pageSize, newOrUpdated }),
    resetKey: `${newOrUpdated}:${pageSize}`,
    debounceMs,
  });
}
