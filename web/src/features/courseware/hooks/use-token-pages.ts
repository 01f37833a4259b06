import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
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
 * A page number kept outside the hook (the address, issue 21 item 28): `requested`
 * is the 1-based page asked for; `set` asks for another (`replace` when the hook
 * corrects a page that does not exist, else a new history entry).
 */
export interface PageControl {
  readonly requested: number;
  readonly set: (page: number, options: { replace: boolean }) => void;
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
 *
 * With `pageControl` the page number lives outside (the address): Next and
 * Previous ask `pageControl.set`, and a page asked for whose token is not known
 * yet (a shared link to page 3) is reached by walking the pages before it, one
 * request each, shown as loading meanwhile; a page past the last one becomes the
 * last page (replace).
 */
export function useTokenPages<TPage extends TokenPage, TKey extends QueryKey>({
  pageQuery,
  resetKey,
  enabled = true,
  debounceMs = TIMING.firstPageLoadDebounceMs,
  pageControl,
}: {
  pageQuery: (pageToken: string | undefined) => UseQueryOptions<TPage, Error, TPage, TKey>;
  resetKey: string;
  enabled?: boolean;
  debounceMs?: number;
  pageControl?: PageControl;
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
  const requestedIndex = pageControl ? Math.max(0, Math.floor(pageControl.requested) - 1) : pages.index;
  // The page on screen: the one asked for once its token is known, else the last known on the way there.
  const index = Math.min(requestedIndex, pages.tokens.length - 1);
  const walking = index < requestedIndex;

  const current = useQuery<TPage, Error, TPage, TKey>({
    ...pageQuery(pages.tokens[index]),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  const nextToken = current.isPlaceholderData ? null : (current.data?.nextPageToken ?? null);
  const ahead = useQuery<TPage, Error, TPage, TKey>({
    ...pageQuery(nextToken ?? undefined),
    enabled: active && nextToken !== null,
  });

  const hasNext = nextToken !== null && (ahead.data?.items.length ?? 0) > 0;
  const hasPrevious = index > 0;
  const loaded = active && current.data !== undefined && !current.isPlaceholderData;
  const setPage = pageControl?.set;
  const resetKeyNow = pages.resetKey;

  useEffect(() => {
    if (!setPage || !loaded) return;
    if (walking) {
      // Walk on towards the page asked for, or stop at the last one there is.
      if (nextToken !== null) {
        setStored((known) =>
          known.resetKey === resetKeyNow && known.tokens.length === index + 1
            ? { ...known, tokens: [...known.tokens, nextToken] }
            : known,
        );
      } else {
        setPage(index + 1, { replace: true });
      }
    } else if (index > 0 && current.data?.items.length === 0) {
      setPage(index, { replace: true });
    }
  }, [setPage, loaded, walking, nextToken, index, resetKeyNow, current.data]);

  const goNext = useCallback(() => {
    if (!hasNext || nextToken === null) return;
    setStored((known) => ({
      ...known,
      tokens: [...known.tokens.slice(0, index + 1), nextToken],
      index: index + 1,
    }));
    setPage?.(index + 2, { replace: false });
  }, [hasNext, nextToken, index, setPage]);

  const goPrevious = useCallback(() => {
    setStored((known) => ({ ...known, index: Math.max(0, index - 1) }));
    setPage?.(Math.max(1, index), { replace: false });
  }, [index, setPage]);

  return {
    /** 1-based number of the page on screen. */
    page: requestedIndex + 1,
    /** The page on screen; while another search loads, still the previous one (see `isPlaceholderData`). */
    data: current.data,
    items: (current.data?.items ?? []) as TPage['items'],
    // The first-load wait holds back requests, not what the cache has already (the first HTML's
    // embedded pages, issue 22 item 2): a query held back without data is pending anyway.
    isPending: current.isPending || walking,
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
