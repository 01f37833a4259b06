import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useRelatedContent } from '../api/get-related-content.ts';
import { CardSkeleton } from './card-skeleton.tsx';
import { ContentCard } from './content-card.tsx';

/**
 * "Related courseware" on a content page (issue 24 item 5): cards of the items that
 * share the most knowledge items and tags with this one, from a query of its own, so
 * the item shows without waiting for it. Placeholder cards while it loads, a sentence
 * when nothing is related (or the search index does not know the item yet: 404), an
 * error with Retry when it fails otherwise.
 */
export function RelatedCourseware({ contentId }: { contentId: string }) {
  const query = useRelatedContent(contentId);
  return (
    <Box as="section" aria-labelledby="related-heading">
      <Heading as="h2" id="related-heading" size="lg" mb="3">
        Related courseware
      </Heading>
      {query.isPending ? (
        <CardSkeleton label="Loading related courseware" />
      ) : query.data?.items.length === 0 ? (
        <Text color="fg.muted">No related courseware yet.</Text>
      ) : query.isError ? (
        <LoadError title="Related courseware could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none" m="0" p="0">
          {query.data.items.map((item) => (
            <li key={item.id}>
              <ContentCard content={item} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
