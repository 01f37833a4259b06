import { Button, Heading, HStack, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import type { ContentSummary } from '#shared/contracts/content';
import { announce } from '../../../lib/announcer.tsx';
import { ContentCard } from './content-card.tsx';

/** Placeholder cards while a list page loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-label={label}>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Stack key={index} gap="3" borderWidth="1px" borderRadius="l3" p="4">
          <Skeleton height="6" width="70%" />
          <Skeleton height="5" width="30%" />
          <Skeleton height="4" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** Previous / Next of a token-paged list (spec §2.5), with the page number between. */
export function Pagination({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" pt="2">
      <Button variant="outline" onClick={onPrevious} disabled={!hasPrevious}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <Text aria-live="off">Page {page}</Text>
      <Button variant="outline" onClick={onNext} disabled={!hasNext}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </HStack>
  );
}

/**
 * After Previous or Next, focus moves to the list's heading (so the reader starts
 * at the top of the new page) and the page number is said.
 */
export function usePageChangeFocus(page: number, headingRef: RefObject<HTMLHeadingElement | null>) {
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    headingRef.current?.focus();
    announce(`Page ${page}`);
  }, [page, headingRef]);
}

/**
 * A page of content cards as a list, in one column, or two from `twoColumnsFrom` up.
 * While the next result is on its way (`stale`) a status says so above the cards;
 * the cards are not faded, so their text keeps its contrast (WCAG 1.4.3; issue 21
 * item 29).
 */
export function ContentCardGrid({
  items,
  labelledBy,
  twoColumnsFrom = 'md',
  stale = false,
}: {
  items: readonly ContentSummary[];
  /** Id of the heading that names the list. */
  labelledBy: string;
  twoColumnsFrom?: 'md' | 'lg';
  /** The list shown is the previous result while the next one loads. */
  stale?: boolean;
}) {
  return (
    <Stack gap="3">
      {stale ? (
        <HStack role="status" gap="2" color="fg.muted" textStyle="sm">
          <Spinner size="xs" aria-hidden="true" />
          <Text>Updating the results…</Text>
        </HStack>
      ) : null}
      <SimpleGrid
        as="ul"
        columns={{ base: 1, [twoColumnsFrom]: 2 }}
        gap="4"
        listStyleType="none"
        m="0"
        p="0"
        aria-labelledby={labelledBy}
      >
        {items.map((item) => (
          <li key={item.id}>
            <ContentCard content={item} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** What {@link PagedListSection} needs of a token-paged list. */
export interface PagedListState {
  readonly page: number;
  readonly items: readonly unknown[];
  readonly isFetching: boolean;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly goPrevious: () => void;
  readonly goNext: () => void;
}

/**
 * A paged list as a section named by its focusable heading: the heading, the body
 * (cards, skeleton, error or empty text) and, once there is a page to move from,
 * Previous / Next. After a page change focus moves to the heading and the page
 * number is said ({@link usePageChangeFocus}). `headingAction` sits beside the heading.
 */
export function PagedListSection({
  id,
  heading,
  pages,
  headingAction,
  children,
}: {
  /** Id of the heading (the section and the list are labelled by it). */
  id: string;
  heading: string;
  pages: PagedListState;
  headingAction?: ReactNode;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageChangeFocus(pages.page, headingRef);
  return (
    <Stack as="section" gap="4" minW="0" aria-labelledby={id} aria-busy={pages.isFetching || undefined}>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Heading as="h2" id={id} ref={headingRef} tabIndex={-1} size="xl" outline="none">
          {heading}
        </Heading>
        {headingAction}
      </HStack>
      {children}
      {pages.items.length > 0 || pages.hasPrevious ? (
        <Pagination
          page={pages.page}
          hasPrevious={pages.hasPrevious}
          hasNext={pages.hasNext}
          onPrevious={pages.goPrevious}
          onNext={pages.goNext}
        />
      ) : null}
    </Stack>
  );
}
