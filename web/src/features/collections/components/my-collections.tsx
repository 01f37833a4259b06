import { Badge, Box, Button, Dialog, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FolderPlusIcon } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as ReactRouterLink, useNavigate } from 'react-router-dom';
import type * as z from 'zod';
import { COLLECTION_LIMITS, type CollectionSummary } from '#shared/contracts/collection';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/date-time.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { truncate } from '../../../lib/text.ts';
import { createCollection, useCollectionWrite, useMyCollections } from '../api/collections.ts';
import { CollectionDetailsFields, CollectionDetailsValues, useVisibilityChoices } from './collection-fields.tsx';
import { collectionPath, VISIBILITY_LABELS } from './collection-parts.tsx';

/** Characters of a collection's description the list shows. */
const DESCRIPTION_MAX_CHARS = 200;

/**
 * The Collections tab of My library (issue 26 item 2; decision record 077): the reader's
 * collections, most recently changed first (name, visibility, item count, last change),
 * "Load more", and "New collection" (a dialog: name, description, visibility; the new
 * collection's page opens). Items are added from courseware cards and pages.
 */
export function MyCollections() {
  const mine = useMyCollections();
  const [creating, setCreating] = useState(false);
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text maxW="prose">
          Gather courseware in the order you teach it, with a note on each item, and share a collection by its link.
        </Text>
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          <FolderPlusIcon aria-hidden="true" />
          New collection
        </Button>
      </HStack>
      {mine.isPending ? (
        <Text>Loading your collections…</Text>
      ) : mine.isError ? (
        <LoadError title="Your collections could not be loaded." onRetry={() => mine.refetch()} />
      ) : (
        <CollectionList items={mine.data.pages.flatMap((page) => page.items)} />
      )}
      {mine.hasNextPage ? (
        <Button
          alignSelf="flex-start"
          variant="outline"
          loading={mine.isFetchingNextPage}
          onClick={() => void mine.fetchNextPage()}
        >
          Show more collections
        </Button>
      ) : null}
      <FormDialog open={creating} onClose={() => setCreating(false)} initialFocus={firstField} busy={busy} size="md">
        <NewCollectionForm firstField={firstField} busy={busy} onCancel={() => setCreating(false)} />
      </FormDialog>
    </Stack>
  );
}

function CollectionList({ items }: { items: readonly CollectionSummary[] }) {
  if (items.length === 0)
    return (
      <Text>No collections yet. Choose “New collection”, or “Add to collection” on a courseware card or page.</Text>
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="My collections">
      {items.map((collection) => (
        <Box as="li" key={collection.id} borderWidth="1px" borderRadius="md" p="4">
          <Stack gap="2">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Heading as="h2" size="md">
                <Link asChild color="link" textDecoration="underline">
                  <ReactRouterLink to={collectionPath(collection.id)}>{collection.name}</ReactRouterLink>
                </Link>
              </Heading>
              <Badge variant="outline">{VISIBILITY_LABELS[collection.visibility]}</Badge>
            </HStack>
            {collection.description ? (
              <Text color="fg.muted">{truncate(collection.description, DESCRIPTION_MAX_CHARS)}</Text>
            ) : null}
            <Text textStyle="sm" color="fg.muted">
              {collection.itemCount} {collection.itemCount === 1 ? 'item' : 'items'} · changed{' '}
              {formatDay(collection.modifiedTimestamp)}
            </Text>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** The "New collection" form: on success the new collection's page opens. */
function NewCollectionForm({
  firstField,
  busy,
  onCancel,
}: {
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onCancel: () => void;
}) {
  const form = useZodForm(CollectionDetailsValues, { name: '', description: '', visibility: 'private' });
  const choices = useVisibilityChoices();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const write = useCollectionWrite(
    (values: z.output<typeof CollectionDetailsValues>) => createCollection({ ...values, entries: [] }),
    { handledStatuses: [400, 403, 409] },
  );
  const id = useId();
  const send = async (values: z.output<typeof CollectionDetailsValues>) => {
    busy.current = true;
    try {
      const collection = await write.mutateAsync(values);
      busy.current = false;
      navigate(collectionPath(collection.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!applyServerErrors(error, form.setError, ['name', 'description', 'visibility'])) setFormError(error.message);
    } finally {
      busy.current = false;
    }
  };
  const submit = (event: FormEvent) => {
    setFormError(null);
    return form.handleSubmit(send)(event);
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>New collection</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Dialog.Description>
              Up to {COLLECTION_LIMITS.itemsMax} items; you add them from courseware cards and pages.
            </Dialog.Description>
            <CollectionDetailsFields idPrefix={id} choices={choices} firstField={firstField} />
            <FormProblem message={formError} />
          </Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel="Create" onCancel={onCancel} pending={write.isPending} loadingText="Creating…" />
      </form>
    </FormProvider>
  );
}

export default MyCollections;
