import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type CoursewareSearch, type SearchView, searchPageRequest } from '#shared/courseware-search';
import { PAGE, TIMING } from '#shared/limits';
import { getSearchContentQueryOptions } from '../api/search-content.ts';
import type { SearchViewControl } from './use-courseware-search.ts';
import { useDebouncedStart } from './use-debounced-start.ts';

const FIRST_PAGE: SearchView = { page: 1, perPage: PAGE.listPageSize, sort: undefined };

/**
 * One numbered page of a courseware search, or without text and filters of all
 * courseware (spec §2.5; issue 24 items 3 and 4, decision records 053 and 062): the page, results per page and order of `view` (the
 * address) are asked for directly (`page`, `limit`, `sort` of the request), so any
 * page is one request. The first load waits `debounceMs` (spec §9, 500 ms); while
 * another page or search loads the previous one stays on screen
 * (`keepPreviousData`). A page past the last one becomes the last page
 * (`control.setPage`, replace). `enabled` is false while nothing is listed (creating mode).
 */
export function useSearchPages({
  search,
  view = FIRST_PAGE,
  control,
  enabled = true,
  debounceMs = TIMING.firstPageLoadDebounceMs,
}: {
  search: CoursewareSearch;
  view?: SearchView;
  control?: SearchViewControl;
  enabled?: boolean;
  debounceMs?: number;
}) {
  const started = useDebouncedStart(debounceMs);
  // The same body as the first HTML embeds for this address (decision record 062).
  const { request, sort, hasText } = useMemo(
    () => searchPageRequest(search, { page: view.page, perPage: view.perPage, sort: view.sort }),
    [search, view.page, view.perPage, view.sort],
  );
  const current = useQuery({
    ...getSearchContentQueryOptions(request),
    enabled: enabled && started,
    placeholderData: keepPreviousData,
  });
  const total = current.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / view.perPage));
  const loaded = enabled && started && current.data !== undefined && !current.isPlaceholderData;
  const setPage = control?.setPage;

  useEffect(() => {
    if (setPage && loaded && view.page > pageCount) setPage(pageCount, { replace: true });
  }, [setPage, loaded, view.page, pageCount]);

  return {
    /** 1-based number of the page asked for. */
    page: view.page,
    perPage: view.perPage,
    /** The order the results are in. */
    sort,
    /** Whether the search has text (relevance can be chosen). */
    hasText,
    /** Pages of the whole result (at least 1). */
    pageCount,
    /** The page on screen; while another page or search loads, still the previous one (see `isPlaceholderData`). */
    data: current.data,
    items: current.data?.items ?? [],
    isPending: current.isPending,
    isFetching: current.isFetching,
    isPlaceholderData: current.isPlaceholderData,
    isError: current.isError && !current.data,
    refetch: current.refetch,
  };
}
