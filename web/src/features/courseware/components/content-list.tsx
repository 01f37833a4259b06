import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useRef } from 'react';
import { useContentPages } from '../hooks/use-content-pages.ts';
import { ContentCard } from './content-card.tsx';
import { ListSkeleton, LoadError, Pagination, usePageChangeFocus } from './list-parts.tsx';

export const CONTENT_LIST_ID = 'content-list';

/**
 * "All courseware" (spec §2.5, no search): the paged list of content cards, 10 per
 * page: Loading, error (with Retry), empty ("content does not exist") and
 * Previous / Next. A page change moves focus to the list heading and says the page.
 */
export function ContentList({ debounceMs }: { debounceMs?: number }) {
  const pages = useContentPages({ newOrUpdated: false, ...(debounceMs === undefined ? {} : { debounceMs }) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageChangeFocus(pages.page, headingRef);

  let body: ReactNode;
  if (pages.isPending) {
    body = <ListSkeleton label="Loading courseware" />;
  } else if (pages.isError) {
    body = <LoadError title="The courseware list could not be loaded." onRetry={() => pages.refetch()} />;
  } else if (pages.items.length === 0) {
    body = (
      <Text role="status" color="fg.muted" py="6">
        Content does not exist.
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
        All courseware
      </Heading>
      {body}
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
