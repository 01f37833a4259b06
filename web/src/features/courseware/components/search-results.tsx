import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FilterXIcon, RssIcon } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import type { SearchSort } from '#shared/contracts/search';
import { type CoursewareSearch, searchRequestOf, toSearchParams } from '#shared/courseware-search';
import { TIMING } from '#shared/limits';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { announce } from '../../../lib/announcer.tsx';

import { useSession } from '../../../lib/auth/session-store.ts';
import { coursewareApiUrl } from '../api/paths.ts';
import type { SearchViewControl } from '../hooks/use-courseware-search.ts';
import { ContentCardGrid, ListSkeleton } from './list-parts.tsx';
import { isSettled, type ResultPages, ResultsSection } from './results-view.tsx';
import { type SaveSearchPartProps, useSaveSearchPart } from './save-search-part.tsx';

export const SEARCH_RESULTS_ID = 'search-results';

/** What an empty result says, on screen and to screen readers (spec §2.5 "no results"). */
export const NO_RESULTS_TEXT = 'No results: no courseware matches this search.';

/** "1 result", "23 results". */
export function resultCount(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
}

/**
 * What "Save this search" saves (issue 24 item 8): the search request's text and filter
 * (without its page token) and the order shown when it is not the default; the text,
 * else "Courseware search", as the name offered.
 */
export function saveSearchProps(search: CoursewareSearch, sort: string, hasText: boolean): SaveSearchPartProps {
  const shown = sort === (hasText ? 'relevance' : 'updated') ? undefined : (sort as SearchSort);
  const { text, filter } = searchRequestOf(search);
  const { nextPageToken: _token, ...kept } = filter;
  return {
    query: { text, filter: kept, ...(shown ? { sort: shown } : {}) },
    defaultName: search.q.trim() || 'Courseware search',
  };
}

/** The visible text of the link to a search's Atom feed (issue 24 item 7). */
export const FOLLOW_SEARCH_TEXT = 'Follow this search';

/** The address of the Atom feed of `search` (`GET /api/v1/search/feed` with the search's own address parameters). */
export function searchFeedUrl(search: CoursewareSearch): string {
  const query = toSearchParams(search).toString();
  return `${coursewareApiUrl('searchFeed')}${query ? `?${query}` : ''}`;
}

/**
 * "Follow this search" (issue 24 item 7; decision record 055): a plain link, with the
 * feed icon, to the Atom feed of the search shown, which a feed reader subscribes to;
 * named "Follow this search (Atom feed)".
 */
function FollowSearchLink({ search }: { search: CoursewareSearch }) {
  return (
    <Link
      href={searchFeedUrl(search)}
      type="application/atom+xml"
      // The visible text first, so a spoken "Follow this search" finds it (WCAG 2.5.3).
      aria-label={`${FOLLOW_SEARCH_TEXT} (Atom feed)`}
      textStyle="sm"
      fontWeight="medium"
      display="inline-flex"
      alignItems="center"
      gap="1.5"
    >
      <RssIcon aria-hidden="true" size={16} />
      {FOLLOW_SEARCH_TEXT}
    </Link>
  );
}

/**
 * Says the outcome of each new search through the polite live region: the count,
 * or the "no results" text. It waits a little longer than the shell's "navigated
 * to" announcement (spec §2.1, 250 ms after a navigation), so it is not cut off.
 */
function useResultAnnouncement(summary: string | null, searchKey: string) {
  const said = useRef('');
  useEffect(() => {
    if (summary === null) return;
    const key = `${searchKey}\n${summary}`;
    if (said.current === key) return;
    const timer = setTimeout(() => {
      said.current = key;
      announce(summary);
    }, TIMING.announcementDelayMs + 100);
    return () => clearTimeout(timer);
  }, [summary, searchKey]);
}

/**
 * The results of a courseware search (spec §2.5; issue 24 items 3 and 4) in a
 * {@link ResultsSection}: a heading with the total ("23 results"), the range shown,
 * the order, the results per page, the cards and numbered pages; a skeleton while the
 * first page loads, the previous results (with an "Updating the results…" status,
 * `aria-busy`) while another page or search loads, an error with Retry, and for an
 * empty result a "no results" text that is also announced, with a way to clear the
 * filters. After a page change focus moves to the heading. `headingAction` sits
 * beside the heading; "Follow this search" links to the search's Atom feed (issue 24 item 7). Loaded only in searching mode (the landing view never needs it).
 */
export function SearchResults({
  pages,
  control,
  search,
  searchKey,
  canClearFilters,
  onClearAll,
  headingAction,
}: {
  pages: ResultPages;
  control: SearchViewControl;
  /** The search shown, for the link to its feed. */
  search: CoursewareSearch;
  /** Identifies the search on screen; a new key is a new search to announce. */
  searchKey: string;
  /** Whether any filter is set (so an empty result offers to clear them). */
  canClearFilters: boolean;
  onClearAll: () => void;
  /** Beside the results heading, such as "Download all Module files". */
  headingAction?: ReactNode;
}) {
  const SaveSearch = useSaveSearchPart();
  const { user } = useSession();
  const settled = isSettled(pages);
  const total = pages.data?.total ?? 0;
  useResultAnnouncement(settled ? (total === 0 ? NO_RESULTS_TEXT : resultCount(total)) : null, searchKey);

  let heading = 'Search results';
  if (pages.data && !pages.isError) heading = resultCount(total);

  let body: ReactNode;
  if (pages.isPending) {
    body = <ListSkeleton label="Searching courseware" />;
  } else if (pages.isError) {
    body = <LoadError title="The search could not be completed." onRetry={() => pages.refetch()} />;
  } else if (pages.items.length === 0) {
    body = (
      <Stack gap="3" py="6" align="flex-start">
        <Text fontWeight="semibold">{NO_RESULTS_TEXT}</Text>
        <Text color="fg.muted">
          {canClearFilters ? 'Try other words, or clear the filters.' : 'Try other or fewer words.'}
        </Text>
        {canClearFilters ? (
          <Button variant="outline" onClick={onClearAll}>
            <FilterXIcon aria-hidden="true" />
            Clear all filters
          </Button>
        ) : null}
      </Stack>
    );
  } else {
    body = (
      <ContentCardGrid
        items={pages.items}
        labelledBy={SEARCH_RESULTS_ID}
        twoColumnsFrom="lg"
        stale={pages.isPlaceholderData}
      />
    );
  }

  return (
    <ResultsSection
      id={SEARCH_RESULTS_ID}
      heading={heading}
      pages={pages}
      control={control}
      headingAction={
        (SaveSearch && user) || headingAction ? (
          <HStack gap="3" wrap="wrap">
            {SaveSearch && user ? (
              <Suspense fallback={null}>
                <SaveSearch {...saveSearchProps(search, pages.sort, pages.hasText)} />
              </Suspense>
            ) : null}
            {headingAction}
          </HStack>
        ) : undefined
      }
      controlsAction={<FollowSearchLink search={search} />}
    >
      {body}
    </ResultsSection>
  );
}
