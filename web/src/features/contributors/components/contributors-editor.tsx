import { Box, Button, Fieldset, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, UserPlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Contributor, contributorDisplayName } from '#shared/contracts/contributor';
import { announce } from '../../../lib/announcer.tsx';
import { type ContributorDraft, contributorDraftOf } from '../../../lib/contributor-draft.ts';
import { AddContributorCombobox } from './add-contributor-combobox.tsx';
import { ContributorFormDialog } from './contributor-form-dialog.tsx';
import { PortraitAvatar } from './portrait-avatar.tsx';

/** Props of {@link ContributorsEditor}; the shape of the content editor's `ContributorsEditorProps`. */
export interface ContributorsEditorProps {
  /** The item's contributors, in order. */
  readonly value: readonly ContributorDraft[];
  readonly onValueChange: (value: ContributorDraft[]) => void;
  /** The field's error from the last save, if any. */
  readonly error?: string | undefined;
}

type RowAction = 'up' | 'down' | 'edit' | 'remove';

/** The picker name of spec §3 (prefix, first, middle, last, suffix). */
function draftName(draft: ContributorDraft): string {
  return contributorDisplayName(draft.fields) || 'Unnamed contributor';
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The contributors part of the content editor (spec §2.6, §3 Contributor, §4
 * "Saving content" step 1): the item's contributors in order, each with its
 * portrait, name, title and school, and buttons to move it up or down, edit it in
 * the contributor form, or remove it from this item (Cancel of the editor undoes
 * that). Existing contributors are added with a searchable combo box that leaves
 * out those already listed; "New contributor" opens the empty form. Nothing is
 * saved here: the drafts go to `onValueChange` and are saved with the content.
 * After a move the focus stays on the moved contributor's button; each change is
 * announced.
 */
export function ContributorsEditor({ value, onValueChange, error }: ContributorsEditorProps) {
  const id = useId();
  const removeHintId = `${id}-remove-hint`;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<ContributorDraft | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const addInput = useRef<HTMLInputElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const listed = useMemo(() => new Set(value.map((draft) => draft.key)), [value]);

  // After each render: a row React moves in the DOM loses its focus, and a removed one takes it away.
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === 'add') addInput.current?.focus();
    else buttons.current.get(target)?.focus();
  });

  const buttonRef = (key: string, action: RowAction) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${key}:${action}`, element);
    else buttons.current.delete(`${key}:${action}`);
  };

  const move = (index: number, to: number, action: 'up' | 'down') => {
    const draft = value[index];
    if (!draft || to < 0 || to >= value.length) return;
    pendingFocus.current = `${draft.key}:${action}`;
    onValueChange(moved(value, index, to));
    announce(`${draftName(draft)} moved to position ${to + 1} of ${value.length}.`);
  };

  const remove = (index: number) => {
    const draft = value[index];
    if (!draft) return;
    const next = value[index + 1] ?? value[index - 1];
    pendingFocus.current = next ? `${next.key}:remove` : 'add';
    onValueChange(value.filter((_, kept) => kept !== index));
    announce(`${draftName(draft)} removed from this item.`);
  };

  const add = (contributor: Contributor) => {
    const draft = contributorDraftOf(contributor);
    onValueChange([...value, draft]);
    announce(`${draftName(draft)} added.`);
  };

  const openForm = (draft: ContributorDraft | null) => {
    setEditing(draft);
    setDialogOpen(true);
  };

  const applyForm = (draft: ContributorDraft) => {
    const index = value.findIndex((kept) => kept.key === draft.key);
    if (index < 0) {
      onValueChange([...value, draft]);
      announce(`${draftName(draft)} added.`);
      return;
    }
    onValueChange(value.map((kept, at) => (at === index ? draft : kept)));
    announce(`${draftName(draft)} updated.`);
  };

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Contributors</Fieldset.Legend>
      <Fieldset.Content>
        <VisuallyHidden id={removeHintId}>
          Removes the contributor from this item only, without asking. Cancel undoes it.
        </VisuallyHidden>
        {value.length === 0 ? (
          <Text color="fg.muted">No contributors yet.</Text>
        ) : (
          <Stack as="ol" aria-label="Contributors of this item" gap="3" listStyleType="none" m="0" p="0">
            {value.map((draft, index) => {
              const name = draftName(draft);
              const first = index === 0;
              const last = index === value.length - 1;
              let state: string | null = null;
              if (!draft.stored) state = 'New; created when the content is saved.';
              else if (draft.changed) state = 'Edited; updated when the content is saved.';
              return (
                <Box
                  as="li"
                  key={draft.key}
                  display="flex"
                  flexWrap="wrap"
                  gap="3"
                  alignItems="center"
                  borderWidth="1px"
                  borderRadius="md"
                  p="3"
                >
                  <PortraitAvatar name={name} portrait={draft.portrait} />
                  <Box flex="1" minW="12rem">
                    <Text fontWeight="semibold">{name}</Text>
                    {draft.fields.title ? <Text color="fg.muted">{draft.fields.title}</Text> : null}
                    {draft.fields.school ? <Text color="fg.muted">{draft.fields.school}</Text> : null}
                    {state ? (
                      <Text textStyle="xs" color="fg.muted">
                        {state}
                      </Text>
                    ) : null}
                  </Box>
                  <HStack gap="1" wrap="wrap">
                    <IconButton
                      ref={buttonRef(draft.key, 'up')}
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${name} up`}
                      aria-disabled={first ? true : undefined}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      <ArrowUpIcon aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      ref={buttonRef(draft.key, 'down')}
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${name} down`}
                      aria-disabled={last ? true : undefined}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </IconButton>
                    <Button
                      ref={buttonRef(draft.key, 'edit')}
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${name}`}
                      onClick={() => openForm(draft)}
                    >
                      <PencilIcon aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      ref={buttonRef(draft.key, 'remove')}
                      type="button"
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Remove ${name}`}
                      aria-describedby={removeHintId}
                      onClick={() => remove(index)}
                    >
                      <XIcon aria-hidden="true" />
                      Remove
                    </Button>
                  </HStack>
                </Box>
              );
            })}
          </Stack>
        )}
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }}>
          <Box flex="1">
            <AddContributorCombobox exclude={listed} onAdd={add} inputRef={addInput} />
          </Box>
          <Button type="button" variant="outline" onClick={() => openForm(null)} mb={{ md: '9' }}>
            <UserPlusIcon aria-hidden="true" />
            New contributor
          </Button>
        </Stack>
      </Fieldset.Content>
      {error ? <Fieldset.ErrorText role="alert">{error}</Fieldset.ErrorText> : null}
      <ContributorFormDialog
        open={dialogOpen}
        contributor={editing}
        onSubmit={applyForm}
        onClose={() => setDialogOpen(false)}
      />
    </Fieldset.Root>
  );
}
