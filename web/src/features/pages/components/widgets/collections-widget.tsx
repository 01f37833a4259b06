import { Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { can } from '#shared/capabilities';
import type { Collection } from '#shared/contracts/collection';
import { collectionIdsOf, type SectionWidgetOf } from '#shared/contracts/page';
import { RouterLink } from '../../../../components/ui/link.tsx';
import { useSession } from '../../../../lib/auth/session-store.ts';
import { useWidgetCollections } from '../../api/collections.ts';
import { useWidgetHeadingLevel, WidgetTitle } from './widget-parts.tsx';

/** The grid of cards: one column on phones, up to three on wide screens. */
const COLUMNS = { base: 1, md: 2, lg: 3 } as const;

/**
 * One collection of the widget: its name as a heading at `level` linking to its page
 * (the whole card takes the click), its description clamped to three lines and its
 * item count.
 */
function WidgetCollectionCard({ collection, level }: { collection: Collection; level: number }) {
  return (
    <Card.Root variant="outline" height="full" position="relative" _hover={{ borderColor: 'brand.solid' }}>
      <Card.Body gap="2">
        <Heading as={`h${level}` as 'h3'} size="md">
          <RouterLink
            to={`/collections/${collection.id}`}
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
          {collection.itemCount} {collection.itemCount === 1 ? 'item' : 'items'} · Curated by {collection.ownerName}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * collections (issue 26 item 2; decision record 076): the widget's title as a heading,
 * then a card per collection it names, in its order (name linking to the collection's
 * page, description, item count), read together with a skeleton per card meanwhile. A
 * collection that is gone or no longer curated is left out for visitors; an editor
 * (`updateContent`) sees "Collection no longer available" in its place, to mend the
 * section. Nothing at all is drawn for a visitor when none is left.
 */
export function CollectionsWidgetView({ widget }: { widget: SectionWidgetOf<'collections'> }) {
  const ids = collectionIdsOf(widget.customAttributes.collectionIds);
  const query = useWidgetCollections(ids);
  const editor = can(useSession().principal, 'updateContent');
  const level = useWidgetHeadingLevel();
  const hasTitle = widget.title !== '';
  const cardLevel = hasTitle ? Math.min(level + 1, 6) : level;
  const loading = query.isPending;
  const cards = loading
    ? ids.map((id) => (
        <li key={id}>
          <Card.Root variant="outline" height="full" aria-hidden="true">
            <Card.Body gap="3">
              <Skeleton height="5" width="60%" />
              <Skeleton height="4" />
            </Card.Body>
          </Card.Root>
        </li>
      ))
    : (query.data ?? []).flatMap(({ id, collection, failed }) => {
        if (collection && collection.visibility === 'curated') {
          return [
            <li key={id}>
              <WidgetCollectionCard collection={collection} level={cardLevel} />
            </li>,
          ];
        }
        if (!editor) return [];
        return [
          <li key={id}>
            <Card.Root variant="outline" height="full" borderStyle="dashed">
              <Card.Body>
                <Text color="fg.muted">
                  {failed ? 'This collection could not be loaded.' : 'Collection no longer available'}
                </Text>
              </Card.Body>
            </Card.Root>
          </li>,
        ];
      });
  if (!loading && cards.length === 0) return null;
  return (
    <Stack gap="4">
      {hasTitle ? <WidgetTitle>{widget.title}</WidgetTitle> : null}
      <SimpleGrid
        as="ul"
        columns={COLUMNS}
        gap="4"
        listStyleType="none"
        m="0"
        p="0"
        aria-label={widget.title || 'Collections'}
        aria-busy={loading || undefined}
      >
        {cards}
      </SimpleGrid>
    </Stack>
  );
}
