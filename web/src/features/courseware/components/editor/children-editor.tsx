import {
  Badge,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_STATUS_LABELS,
  type ContentCategory,
  type ContentStatus,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { announce } from '../../../../lib/announcer.tsx';
import { newDraftKey } from '../../../../lib/contributor-draft.ts';
import { type ChildDraft, type ContentDraft, EDITABLE_STATUSES, type EditableStatus } from './content-draft.ts';
import { EditorField, ErrorText } from './content-fields.tsx';
import { useDraftFieldSetter } from './use-draft-form.ts';

function childKey(child: ChildDraft): string {
  return child.kind === 'stored' ? child.id : child.key;
}

/**
 * The children of the item in the editor (spec §2.6 "Grouped children", §3
 * ChildContent, §4 steps 3 and 4): each child's name (renaming a stored one),
 * the status of a new one (default Unpublished, spec §4), Move up and Move down
 * buttons (the focus follows the moved child, its new place is announced), and Add
 * child (name, category). New children are marked New and are created on save. A
 * child is removed by deleting it on its own page, not here.
 *
 * The list is the enclosing content form's `children` field array (issue 23 item 4:
 * react-hook-form's `useFieldArray`, rows keyed by its stable ids); each row's fields
 * are `children.<i>.name` and `children.<i>.status`.
 */
export function ChildrenEditor({ disabled = false }: { disabled?: boolean }) {
  const { control, watch } = useFormContext<ContentDraft>();
  const { fields, append, move: moveRow } = useFieldArray({ control, name: 'children' });
  // The rows' current values (the field array's own copies are not updated as a name is typed).
  const items = watch('children');
  const setField = useDraftFieldSetter();
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (index: number, by: -1 | 1, direction: 'up' | 'down') => {
    const to = index + by;
    if (to < 0 || to >= items.length) return;
    const child = items[index];
    if (!child) return;
    moveRow(index, to);
    // At the ends the pressed button disappears into disabled: keep the focus on the child's other button.
    const edge = (direction === 'up' && to === 0) || (direction === 'down' && to === items.length - 1);
    setFocusTarget(`child-${childKey(child)}-${edge ? (direction === 'up' ? 'down' : 'up') : direction}`);
    announce(`${child.name || 'Child'} moved to position ${to + 1} of ${items.length}.`);
  };

  return (
    <Box as="section" aria-labelledby="content-edit-children-heading">
      <Heading as="h2" id="content-edit-children-heading" size="lg" mb="3">
        Children
      </Heading>
      <Stack gap="4">
        {fields.length > 0 ? (
          <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Children">
            {fields.map((field, index) => {
              const child = items[index] ?? field;
              const key = childKey(child);
              const position = `Child ${index + 1}`;
              return (
                <Box as="li" key={field.id} borderWidth="1px" borderRadius="md" p="3">
                  <Stack gap="2">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{position}</Text>
                      {child.kind === 'new' ? (
                        <Badge colorPalette="green" variant="subtle">
                          New
                        </Badge>
                      ) : (
                        <Text color="fg.muted" fontSize="sm">
                          {CONTENT_STATUS_LABELS[child.status as ContentStatus]}
                        </Text>
                      )}
                    </HStack>
                    <EditorField name={`children.${index}.name`} label={`${position} name`} required>
                      {(described) => (
                        <Input
                          {...described}
                          value={child.name}
                          disabled={disabled}
                          onChange={(event) => setField(`children.${index}.name`, event.target.value)}
                        />
                      )}
                    </EditorField>
                    {child.kind === 'new' ? (
                      <Field.Root>
                        <Field.Label>{position} status</Field.Label>
                        <NativeSelect.Root disabled={disabled}>
                          <NativeSelect.Field
                            value={child.status}
                            onChange={(event) =>
                              setField(`children.${index}.status`, event.target.value as EditableStatus)
                            }
                          >
                            {EDITABLE_STATUSES.map((status) => (
                              <option key={status} value={status}>
                                {CONTENT_STATUS_LABELS[status]}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                    ) : null}
                    <HStack gap="2">
                      <IconButton
                        id={`child-${key}-up`}
                        size="sm"
                        variant="outline"
                        aria-label={`Move ${child.name || position} up`}
                        disabled={disabled || index === 0}
                        onClick={() => move(index, -1, 'up')}
                      >
                        <ArrowUpIcon aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        id={`child-${key}-down`}
                        size="sm"
                        variant="outline"
                        aria-label={`Move ${child.name || position} down`}
                        disabled={disabled || index === items.length - 1}
                        onClick={() => move(index, 1, 'down')}
                      >
                        <ArrowDownIcon aria-hidden="true" />
                      </IconButton>
                    </HStack>
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        ) : (
          <Text color="fg.muted">No children yet.</Text>
        )}
        <NewChild count={items.length} disabled={disabled} onAdd={(child) => append(child, { shouldFocus: false })} />
      </Stack>
    </Box>
  );
}

/**
 * Add child (spec §4 step 3): a new child's name (required, at most 1000 characters,
 * checked on Add or Enter) and category; `onAdd` gets the new child, announced as
 * position `count + 1`.
 */
function NewChild({
  count,
  disabled,
  onAdd,
}: {
  count: number;
  disabled: boolean;
  onAdd: (child: ChildDraft) => void;
}) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState<ContentCategory>('lesson');
  const [addError, setAddError] = useState<string | null>(null);

  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return setAddError('Is required.');
    if (trimmed.length > LIMITS.childNameMaxChars)
      return setAddError(`Must be at most ${LIMITS.childNameMaxChars} characters.`);
    setAddError(null);
    setName('');
    onAdd({ kind: 'new', key: newDraftKey(), name: trimmed, status: 'unpublished', categories: [category] });
    announce(`Child ${trimmed} added as position ${count + 1}. It is created when you save.`);
  };

  return (
    <Stack gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="3">
      <Field.Root invalid={Boolean(addError)} id="content-edit-new-child">
        <Field.Label>New child name</Field.Label>
        <Input
          value={name}
          disabled={disabled}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <ErrorText message={addError ?? undefined} />
      </Field.Root>
      <Field.Root>
        <Field.Label>New child category</Field.Label>
        <NativeSelect.Root disabled={disabled}>
          <NativeSelect.Field value={category} onChange={(event) => setCategory(event.target.value as ContentCategory)}>
            {CONTENT_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {CONTENT_CATEGORY_LABELS[option]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box>
        <Button size="sm" variant="outline" disabled={disabled} onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add child
        </Button>
      </Box>
    </Stack>
  );
}
