import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import type { CollectionCoverage, CollectionVisibility } from '#shared/contracts/collection';
import type { LibraryItemState } from '#shared/contracts/library';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contentPath } from '../../../lib/content-path.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCollection, useCollectionCoverage } from '../api/collections.ts';

/** What became of an entry's item, as its badge says (available items show none). */
const STATE_LABELS: Readonly<Record<Exclude<LibraryItemState, 'available'>, { label: string; palette: string }>> = {
  archived: { label: 'Archived', palette: 'orange' },
  unavailable: { label: 'Unavailable', palette: 'gray' },
  removed: { label: 'Removed', palette: 'red' },
};

/** How each visibility reads on the page. */
export const VISIBILITY_LABELS: Readonly<Record<CollectionVisibility, string>> = {
  private: 'Private',
  link: 'Shared by link',
  curated: 'Curated',
};

/** The knowledge types of the coverage section, in the order shown. */
const COVERAGE_TYPES: ReadonlyArray<{ key: keyof CollectionCoverage; label: string }> = [
  { key: 'TKS', label: 'NICE TKS statements' },
  { key: 'KSA', label: 'NICE KSA statements' },
  { key: 'KU', label: 'CAE knowledge units' },
];

/**
 * The page of one collection (`/collections/:id`; issue 26 item 2; decision record 074):
 * its name, description, owner or curator and visibility, its entries in order with the
 * owner's notes (items removed, archived or no longer open to the reader shown as such,
 * never an error), and the NICE/CAE coverage loaded on demand. A collection the reader
 * may not open (404) reads as not found.
 */
export function CollectionScreen({ id }: { id: string }) {
  const collection = useCollection(id);
  useDocumentTitle(collection.data?.name ?? 'Collection');
  if (collection.isPending) return <Text>Loading the collection…</Text>;
  if (collection.isError) {
    if (collection.error instanceof ApiError && collection.error.statusCode === 404)
      return (
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            Collection not found
          </Heading>
          <Text>This collection does not exist, or it is private to its owner.</Text>
        </Stack>
      );
    return <LoadError title="The collection could not be loaded." onRetry={() => collection.refetch()} />;
  }
  const data = collection.data;
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          {data.name}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <Text color="fg.muted">
            {data.visibility === 'curated' ? 'Curated by' : 'By'} {data.ownerName}
          </Text>
          <Badge variant="outline">{VISIBILITY_LABELS[data.visibility]}</Badge>
          <Text color="fg.muted">
            {data.itemCount} {data.itemCount === 1 ? 'item' : 'items'}
          </Text>
        </HStack>
        {data.description ? (
          <Text maxW="prose" whiteSpace="pre-line">
            {data.description}
          </Text>
        ) : null}
      </Stack>
      {data.entries.length === 0 ? (
        <Text>This collection has no items yet.</Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Items of the collection">
          {data.entries.map((entry, index) => {
            const state = entry.state === 'available' ? null : STATE_LABELS[entry.state];
            return (
              <Box as="li" key={entry.contentId} borderWidth="1px" borderRadius="md" p="4">
                <Stack gap="2">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Heading as="h2" size="md">
                      <Text as="span" color="fg.muted">
                        {index + 1}.{' '}
                      </Text>
                      {entry.content && entry.state !== 'unavailable' ? (
                        <Link asChild color="link" textDecoration="underline">
                          <ReactRouterLink to={contentPath(entry.content)}>{entry.name}</ReactRouterLink>
                        </Link>
                      ) : (
                        entry.name
                      )}
                    </Heading>
                    {state ? (
                      <Badge colorPalette={state.palette} variant="subtle">
                        {state.label}
                      </Badge>
                    ) : null}
                  </HStack>
                  {entry.content?.summary ? <Text lineClamp={2}>{entry.content.summary}</Text> : null}
                  {entry.note ? (
                    <Text whiteSpace="pre-line">
                      <Text as="span" fontWeight="semibold">
                        Note:
                      </Text>{' '}
                      {entry.note}
                    </Text>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      <Coverage id={id} />
    </Stack>
  );
}

/** The NICE/CAE coverage section: one request, made when the reader asks for it. */
function Coverage({ id }: { id: string }) {
  const [shown, setShown] = useState(false);
  const coverage = useCollectionCoverage(id, { enabled: shown });
  return (
    <Stack as="section" gap="3" aria-labelledby="collection-coverage">
      <Heading as="h2" size="lg" id="collection-coverage">
        NICE and CAE coverage
      </Heading>
      {!shown ? (
        <Box>
          <Button variant="outline" onClick={() => setShown(true)}>
            Show coverage
          </Button>
        </Box>
      ) : coverage.isPending ? (
        <Text>Loading the coverage…</Text>
      ) : coverage.isError ? (
        <LoadError title="The coverage could not be loaded." onRetry={() => coverage.refetch()} />
      ) : (
        COVERAGE_TYPES.map(({ key, label }) => {
          const items = coverage.data[key];
          return (
            <Stack key={key} gap="1">
              <Heading as="h3" size="md">
                {label} ({items.length})
              </Heading>
              {items.length === 0 ? (
                <Text>None.</Text>
              ) : (
                <Stack as="ul" gap="1" pl="5">
                  {items.map((item) => (
                    <li key={item.id}>
                      {item.id}: {item.name} ({item.contentIds.length} {item.contentIds.length === 1 ? 'item' : 'items'}
                      )
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
