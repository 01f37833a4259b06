import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type CoursewareSearch,
  PAGE_PARAM,
  parseCoursewareSearch,
  parseSearchPage,
  toSearchParams,
  withSearch,
} from '#shared/courseware-search';
import { KEEP_FOCUS_STATE } from '../../../hooks/use-navigation-effects.ts';
import type { PageControl } from './use-token-pages.ts';

/**
 * The courseware search of spec §2.5 with the address as its single source of
 * truth: `search` is read from the query string, and `setSearch` writes a new
 * search as a new history entry (so back and forward move between searches)
 * without scrolling to the top and without taking focus from the control used
 * (the entry carries `KEEP_FOCUS_STATE`, so the shell leaves focus alone).
 * Parameters that are not part of the search are kept. The page of results is
 * mirrored too (`page`, 1-based, absent on page 1; issue 21 item 28): `pageControl`
 * reads and writes it, and a new search drops it (back to page 1).
 */
export function useCoursewareSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseCoursewareSearch(params), [params]);

  const setSearch = useCallback(
    (next: CoursewareSearch) => {
      // The same search again keeps its page; another one starts at page 1 (`withSearch` drops `page`).
      if (toSearchParams(next).toString() === toSearchParams(parseCoursewareSearch(params)).toString()) return;
      setParams(withSearch(params, next), { preventScrollReset: true, state: KEEP_FOCUS_STATE });
    },
    [params, setParams],
  );

  const requested = parseSearchPage(params);
  const pageControl = useMemo<PageControl>(
    () => ({
      requested,
      set: (page, { replace }) => {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (page > 1) next.set(PAGE_PARAM, String(page));
            else next.delete(PAGE_PARAM);
            return next;
          },
          { replace, preventScrollReset: true, state: KEEP_FOCUS_STATE },
        );
      },
    }),
    [requested, setParams],
  );

  return { search, setSearch, pageControl };
}
