import { Box, Button, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray } from 'react-hook-form';
import type * as z from 'zod';
import { COLLECTION_LIMITS, type Collection, CollectionEntriesInput } from '#shared/contracts/collection';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';
import { updateCollection, useCollectionWrite } from '../api/collections.ts';
import { CollectionDetailsFields, CollectionDetailsValues, useVisibilityChoices } from './collection-fields.tsx';

const EditValues = CollectionDetailsValues.extend({ entries: CollectionEntriesInput });
type EditValues = z.input<typeof EditValues>;

/** Which move button keeps the focus after its row moved. */
type MoveButton = 'up' | 'down';

/**
 * The owner's editor of a collection (issue 26 item 2; decision record 077): name,
 * description, visibility (curated for editors only), and the entries in order, each
 * with its note, "Move up", "Move down" and "Remove". A move keeps the focus on the
 * button pressed, in the row's new place, and says the new position through the live
 * region ("… moved to position 2 of 5."); at either end the button stays focusable
 * (`aria-disabled`) and does nothing. Nothing is written until Save, which replaces the
 * whole collection at the version read; a change made elsewhere meanwhile (409) is
 * reported with a Reload that shows the collection as saved (what was typed here is
 * lost, as the message says). `onReload` refetches; `onDone` leaves the editor.
 */
export function CollectionEditor({
  collection,
  onReload,
  onDone,
}: {
  collection: Collection;
  onReload: () => void;
  onDone: () => void;
}) {
  const names = new Map(collection.entries.map((entry) => [entry.contentId, entry.name]));
  const form = useZodForm(EditValues, {
    name: collection.name,
    description: collection.description,
    visibility: collection.visibility,
    entries: collection.entries.map(({ contentId, note }) => ({ contentId, note })),
  });
  const entries = useFieldArray<EditValues, 'entries', 'key'>({
    control: form.control,
    name: 'entries',
    keyName: 'key',
  });
  const choices = useVisibilityChoices(collection.visibility);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const id = useId();
  const focusAfterMove = useRef<{ contentId: string; button: MoveButton } | null>(null);
  const write = useCollectionWrite(
    (values: z.output<typeof EditValues>) =>
      updateCollection(collection.id, { ...values, version: collection.version }),
    { handledStatuses: [400, 403, 404, 409] },
  );

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    document.getElementById(`${id}-${wanted.button}-${wanted.contentId}`)?.focus();
  });

  const move = (from: number, to: number, button: MoveButton) => {
    if (to < 0 || to >= entries.fields.length) return;
    const entry = entries.fields[from];
    if (!entry) return;
    focusAfterMove.current = { contentId: entry.contentId, button };
    entries.move(from, to);
    announce(`“${names.get(entry.contentId) ?? ''}” moved to position ${to + 1} of ${entries.fields.length}.`);
  };
  const remove = (index: number) => {
    const entry = entries.fields[index];
    if (!entry) return;
    entries.remove(index);
    announce(`“${names.get(entry.contentId) ?? ''}” removed from the list. Save to keep the change.`);
  };

  const send = async (values: z.output<typeof EditValues>) => {
    try {
      await write.mutateAsync(values);
      announce('Collection saved.');
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.statusCode === 409) {
        setProblem({
          message: `${error.message} Reload to see the collection as it is now; your changes here will be lost.`,
          stale: true,
        });
      } else if (
        !applyServerErrors(error, form.setError, [
          'name',
          'description',
          'visibility',
          ...values.entries.map((_entry, index) => `entries.${index}.note` as const),
        ])
      ) {
        setProblem({ message: error.message, stale: false });
      }
    }
  };
  const submit = (event: FormEvent) => {
    setProblem(null);
    return form.handleSubmit(send)(event);
  };

  const count = entries.fields.length;
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit collection">
        <Stack gap="6">
          <CollectionDetailsFields idPrefix={id} choices={choices} />
          <Stack as="section" gap="3" aria-labelledby={`${id}-items`}>
            <Heading as="h2" size="lg" id={`${id}-items`}>
              Items ({count} of {COLLECTION_LIMITS.itemsMax})
            </Heading>
            {count === 0 ? (
              <Text>No items. Add them with “Add to collection” on a courseware card or page.</Text>
            ) : (
              <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Items in order">
                {entries.fields.map((field, index) => {
                  const name = names.get(field.contentId) ?? field.contentId;
                  return (
                    <Box as="li" key={field.key} borderWidth="1px" borderRadius="md" p="3">
                      <Stack gap="2">
                        <HStack justify="space-between" wrap="wrap" gap="2">
                          <Text fontWeight="semibold">
                            <Text as="span" color="fg.muted">
                              {index + 1}.{' '}
                            </Text>
                            {name}
                          </Text>
                          <HStack gap="1">
                            <Button
                              id={`${id}-up-${field.contentId}`}
                              size="sm"
                              variant="outline"
                              aria-label={`Move “${name}” up`}
                              aria-disabled={index === 0 || undefined}
                              onClick={() => move(index, index - 1, 'up')}
                            >
                              <ArrowUpIcon aria-hidden="true" />
                              Up
                            </Button>
                            <Button
                              id={`${id}-down-${field.contentId}`}
                              size="sm"
                              variant="outline"
                              aria-label={`Move “${name}” down`}
                              aria-disabled={index === count - 1 || undefined}
                              onClick={() => move(index, index + 1, 'down')}
                            >
                              <ArrowDownIcon aria-hidden="true" />
                              Down
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              colorPalette="red"
                              aria-label={`Remove “${name}” from the collection`}
                              onClick={() => remove(index)}
                            >
                              <XIcon aria-hidden="true" />
                              Remove
                            </Button>
                          </HStack>
                        </HStack>
                        <FormField<EditValues>
                          name={`entries.${index}.note`}
                          label={`Note on “${name}”`}
                          hint={
                            <CharacterCount<EditValues>
                              name={`entries.${index}.note`}
                              max={COLLECTION_LIMITS.noteMaxChars}
                            />
                          }
                        >
                          {(control) => <Textarea {...control} {...form.register(`entries.${index}.note`)} rows={2} />}
                        </FormField>
                      </Stack>
                    </Box>
                  );
                })}
              </Stack>
            )}
          </Stack>
          <FormProblem message={problem?.message} onReload={problem?.stale ? onReload : undefined} />
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={write.isPending} loadingText="Saving…">
              Save
            </Button>
            <Button type="button" variant="outline" onClick={onDone} disabled={write.isPending}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}

export default CollectionEditor;
