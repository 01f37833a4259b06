import { Button, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon, FilterXIcon } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import type { SearchSort } from '#shared/contracts/search';
import { type CoursewareSearch, PER_PAGE_CHOICES, searchRequestOf } from '#shared/courseware-search';
import { TIMING } from '#shared/limits';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { useSession } from '../../../lib/auth/session-store.ts';
import type { SearchViewControl } from '../hooks/use-courseware-search.ts';
import type { useSearchPages } from '../hooks/use-search-pages.ts';
import { ContentCardGrid, ListSkeleton, usePageChangeFocus } from './list-parts.tsx';
import { type SaveSearchPartProps, useSaveSearchPart } from './save-search-part.tsx';

export const SEARCH_RESULTS_ID = 'search-results';

/** What an empty result says, on screen and to screen readers (spec §2.5 "no results"). */
export const NO_RESULTS_TEXT = 'No results: no courseware matches this search.';

/** "1 result", "23 results". */
export function resultCount(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
}

/** "11–20 of 243": the results of page `page` (1-based) of `perPage` each, out of `total`. */
export function resultRange(page: number, perPage: number, shown: number, total: number): string {
  const first = (page - 1) * perPage + 1;
  const format = (n: number) => n.toLocaleString('en-US');
  return `${format(first)}–${format(first + shown - 1)} of ${format(total)}`;
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

/** The labels of the orders in the sort select (issue 24 item 3). */
export const SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  relevance: 'Best match',
  newest: 'Newest',
  updated: 'Recently updated',
  downloads: 'Most downloaded',
  name: 'Name (A–Z)',
};

/**
 * The page numbers to offer around `page` of `count`: the first, the last, and the
 * two either side of `page`; null where numbers are left out (shown as "…").
 */
export function pageWindow(page: number, count: number): (number | null)[] {
  const shown = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of numbers) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last === 2) out.push(n - 1);
    else if (typeof last === 'number' && n - last > 2) out.push(null);
    out.push(n);
  }
  return out;
}

/**
 * Numbered pages (issue 24 item 4): a navigation landmark named "Pagination" with
 * Previous, the page numbers ({@link pageWindow}; the current one marked
 * `aria-current="page"`) and Next. Each number is a button named "Page N".
 */
export function NumberedPagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" wrap="wrap" gap="2" pt="2">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <HStack as="ul" gap="1" listStyleType="none" m="0" p="0" wrap="wrap">
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <Text as="li" key={`gap-${index}`} px="1" aria-hidden="true">
              …
            </Text>
          ) : (
            <li key={n}>
              <Button
                size="sm"
                minW="9"
                variant={n === page ? 'solid' : 'ghost'}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => (n === page ? undefined : onPage(n))}
              >
                {n}
              </Button>
            </li>
          ),
        )}
      </HStack>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </HStack>
  );
}

function LabelledSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <HStack gap="2">
      <Text asChild textStyle="sm">
        <label htmlFor={id}>{label}</label>
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
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
 * The results of a courseware search (spec §2.5; issue 24 items 3 and 4): a heading
 * with the total ("23 results"), the range shown ("11–20 of 23"), the order ("Sort
 * by") and the results per page, the cards and numbered pages; a skeleton while the
 * first page loads, the previous results (with an "Updating the results…" status,
 * `aria-busy`) while another page or search loads, an error with Retry, and for an
 * empty result a "no results" text that is also announced, with a way to clear the
 * filters. After a page change focus moves to the heading. `headingAction` sits
 * beside the heading. Loaded only in searching mode (the landing view never needs it).
 */
export function SearchResults({
  pages,
  control,
  searchKey,
  search,
  canClearFilters,
  onClearAll,
  headingAction,
}: {
  pages: ReturnType<typeof useSearchPages>;
  control: SearchViewControl;
  /** Identifies the search on screen; a new key is a new search to announce. */
  searchKey: string;
  /** The search shown, for "Save this search" (issue 24 item 8; signed-in readers, when the route provides it). */
  search?: CoursewareSearch;
  /** Whether any filter is set (so an empty result offers to clear them). */
  canClearFilters: boolean;
  onClearAll: () => void;
  /** Beside the results heading, such as "Download all Module files". */
  headingAction?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageChangeFocus(pages.page, headingRef);
  const SaveSearch = useSaveSearchPart();
  const { user } = useSession();
  const settled = !pages.isPending && !pages.isPlaceholderData && !pages.isError && pages.data !== undefined;
  const total = pages.data?.total ?? 0;
  useResultAnnouncement(settled ? (total === 0 ? NO_RESULTS_TEXT : resultCount(total)) : null, searchKey);

  let heading = 'Search results';
  if (pages.data && !pages.isError) heading = resultCount(total);

  const sorts = (Object.keys(SORT_LABELS) as SearchSort[]).filter((sort) => pages.hasText || sort !== 'relevance');
  const defaultSort: SearchSort = pages.hasText ? 'relevance' : 'updated';

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
    <Stack as="section" gap="4" minW="0" aria-labelledby={SEARCH_RESULTS_ID} aria-busy={pages.isFetching || undefined}>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Heading as="h2" id={SEARCH_RESULTS_ID} ref={headingRef} tabIndex={-1} size="xl" outline="none">
          {heading}
        </Heading>
        {(SaveSearch && user && search) || headingAction ? (
          <HStack gap="3" wrap="wrap">
            {SaveSearch && user && search ? (
              <Suspense fallback={null}>
                <SaveSearch {...saveSearchProps(search, pages.sort, pages.hasText)} />
              </Suspense>
            ) : null}
            {headingAction}
          </HStack>
        ) : null}
      </HStack>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted" textStyle="sm">
          {settled && pages.items.length > 0 ? resultRange(pages.page, pages.perPage, pages.items.length, total) : null}
        </Text>
        <HStack gap="4" wrap="wrap">
          <LabelledSelect
            label="Sort by"
            value={pages.sort}
            options={sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
            onChange={(value) => control.setSort(value === defaultSort ? undefined : (value as SearchSort))}
          />
          <LabelledSelect
            label="Results per page"
            value={String(pages.perPage)}
            options={PER_PAGE_CHOICES.map((choice) => ({ value: String(choice), label: String(choice) }))}
            onChange={(value) => control.setPerPage(Number(value))}
          />
        </HStack>
      </HStack>
      {body}
      {total > 0 && !pages.isError ? (
        <NumberedPagination page={pages.page} pageCount={pages.pageCount} onPage={(page) => control.setPage(page)} />
      ) : null}
    </Stack>
  );
}
