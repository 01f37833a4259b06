import { Alert, Box, Button, Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useContentChildren } from '../api/get-content-children.ts';
import { CATEGORY_GROUP_HEADINGS } from '../utils/categories.ts';
import { groupChildren } from '../utils/group-children.ts';
import { ContentCard } from './content-card.tsx';

/** The children of a content item, 300 per page with "Load more" (spec §2.6, §9). */
export function ChildGroups({ parentId }: { parentId: string }) {
  const children = useContentChildren({ id: parentId });
  const items = children.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (children.isPending) {
    body = (
      <Stack gap="3" role="status" aria-label="Loading contents">
        <Skeleton height="20" />
        <Skeleton height="20" />
      </Stack>
    );
  } else if (children.isError && items.length === 0) {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The contents could not be loaded.</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => children.refetch()}>
          <RotateCwIcon aria-hidden="true" />
          Retry
        </Button>
      </Alert.Root>
    );
  } else {
    body = (
      <Stack gap="6">
        {groupChildren(items).map((group) => {
          const heading = group.category ? CATEGORY_GROUP_HEADINGS[group.category] : 'Other';
          const headingId = `children-${group.category ?? 'other'}`;
          return (
            <Box as="section" key={headingId} aria-labelledby={headingId}>
              <Heading as="h3" id={headingId} size="md" mb="3">
                {heading}{' '}
                <Box as="span" color="fg.muted" fontWeight="normal">
                  ({group.items.length})
                </Box>
              </Heading>
              <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none" m="0" p="0">
                {group.items.map((child) => (
                  <li key={child.id}>
                    <ContentCard content={child} headingLevel="h4" />
                  </li>
                ))}
              </SimpleGrid>
            </Box>
          );
        })}
        {children.hasNextPage ? (
          <Box>
            <Button variant="outline" onClick={() => children.fetchNextPage()} loading={children.isFetchingNextPage}>
              Load more
            </Button>
          </Box>
        ) : null}
      </Stack>
    );
  }

  return (
    <Box as="section" aria-labelledby="children-heading">
      <Heading as="h2" id="children-heading" size="lg" mb="4">
        Contents
      </Heading>
      {body}
    </Box>
  );
}
