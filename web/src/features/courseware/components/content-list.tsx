import { Alert, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon, RotateCwIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { announce } from '../../../lib/announcer.tsx';
import { useContentPages } from '../hooks/use-content-pages.ts';
import { ContentCard } from './content-card.tsx';

export const CONTENT_LIST_ID = 'content-list';

function ListSkeleton() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-label="Loading courseware">
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
 * The paged list of content cards (spec §2.5), 10 per page: Loading, error (with
 * Retry), empty ("content does not exist", or "no results" when searching) and
 * Previous / Next. A page change moves focus to the list heading and says the page.
 */
export function ContentList({
  newOrUpdated,
  searching,
  debounceMs,
}: {
  newOrUpdated: boolean;
  searching: boolean;
  debounceMs?: number;
}) {
  const pages = useContentPages({ newOrUpdated, ...(debounceMs === undefined ? {} : { debounceMs }) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(pages.page);

  useEffect(() => {
    if (shownPage.current === pages.page) return;
    shownPage.current = pages.page;
    headingRef.current?.focus();
    announce(`Page ${pages.page}`);
  }, [pages.page]);

  const title = searching ? 'New or updated courseware' : 'All courseware';

  let body: ReactNode;
  if (pages.isPending) {
    body = <ListSkeleton />;
  } else if (pages.isError) {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The courseware list could not be loaded.</Alert.Title>
          <Alert.Description>Check your connection and try again.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => pages.refetch()} alignSelf="center">
          <RotateCwIcon aria-hidden="true" />
          Retry
        </Button>
      </Alert.Root>
    );
  } else if (pages.items.length === 0) {
    body = (
      <Text role="status" color="fg.muted" py="6">
        {searching ? 'No results: no courseware was added or updated recently.' : 'Content does not exist.'}
      </Text>
    );
  } else {
    body = (
      <SimpleGrid
        as="ul"
        columns={{ base: 1, md: 2 }}
        gap="4"
        listStyleType="none"
        m="0"
        p="0"
        aria-labelledby={CONTENT_LIST_ID}
      >
        {pages.items.map((item) => (
          <li key={item.id}>
            <ContentCard content={item} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack as="section" gap="4" aria-labelledby={CONTENT_LIST_ID} aria-busy={pages.isFetching || undefined}>
      <Heading as="h2" id={CONTENT_LIST_ID} ref={headingRef} tabIndex={-1} size="xl" outline="none">
        {title}
      </Heading>
      {body}
      {pages.items.length > 0 || pages.hasPrevious ? (
        <HStack as="nav" aria-label="Pagination" justify="space-between" pt="2">
          <Button variant="outline" onClick={pages.goPrevious} disabled={!pages.hasPrevious}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Text aria-live="off">Page {pages.page}</Text>
          <Button variant="outline" onClick={pages.goNext} disabled={!pages.hasNext}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
