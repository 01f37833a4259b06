import { Box, Button, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { LIMITS } from '#shared/limits';
import { RichTextEditor } from '../../../../components/ui/rich-text/rich-text-field.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { type ContentDraft, draftFieldId, newSectionKey } from './content-draft.ts';
import { EditorField } from './content-fields.tsx';
import { useDraftFieldSetter } from './use-draft-form.ts';

/**
 * The sections of the item in the editor (spec §3 Section): each with its name and
 * its description as HTML (with a character count), Move up, Move down and Remove
 * (a removed section goes when the form is saved; Cancel brings it back), then Add
 * section. The focus follows a moved section; a new one takes the focus.
 *
 * The list is the enclosing content form's `sections` field array (issue 23 item 4:
 * react-hook-form's `useFieldArray`, rows keyed by its stable ids); each row's fields
 * are `sections.<i>.name` and `sections.<i>.description`.
 */
export function SectionsEditor({ disabled = false }: { disabled?: boolean }) {
  const { control, watch } = useFormContext<ContentDraft>();
  const { fields, append, move: moveRow, remove } = useFieldArray({ control, name: 'sections' });
  // The rows' current values (the field array's own copies are not updated as a field is typed in).
  const sections = watch('sections');
  const setField = useDraftFieldSetter();
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    (element?.matches('input, button') ? element : element?.querySelector('input'))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const section = sections[index];
    if (!section || to < 0 || to >= sections.length) return;
    moveRow(index, to);
    const edge = (by < 0 && to === 0) || (by > 0 && to === sections.length - 1);
    const direction = by < 0 ? (edge ? 'down' : 'up') : edge ? 'up' : 'down';
    setFocusTarget(`section-${section.draftKey}-${direction}`);
    announce(`Section ${section.name || index + 1} moved to position ${to + 1} of ${sections.length}.`);
  };

  const add = () => {
    const draftKey = newSectionKey();
    append({ draftKey, key: null, name: '', description: '' }, { shouldFocus: false });
    setFocusTarget(draftFieldId(`sections.${sections.length}.name`));
  };

  return (
    <Box as="section" aria-labelledby="content-edit-sections-heading">
      <Heading as="h2" id="content-edit-sections-heading" size="lg" mb="3">
        Sections
      </Heading>
      <Stack gap="4">
        {fields.length === 0 ? <Text color="fg.muted">No sections yet.</Text> : null}
        {fields.map((field, index) => {
          const section = sections[index] ?? field;
          const position = `Section ${index + 1}`;
          return (
            <Stack key={field.id} gap="3" borderWidth="1px" borderRadius="md" p="3">
              <EditorField name={`sections.${index}.name`} label={`${position} name`}>
                {(described) => (
                  <Input
                    {...described}
                    value={section.name}
                    disabled={disabled}
                    onChange={(event) => setField(`sections.${index}.name`, event.target.value)}
                  />
                )}
              </EditorField>
              <EditorField
                name={`sections.${index}.description`}
                label={`${position} description (HTML)`}
                hint={`${section.description.length} of ${LIMITS.contentHtmlMaxChars} characters`}
              >
                {(described) => (
                  <RichTextEditor
                    control={described}
                    label={`${position} description`}
                    value={section.description}
                    disabled={disabled}
                    rows={6}
                    onChange={(next) => setField(`sections.${index}.description`, next)}
                  />
                )}
              </EditorField>
              <HStack gap="2">
                <IconButton
                  id={`section-${section.draftKey}-up`}
                  size="sm"
                  variant="outline"
                  aria-label={`Move ${position} up`}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpIcon aria-hidden="true" />
                </IconButton>
                <IconButton
                  id={`section-${section.draftKey}-down`}
                  size="sm"
                  variant="outline"
                  aria-label={`Move ${position} down`}
                  disabled={disabled || index === sections.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownIcon aria-hidden="true" />
                </IconButton>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  disabled={disabled}
                  aria-label={`Remove ${position}${section.name ? ` ${section.name}` : ''}`}
                  onClick={() => {
                    remove(index);
                    announce(`${position} removed. It is deleted when you save.`);
                  }}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove
                </Button>
              </HStack>
            </Stack>
          );
        })}
        <Box>
          <Button size="sm" variant="outline" disabled={disabled} onClick={add}>
            <PlusIcon aria-hidden="true" />
            Add section
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
