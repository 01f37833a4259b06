import { Button, Dialog, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { COLLECTION_LIMITS } from '#shared/contracts/collection';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { addCollectionEntry, createCollection, useCollectionWrite, useMyCollections } from '../api/collections.ts';
import { collectionPath, NativeRadio } from './collection-parts.tsx';

/** The choice of the dialog that makes a new collection rather than adding to one. */
const NEW_COLLECTION = 'new';

const AddValues = z
  .object({
    target: z.string().min(1, 'Choose a collection.'),
    name: z
      .string()
      .trim()
      .max(COLLECTION_LIMITS.nameMaxChars, `Must be at most ${COLLECTION_LIMITS.nameMaxChars} characters.`),
    note: z
      .string()
      .trim()
      .max(COLLECTION_LIMITS.noteMaxChars, `Must be at most ${COLLECTION_LIMITS.noteMaxChars} characters.`),
  })
  .superRefine((values, context) => {
    if (values.target === NEW_COLLECTION && values.name.length === 0) {
      context.addIssue({ code: 'custom', path: ['name'], message: 'Required.' });
    }
  });
type AddValues = z.input<typeof AddValues>;

/**
 * The dialog of "Add to collection" (issue 26 item 2; decision record 077), loaded when a
 * reader first opens it: the reader's collections as radios, "A new collection" with its
 * name, an optional note; then where the item went, with a link to the collection.
 */
export function AddToCollectionDialog({
  open,
  onClose,
  contentId,
  name,
}: {
  open: boolean;
  onClose: () => void;
  contentId: string;
  name: string;
}) {
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={firstField} busy={busy} size="md">
      <AddForm contentId={contentId} itemName={name} firstField={firstField} busy={busy} onClose={onClose} />
    </FormDialog>
  );
}

/** Where the item went: the collection, and whether it was there already. */
interface Added {
  readonly id: string;
  readonly name: string;
  readonly already: boolean;
}

function AddForm({
  contentId,
  itemName,
  firstField,
  busy,
  onClose,
}: {
  contentId: string;
  itemName: string;
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
}) {
  const mine = useMyCollections();
  const collections = mine.data?.pages.flatMap((page) => page.items) ?? [];
  const form = useZodForm(AddValues, { target: '', name: '', note: '' });
  const target = useWatch({ control: form.control, name: 'target' });
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<Added | null>(null);
  const write = useCollectionWrite(
    async (values: z.output<typeof AddValues>) =>
      values.target === NEW_COLLECTION
        ? createCollection({
            name: values.name,
            description: '',
            visibility: 'private',
            entries: [{ contentId, note: values.note }],
          })
        : addCollectionEntry(values.target, { contentId, note: values.note }),
    { handledStatuses: [400, 403, 404, 409] },
  );
  const radioName = useId();

  const send = async (values: z.output<typeof AddValues>) => {
    busy.current = true;
    try {
      const before = collections.find((one) => one.id === values.target);
      const collection = await write.mutateAsync(values);
      setAdded({
        id: collection.id,
        name: collection.name,
        already: before !== undefined && before.itemCount === collection.itemCount,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!applyServerErrors(error, form.setError, ['name', 'note'])) setFormError(error.message);
    } finally {
      busy.current = false;
    }
  };
  const submit = (event: FormEvent) => {
    setFormError(null);
    return form.handleSubmit(send)(event);
  };

  if (added) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Added to a collection</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text role="status">
            {added.already
              ? `“${itemName}” was already in “${added.name}”.`
              : `“${itemName}” was added to “${added.name}”.`}
          </Text>
        </Dialog.Body>
        <Dialog.Footer>
          <LinkButton to={collectionPath(added.id)} variant="outline">
            Open the collection
          </LinkButton>
          <Button colorPalette="brand" onClick={onClose}>
            Done
          </Button>
        </Dialog.Footer>
      </>
    );
  }

  const nameField = form.register('name');
  const targetField = form.register('target');
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>Add to a collection</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Dialog.Description>“{itemName}”</Dialog.Description>
            {mine.isPending ? (
              <Text role="status">Loading your collections…</Text>
            ) : mine.isError ? (
              <FormProblem message="Your collections could not be loaded." onReload={() => void mine.refetch()} />
            ) : (
              <FormField<AddValues> name="target" id={`${radioName}-target`} label="Collection" group required>
                {(control) => (
                  <Stack gap="2" {...control}>
                    {collections.map((collection, index) => (
                      <HStack as="label" key={collection.id} gap="2" alignItems="flex-start" cursor="pointer">
                        <NativeRadio
                          type="radio"
                          {...targetField}
                          ref={(element: HTMLInputElement | null) => {
                            targetField.ref(element);
                            if (index === 0) firstField.current = element;
                          }}
                          value={collection.id}
                          colorPalette="brand"
                        />
                        <Text>
                          {collection.name}{' '}
                          <Text as="span" color="fg.muted">
                            ({collection.itemCount} {collection.itemCount === 1 ? 'item' : 'items'})
                          </Text>
                        </Text>
                      </HStack>
                    ))}
                    <HStack as="label" gap="2" alignItems="flex-start" cursor="pointer">
                      <NativeRadio
                        type="radio"
                        {...targetField}
                        ref={(element: HTMLInputElement | null) => {
                          targetField.ref(element);
                          if (collections.length === 0) firstField.current = element;
                        }}
                        value={NEW_COLLECTION}
                        colorPalette="brand"
                      />
                      <Text>A new collection</Text>
                    </HStack>
                  </Stack>
                )}
              </FormField>
            )}
            {target === NEW_COLLECTION ? (
              <FormField<AddValues>
                name="name"
                label="Name of the new collection"
                hint="It is private until you share it from its page."
                required
              >
                {(control) => (
                  <Input {...control} {...nameField} maxLength={COLLECTION_LIMITS.nameMaxChars} autoComplete="off" />
                )}
              </FormField>
            ) : null}
            <FormField<AddValues>
              name="note"
              label="Note (optional)"
              hint={<CharacterCount<AddValues> name="note" max={COLLECTION_LIMITS.noteMaxChars} />}
            >
              {(control) => <Textarea {...control} {...form.register('note')} rows={3} />}
            </FormField>
            <FormProblem message={formError} />
          </Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel="Add" onCancel={onClose} pending={write.isPending} loadingText="Adding…" />
      </form>
    </FormProvider>
  );
}

export default AddToCollectionDialog;
