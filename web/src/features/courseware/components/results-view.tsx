import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import type { SearchViewControl } from '../hooks/use-courseware-search.ts';
import type { useSearchPages } from '../hooks/use-search-pages.ts';
import { usePageChangeFocus } from './list-parts.tsx';
import { ResultsControls } from './results-controls.tsx';

/** A page of results as {@link useSearchPages} gives it. */
export type ResultPages = ReturnType<typeof useSearchPages>;

/** "11–20 of 243": the results of page `page` (1-based) of `perPage` each, out of `total`. */
export function resultRange(page: number, perPage: number, shown: number, total: number): string {
  const first = (page - 1) * perPage + 1;
  const format = (n: number) => n.toLocaleString('en-US');
  return `${format(first)}–${format(first + shown - 1)} of ${format(total)}`;
}

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

/** Whether `pages` shows a loaded page of its own (not loading, not failed, not the previous one). */
export function isSettled(pages: ResultPages): boolean {
  return !pages.isPending && !pages.isPlaceholderData && !pages.isError && pages.data !== undefined;
}

/**
 * A list of courseware shown like a search's results (issue 24 items 3 and 4; decision
 * records 053 and 062): a section named by its focusable heading, `headingAction`
 * beside it, the range shown ("11–20 of 243"), the order and the results per page
 * ({@link ResultsControls}), then `children` (cards, skeleton, error
 * or empty text) and, when there are results, numbered pages. After a page change
 * focus moves to the heading and "Page N" is said. Used by the search results and by
 * the landing list ("All courseware").
 */
export function ResultsSection({
  id,
  heading,
  pages,
  control,
  headingAction,
  controlsAction,
  children,
}: {
  /** Id of the heading (the section and the cards are labelled by it). */
  id: string;
  heading: string;
  pages: ResultPages;
  control: SearchViewControl;
  headingAction?: ReactNode;
  /** Before the order and page-size controls, such as the search's "Follow this search" link. */
  controlsAction?: ReactNode;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageChangeFocus(pages.page, headingRef);
  const total = pages.data?.total ?? 0;
  return (
    <Stack as="section" gap="4" minW="0" aria-labelledby={id} aria-busy={pages.isFetching || undefined}>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Heading as="h2" id={id} ref={headingRef} tabIndex={-1} size="xl" outline="none">
          {heading}
        </Heading>
        {headingAction}
      </HStack>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted" textStyle="sm">
          {isSettled(pages) && pages.items.length > 0
            ? resultRange(pages.page, pages.perPage, pages.items.length, total)
            : null}
        </Text>
        <HStack gap="4" wrap="wrap">
          {controlsAction}
          <ResultsControls pages={pages} control={control} />
        </HStack>
      </HStack>
      {children}
      {total > 0 && !pages.isError ? (
        <NumberedPagination page={pages.page} pageCount={pages.pageCount} onPage={(page) => control.setPage(page)} />
      ) : null}
    </Stack>
  );
}
