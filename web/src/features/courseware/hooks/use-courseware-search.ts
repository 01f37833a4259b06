import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { KEEP_FOCUS_STATE } from '../../../hooks/use-navigation-effects.ts';
import { type CoursewareSearch, parseCoursewareSearch, withSearch } from '../utils/search-params.ts';

/**
 * The courseware search of spec §2.5 with the address as its single source of
 * truth: `search` is read from the query string, and `setSearch` writes a new
 * search as a new history entry (so back and forward move between searches)
 * without scrolling to the top and without taking focus from the control used
 * (the entry carries `KEEP_FOCUS_STATE`, so the shell leaves focus alone).
 * Parameters that are not part of the search are kept.
 */
export function useCoursewareSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseCoursewareSearch(params), [params]);

  const setSearch = useCallback(
    (next: CoursewareSearch) => {
      const nextParams = withSearch(params, next);
      if (nextParams.toString() === params.toString()) return;
      setParams(nextParams, { preventScrollReset: true, state: KEEP_FOCUS_STATE });
    },
    [params, setParams],
  );

  return { search, setSearch };
}
