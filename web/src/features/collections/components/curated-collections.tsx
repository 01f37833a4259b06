import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { CURATED_PAGE_SIZE, useCuratedCollections } from '../api/curated-collections.ts';
import { CollectionCard, CollectionCardSkeleton } from './collection-card.tsx';

/** The grid of cards: one column on phones, up to three on wide screens. */
const COLUMNS = { base: 1, md: 2, lg: 3 } as const;
/** The cards shown while the first page loads. */
const SKELETONS = ['first', 'second', 'third'] as const;

/**
 * The public collections page (`/collections`; issue 26 item 2; decision record 076):
 * the curated collections, newest first, as cards (name linking to the collection's
 * page, description, item count, curator, last change), {@link CURATED_PAGE_SIZE} at a
 * time with "Load more"; a skeleton while the first page loads, an empty state, and
 * the error with Retry. Open to everyone, signed in or not.
 */
export function CuratedCollections() {
  useDocumentTitle('Collections');
  const query = useCuratedCollections();
  const collections = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          Collections
        </Heading>
        <Text maxW="prose">
          Sets of courseware gathered by our editors around a topic, a course or a week of teaching. Open one to see its
          items in order, with the editor’s notes.
        </Text>
      </Stack>
      {query.isPending ? (
        <Box role="status" aria-label="Loading the collections">
          <SimpleGrid columns={COLUMNS} gap="4">
            {SKELETONS.map((key) => (
              <CollectionCardSkeleton key={key} />
            ))}
          </SimpleGrid>
        </Box>
      ) : query.isError && collections.length === 0 ? (
        <LoadError title="The collections could not be loaded." onRetry={() => query.refetch()} />
      ) : collections.length === 0 ? (
        <Text>No curated collections yet.</Text>
      ) : (
        <Stack gap="4">
          <SimpleGrid
            as="ul"
            columns={COLUMNS}
            gap="4"
            listStyleType="none"
            m="0"
            p="0"
            aria-label="Curated collections"
          >
            {collections.map((collection) => (
              <li key={collection.id}>
                <CollectionCard collection={collection} headingLevel={2} />
              </li>
            ))}
          </SimpleGrid>
          {query.isFetchNextPageError ? (
            <LoadError title="More collections could not be loaded." onRetry={() => query.fetchNextPage()} />
          ) : query.hasNextPage ? (
            <Box>
              <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
                Load more
              </Button>
            </Box>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
