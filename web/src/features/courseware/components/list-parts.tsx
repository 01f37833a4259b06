import { HStack, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef } from 'react';
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

/**
 * After a page change, focus moves to the list's heading (so the reader starts
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
