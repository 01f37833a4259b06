import { useMemo } from 'react';
import { type CoursewareSearch, searchRequestOf } from '#shared/courseware-search';
import { PAGE, TIMING } from '#shared/limits';
import { getSearchContentQueryOptions } from '../api/search-content.ts';
import { type PageControl, useTokenPages } from './use-token-pages.ts';

/**
 * The pages of a courseware search (spec §2.5), paged as the content list is (see
 * `useTokenPages`): a new search, i.e. other text or filters, starts again at
 * page 1. `enabled` is false outside searching mode. `pageControl` keeps the page
 * number in the address (issue 21 item 28).
 */
export function useSearchPages({
  search,
  enabled = true,
  pageSize = PAGE.listPageSize,
  debounceMs = TIMING.firstPageLoadDebounceMs,
  pageControl,
}: {
  search: CoursewareSearch;
  enabled?: boolean;
  pageSize?: number;
  debounceMs?: number;
  pageControl?: PageControl;
}) {
  const request = useMemo(() => searchRequestOf(search, { limit: pageSize }), [search, pageSize]);
  const resetKey = JSON.stringify(request);
  return useTokenPages({
    pageQuery: (pageToken) =>
      getSearchContentQueryOptions(pageToken ? searchRequestOf(search, { limit: pageSize, pageToken }) : request),
    resetKey,
    enabled,
    debounceMs,
    ...(pageControl ? { pageControl } : {}),
  });
}
