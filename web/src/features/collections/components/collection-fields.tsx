import { HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { useFormContext } from 'react-hook-form';
import type * as z from 'zod';
import { can } from '#shared/capabilities';
import {
  COLLECTION_LIMITS,
  COLLECTION_VISIBILITIES,
  CollectionVisibility,
  CreateCollectionRequest,
} from '#shared/contracts/collection';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useSession } from '../../../lib/auth/session-store.ts';
import { NativeRadio, VISIBILITY_HINTS, VISIBILITY_LABELS } from './collection-parts.tsx';

/** What the name, description and visibility fields hold (the contract's own rules and messages). */
export const CollectionDetailsValues = CreateCollectionRequest.pick({ name: true, description: true }).extend({
  visibility: CollectionVisibility,
});
export type CollectionDetailsValues = z.input<typeof CollectionDetailsValues>;

/**
 * The visibilities the signed-in reader may choose: `curated` only for editors
 * (`updateContent`; the server answers 403 to anyone else), or when the collection is
 * curated already (so an owner who lost the right still sees what it is).
 */
export function useVisibilityChoices(current?: CollectionVisibility): readonly CollectionVisibility[] {
  const { principal } = useSession();
  const editor = can(principal, 'updateContent');
  return COLLECTION_VISIBILITIES.filter((one) => one !== 'curated' || editor || current === 'curated');
}

/**
 * The name, description and visibility fields of a collection (issue 26 item 2), for the
 * enclosing react-hook-form `FormProvider` whose values extend
 * {@link CollectionDetailsValues}; `firstField` takes the name's input (the dialog focuses it).
 */
export function CollectionDetailsFields({
  idPrefix,
  choices,
  firstField,
}: {
  idPrefix: string;
  choices: readonly CollectionVisibility[];
  firstField?: RefObject<HTMLInputElement | null>;
}) {
  const form = useFormContext<CollectionDetailsValues>();
  const name = form.register('name');
  return (
    <Stack gap="4">
      <FormField<CollectionDetailsValues> name="name" label="Name" required>
        {(control) => (
          <Input
            {...control}
            {...name}
            ref={(element) => {
              name.ref(element);
              if (firstField) firstField.current = element;
            }}
            maxLength={COLLECTION_LIMITS.nameMaxChars}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField<CollectionDetailsValues>
        name="description"
        label="Description"
        hint={
          <CharacterCount<CollectionDetailsValues> name="description" max={COLLECTION_LIMITS.descriptionMaxChars} />
        }
      >
        {(control) => <Textarea {...control} {...form.register('description')} rows={3} />}
      </FormField>
      <FormField<CollectionDetailsValues> name="visibility" id={`${idPrefix}-visibility`} label="Who can open it" group>
        {(control) => (
          <Stack gap="2" {...control}>
            {choices.map((visibility) => (
              <HStack as="label" key={visibility} gap="2" alignItems="flex-start" cursor="pointer">
                <NativeRadio type="radio" {...form.register('visibility')} value={visibility} colorPalette="brand" />
                <Stack gap="0">
                  <Text fontWeight="semibold">{VISIBILITY_LABELS[visibility]}</Text>
                  <Text color="fg.muted" textStyle="sm">
                    {VISIBILITY_HINTS[visibility]}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        )}
      </FormField>
    </Stack>
  );
}
