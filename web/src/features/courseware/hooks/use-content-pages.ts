import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { PAGE, TIMING } from '#shared/limits';
import { useContentList } from '../api/get-content-list.ts';
import { useDebouncedStart } from './use-debounced-start.ts';

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
  const started = useDebouncedStart(debounceMs);
  const [tokens, setTokens] = useState<readonly (string | undefined)[]>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);

  const current = useContentList({
    pageToken: tokens[pageIndex],
    limit: pageSize,
    newOrUpdated,
    queryConfig: { enabled: started, placeholderData: keepPreviousData },
  });
  const nextToken = current.isPlaceholderData ? null : (current.data?.nextPageToken ?? null);
  const ahead = useContentList({
    pageToken: nextToken ?? undefined,
    limit: pageSize,
    newOrUpdated,
    queryConfig: { enabled: started && nextToken !== null },
  });

  const hasNext = nextToken !== null && (ahead.data?.items.length ?? 0) > 0;
  const hasPrevious = pageIndex > 0;

  const goNext = useCallback(() => {
    if (!hasNext || nextToken === null) return;
    setTokens((known) => [...known.slice(0, pageIndex + 1), nextToken]);
    setPageIndex((index) => index + 1);
  }, [hasNext, nextToken, pageIndex]);

  const goPrevious = useCallback(() => {
    setPageIndex((index) => Math.max(0, index - 1));
  }, []);

  return {
    /** 1-based number of the page on screen. */
    page: pageIndex + 1,
    items: current.data?.items ?? [],
    isPending: !started || current.isPending,
    isFetching: current.isFetching,
    isError: current.isError && !current.data,
    refetch: current.refetch,
    hasNext,
    hasPrevious,
    goNext,
    goPrevious,
  };
}
