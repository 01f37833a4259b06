import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { CheckIcon, LinkIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as ReactRouterLink, useNavigate } from 'react-router-dom';
import type { Collection, CollectionCoverage } from '#shared/contracts/collection';
import type { LibraryItemState } from '#shared/contracts/library';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contentPath } from '../../../lib/content-path.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { deleteCollection, useCollection, useCollectionCoverage } from '../api/collections.ts';
import { collectionPath, VISIBILITY_LABELS } from './collection-parts.tsx';

/** The owner's editor, loaded when "Edit collection" is first pressed (readers never load the form). */
const CollectionEditor = lazy(() => import('./collection-editor.tsx'));

/** Where the owner lands after deleting a collection: the Collections tab of My library. */
const MY_COLLECTIONS_PATH = '/library?tab=collections';
/** The public list of curated collections (decision record 076). */
const CURATED_COLLECTIONS_PATH = '/collections';

/** What became of an entry's item, as its badge says (available items show none). */
const STATE_LABELS: Readonly<Record<Exclude<LibraryItemState, 'available'>, { label: string; palette: string }>> = {
  archived: { label: 'Archived', palette: 'orange' },
  unavailable: { label: 'Unavailable', palette: 'gray' },
  removed: { label: 'Removed', palette: 'red' },
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
 * may not open (404) reads as not found. "Copy link" for a shared or curated one;
 * `downloadAll` (composed by the route: the downloads feature's "Download all") beside
 * it. Its owner also gets Edit (the collection editor in place of the list, loaded on demand) and
 * Delete (after a confirmation; My library's Collections tab opens then; decision record 077).
 */
export function CollectionScreen({ id, downloadAll }: { id: string; downloadAll?: ReactNode }) {
  const collection = useCollection(id);
  const [editing, setEditing] = useState(false);
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
      <Breadcrumbs
        crumbs={[
          { label: 'Collections', to: CURATED_COLLECTIONS_PATH, current: false },
          { label: data.name, to: collectionPath(data.id), current: true },
        ]}
      />
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
        {editing ? null : data.description ? (
          <Text maxW="prose" whiteSpace="pre-line">
            {data.description}
          </Text>
        ) : null}
      </Stack>
      {editing ? (
        <Suspense fallback={<Text>Loading the editor…</Text>}>
          <CollectionEditor
            key={data.version}
            collection={data}
            onReload={() => void collection.refetch()}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <>
          <CollectionActions collection={data} downloadAll={downloadAll} onEdit={() => setEditing(true)} />
          <Entries collection={data} />
          <Coverage id={id} />
        </>
      )}
    </Stack>
  );
}

/**
 * The actions of the page: "Download all" (when composed), "Copy link" for a shared
 * or curated collection, and the owner's Edit and Delete (after a confirmation).
 */
function CollectionActions({
  collection,
  downloadAll,
  onEdit,
}: {
  collection: Collection;
  downloadAll?: ReactNode;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const removal = useMutation({
    mutationFn: () => deleteCollection(collection.id),
    meta: { handledStatuses: [404] },
    onSuccess: () => {
      announce(`Collection “${collection.name}” deleted.`);
      navigate(MY_COLLECTIONS_PATH);
    },
  });
  const link = new URL(collectionPath(collection.id), window.location.origin).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
      announce('The link to the collection is copied.');
    } catch {
      setCopied('failed');
    }
  };
  const shared = collection.visibility !== 'private';
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap" align="flex-start">
        {downloadAll}
        <Button asChild variant="outline">
          <ReactRouterLink to={`/collections/${collection.id}/coverage`}>CAE and NICE coverage</ReactRouterLink>
        </Button>
        {shared ? (
          <Button variant="outline" onClick={() => void copy()}>
            {copied === 'copied' ? <CheckIcon aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
            {copied === 'copied' ? 'Link copied' : 'Copy link'}
          </Button>
        ) : null}
        {collection.owned ? (
          <>
            <Button variant="outline" onClick={onEdit}>
              <PencilIcon aria-hidden="true" />
              Edit collection
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => {
                removal.reset();
                setConfirming(true);
              }}
            >
              <Trash2Icon aria-hidden="true" />
              Delete collection
            </Button>
          </>
        ) : null}
      </HStack>
      {copied === 'failed' ? (
        <Text role="alert">
          The link could not be copied here. Copy it yourself:{' '}
          <Text as="span" fontFamily="mono">
            {link}
          </Text>
        </Text>
      ) : null}
      {collection.owned && !shared ? (
        <Text color="fg.muted" textStyle="sm">
          Only you can open this collection. To share it, edit it and choose “{VISIBILITY_LABELS.link}”.
        </Text>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete this collection?"
        description={`“${collection.name}” and your notes on its ${collection.itemCount} ${collection.itemCount === 1 ? 'item' : 'items'} are deleted for good; the items themselves stay in the repository.${shared ? ' Its link stops working.' : ''}`}
        confirmLabel="Delete collection"
        destructive
        pending={removal.isPending}
        error={
          removal.error instanceof ApiError ? removal.error.message : removal.error ? 'It could not be deleted.' : null
        }
        onConfirm={() => removal.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** The entries in order, with notes and what became of each item. */
function Entries({ collection: data }: { collection: Collection }) {
  return (
    <>
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
    </>
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
