import { Box, Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { FieldPath } from 'react-hook-form';
import { collectionIdsOf } from '#shared/contracts/page';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { useCuratedCollectionChoices } from '../../api/collections.ts';
import type { SectionDraft } from '../../utils/section-form.ts';
import type { CollectionsFieldSpec } from '../../utils/widget-fields.ts';
import type { Register } from './form-parts.tsx';

/** What the picker says when no collection is curated. */
export const NO_CURATED_COLLECTIONS_MESSAGE = 'No curated collections yet: publish one from a collection’s page.';

/**
 * The collections widget's picker (issue 26 item 2; decision record 076): a group of
 * checkboxes named by `spec.label` ("Collections"), one per curated collection, each
 * named by the collection's name; ticking adds the collection at the end of the
 * widget's list, unticking removes it; once `spec.max` are ticked the others are
 * disabled. A ticked collection that is no longer curated (or not loaded yet) stays
 * listed, ticked, as "No longer available (<id>)", so the editor can untick it.
 * Loading, the empty state, the error with Retry and "Load more" for more than a page.
 */
export function CollectionsField({
  id,
  name,
  spec,
  value,
  onChange,
  register,
}: {
  id: string;
  /** The value's path in the section form: where its message is. */
  name: string;
  spec: CollectionsFieldSpec;
  /** The widget's `collectionIds`: comma-separated, in display order. */
  value: string;
  onChange: (value: string) => void;
  register: Register;
}) {
  const choices = useCuratedCollectionChoices();
  const chosen = collectionIdsOf(value);
  const listed = choices.data?.pages.flatMap((page) => page.items) ?? [];
  const listedIds = new Set(listed.map((collection) => collection.id));
  const unlisted = choices.hasNextPage || choices.isPending ? [] : chosen.filter((one) => !listedIds.has(one));
  const full = chosen.length >= spec.max;
  const toggle = (collectionId: string, checked: boolean) =>
    onChange(
      (checked
        ? [...chosen.filter((one) => one !== collectionId), collectionId]
        : chosen.filter((one) => one !== collectionId)
      ).join(','),
    );
  const hint = `${spec.help ?? ''} ${chosen.length} of ${spec.max} chosen.`.trim();
  return (
    <FormField<SectionDraft>
      name={name as FieldPath<SectionDraft>}
      id={id}
      label={spec.label}
      hint={hint}
      required
      group
    >
      {(wiring) => (
        <Stack gap="2" {...wiring} ref={register} tabIndex={-1}>
          {choices.isPending ? (
            <Text role="status">Loading the curated collections…</Text>
          ) : choices.isError && listed.length === 0 ? (
            <LoadError title="The curated collections could not be loaded." onRetry={() => choices.refetch()} />
          ) : listed.length === 0 && unlisted.length === 0 ? (
            <Text>{NO_CURATED_COLLECTIONS_MESSAGE}</Text>
          ) : null}
          {listed.map((collection) => {
            const checked = chosen.includes(collection.id);
            return (
              <Checkbox.Root
                key={collection.id}
                checked={checked}
                disabled={!checked && full}
                onCheckedChange={(details) => toggle(collection.id, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{collection.name}</Checkbox.Label>
              </Checkbox.Root>
            );
          })}
          {unlisted.map((collectionId) => (
            <Checkbox.Root key={collectionId} checked onCheckedChange={() => toggle(collectionId, false)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>No longer available ({collectionId})</Checkbox.Label>
            </Checkbox.Root>
          ))}
          {choices.hasNextPage ? (
            <Box>
              <Button
                type="button"
                size="sm"
                variant="outline"
                loading={choices.isFetchingNextPage}
                onClick={() => choices.fetchNextPage()}
              >
                Load more collections
              </Button>
            </Box>
          ) : null}
        </Stack>
      )}
    </FormField>
  );
}
