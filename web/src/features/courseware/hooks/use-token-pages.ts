import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { TIMING } from '#shared/limits';
import { useDebouncedStart } from './use-debounced-start.ts';

/** What a token-paged answer has in common (spec §3 "A page of results has items and nextPageToken"). */
export interface TokenPage {
  readonly items: readonly unknown[];
  readonly nextPageToken: string | null;
}

interface Pages {
  readonly resetKey: string;
  readonly tokens: readonly (string | undefined)[];
  readonly index: number;
}

/**
 * Token pagination of a list (spec §2.5): the tokens of the pages seen are kept so
 * Previous needs no request; the next page is fetched ahead and Next is offered
 * only when it has items; the first load waits `debounceMs` (spec §9, 500 ms).
 * When `resetKey` changes (another search) paging starts again at page 1, and the
 * previous list stays on screen until the new one arrives (`keepPreviousData`).
 *
 * `pageQuery(token)` returns the operation's query options for one page, so the
 * query keys stay owned by the operation's file.
 */
export function useTokenPages<TPage extends TokenPage, TKey extends QueryKey>({
  pageQuery,
  resetKey,
  enabled = true,
  debounceMs = TIMING.firstPageLoadDebounceMs,
}: {
  pageQuery: (pageToken: string | undefined) => UseQueryOptions<TPage, Error, TPage, TKey>;
  resetKey: string;
  enabled?: boolean;
  debounceMs?: number;
}) {
  const started = useDebouncedStart(debounceMs);
  const [stored, setStored] = useState<Pages>({ resetKey, tokens: [undefined], index: 0 });
  let pages = stored;
  if (stored.resetKey !== resetKey) {
    // Another search: back to its first page (set while rendering; React renders again before committing).
    pages = { resetKey, tokens: [undefined], index: 0 };
    setStored(pages);
  }
  const active = enabled && started;

  const current = useQuery<TPage, Error, TPage, TKey>({
    ...pageQuery(pages.tokens[pages.index]),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  const nextToken = current.isPlaceholderData ? null : (current.data?.nextPageToken ?? null);
  const ahead = useQuery<TPage, Error, TPage, TKey>({
    ...pageQuery(nextToken ?? undefined),
    enabled: active && nextToken !== null,
  });

  const hasNext = nextToken !== null && (ahead.data?.items.length ?? 0) > 0;
  const hasPrevious = pages.index > 0;

  const goNext = useCallback(() => {
    if (!hasNext || nextToken === null) return;
    setStored((known) => ({
      ...known,
      tokens: [...known.tokens.slice(0, known.index + 1), nextToken],
      index: known.index + 1,
    }));
  }, [hasNext, nextToken]);

  const goPrevious = useCallback(() => {
    setStored((known) => ({ ...known, index: Math.max(0, known.index - 1) }));
  }, []);

  return {
    /** 1-based number of the page on screen. */
    page: pages.index + 1,
    /** The page on screen; while another search loads, still the previous one (see `isPlaceholderData`). */
    data: current.data,
    items: (current.data?.items ?? []) as TPage['items'],
    isPending: !active || current.isPending,
    isFetching: current.isFetching,
    isPlaceholderData: current.isPlaceholderData,
    isError: current.isError && !current.data,
    refetch: current.refetch,
    hasNext,
    hasPrevious,
    goNext,
    goPrevious,
  };
}
