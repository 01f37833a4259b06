import { Card, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { can } from '#shared/capabilities';
import { collectionIdsOf, type SectionWidgetOf } from '#shared/contracts/page';
import { CollectionCard, CollectionCardSkeleton } from '../../../../components/ui/collection-card.tsx';
import { useSession } from '../../../../lib/auth/session-store.ts';
import { useWidgetCollections } from '../../api/collections.ts';
import { useWidgetHeadingLevel, WidgetTitle } from './widget-parts.tsx';

/** The grid of cards: one column on phones, up to three on wide screens. */
const COLUMNS = { base: 1, md: 2, lg: 3 } as const;

/**
 * collections (issue 26 item 2; decision record 076): the widget's title as a heading,
 * then a card per collection it names, in its order (name linking to the collection's
 * page, description, item count), each loaded on its own with a skeleton meanwhile. A
 * collection that is gone or no longer curated is left out for visitors; an editor
 * (`updateContent`) sees "Collection no longer available" in its place, to mend the
 * section. Nothing at all is drawn for a visitor when none is left.
 */
export function CollectionsWidgetView({ widget }: { widget: SectionWidgetOf<'collections'> }) {
  const ids = collectionIdsOf(widget.customAttributes.collectionIds);
  const queries = useWidgetCollections(ids);
  const editor = can(useSession().principal, 'updateContent');
  const level = useWidgetHeadingLevel();
  const hasTitle = widget.title !== '';
  const cardLevel = hasTitle ? (Math.min(level + 1, 6) as 3 | 4 | 5 | 6) : level;
  const loading = queries.some((query) => query.isPending);
  const cards = ids.flatMap((id, index) => {
    const query = queries[index];
    if (!query || query.isPending) {
      return [
        <li key={id}>
          <CollectionCardSkeleton />
        </li>,
      ];
    }
    const collection = query.data;
    if (collection && collection.visibility === 'curated') {
      return [
        <li key={id}>
          <CollectionCard collection={collection} headingLevel={cardLevel} />
        </li>,
      ];
    }
    if (!editor) return [];
    return [
      <li key={id}>
        <Card.Root variant="outline" height="full" borderStyle="dashed">
          <Card.Body>
            <Text color="fg.muted">
              {query.isError ? 'This collection could not be loaded.' : 'Collection no longer available'}
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
