import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { CollectionSummary } from '#shared/contracts/collection';
import { RouterLink } from '../../../components/ui/link.tsx';
import { formatDay } from '../../../lib/date-time.ts';
import { collectionPath } from './collection-parts.tsx';

/** Heading levels a collection card's name may take (one below the heading it sits under). */
export type CollectionCardHeadingLevel = 2 | 3 | 4 | 5 | 6;

/**
 * One collection as a card on the public collections page (issue 26 item 2; decision
 * record 076; the page builder's widget draws its own, as features do not import each
 * other and a shared card would be one more chunk named in the first render): its name as a heading
 * (`headingLevel`) that links to its page (the whole card takes the click, the link
 * stays the one focusable element), its description clamped to three lines, and a line
 * with its item count, curator and the day it last changed.
 */
export function CollectionCard({
  collection,
  headingLevel,
}: {
  collection: Pick<CollectionSummary, 'id' | 'name' | 'description' | 'itemCount' | 'ownerName' | 'modifiedTimestamp'>;
  headingLevel: CollectionCardHeadingLevel;
}) {
  return (
    <Card.Root variant="outline" height="full" position="relative" _hover={{ borderColor: 'brand.solid' }}>
      <Card.Body gap="2">
        <Heading as={`h${headingLevel}`} size="md">
          <RouterLink
            to={collectionPath(collection.id)}
            color="link"
            textDecoration="underline"
            _after={{ content: '""', position: 'absolute', inset: '0' }}
          >
            {collection.name}
          </RouterLink>
        </Heading>
        {collection.description ? (
          <Text lineClamp={3} whiteSpace="pre-line">
            {collection.description}
          </Text>
        ) : null}
        <Text color="fg.muted" fontSize="sm">
          {collection.itemCount} {collection.itemCount === 1 ? 'item' : 'items'} · Curated by {collection.ownerName} ·
          Updated {formatDay(collection.modifiedTimestamp)}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The place of a card while it loads (hidden from assistive technology; the list says it is loading). */
export function CollectionCardSkeleton() {
  return (
    <Card.Root variant="outline" height="full" aria-hidden="true">
      <Card.Body>
        <Stack gap="3">
          <Skeleton height="5" width="60%" />
          <Skeleton height="4" />
          <Skeleton height="4" width="40%" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
