import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchSort } from '#shared/contracts/search';
import {
  type CoursewareSearch,
  PAGE_PARAM,
  PER_PAGE_PARAM,
  parseCoursewareSearch,
  parseSearchView,
  SORT_PARAM,
  toSearchParams,
  withSearch,
} from '#shared/courseware-search';
import { KEEP_FOCUS_STATE } from '../../../hooks/use-navigation-effects.ts';

/** Changes of how the results are shown (issue 24 items 3 and 4), each a history entry unless `replace`. */
export interface SearchViewControl {
  /** Shows page `page` (1-based); `replace` when correcting a page that does not exist. */
  readonly setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Orders the results by `sort` (undefined: the default), from page 1. */
  readonly setSort: (sort: SearchSort | undefined) => void;
  /** Shows `perPage` results a page, from page 1. */
  readonly setPerPage: (perPage: number) => void;
}

/**
 * The courseware search of spec §2.5 with the address as its single source of
 * truth: `search` is read from the query string, and `setSearch` writes a new
 * search as a new history entry (so back and forward move between searches)
 * without scrolling to the top and without taking focus from the control used
 * (the entry carries `KEEP_FOCUS_STATE`, so the shell leaves focus alone).
 * Parameters that are not part of the search are kept. How the results are shown
 * is in the address too (`view`): the page (`page`, 1-based, absent on page 1;
 * issue 21 item 28), the order (`sort`) and the results per page (`per`) (issue 24
 * items 3 and 4). A new search drops the page (back to page 1) and keeps the order
 * and the results per page; `control` changes them.
 */
export function useCoursewareSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseCoursewareSearch(params), [params]);
  const view = useMemo(() => parseSearchView(params), [params]);

  const setSearch = useCallback(
    (next: CoursewareSearch) => {
      // The same search again keeps its page; another one starts at page 1 (`withSearch` drops `page`).
      if (toSearchParams(next).toString() === toSearchParams(parseCoursewareSearch(params)).toString()) return;
      setParams(withSearch(params, next), { preventScrollReset: true, state: KEEP_FOCUS_STATE });
    },
    [params, setParams],
  );

  const control = useMemo<SearchViewControl>(() => {
    const change = (edit: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          edit(next);
          return next;
        },
        { replace, preventScrollReset: true, state: KEEP_FOCUS_STATE },
      );
    return {
      setPage: (page, { replace = false } = {}) =>
        change((next) => {
          if (page > 1) next.set(PAGE_PARAM, String(page));
          else next.delete(PAGE_PARAM);
        }, replace),
      setSort: (sort) =>
        change((next) => {
          next.delete(PAGE_PARAM);
          if (sort) next.set(SORT_PARAM, sort);
          else next.delete(SORT_PARAM);
        }),
      setPerPage: (perPage) =>
        change((next) => {
          next.delete(PAGE_PARAM);
          next.set(PER_PAGE_PARAM, String(perPage));
        }),
    };
  }, [setParams]);

  return { search, setSearch, view, control };
}
