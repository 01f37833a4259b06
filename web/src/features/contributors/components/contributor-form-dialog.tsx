import { Button, CloseButton, Dialog, HStack, Input, Portal, SimpleGrid } from '@chakra-ui/react';
import { type RefObject, useId, useRef } from 'react';
import { FormProvider, useController, useFormContext, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { ContributorFields, contributorDisplayName } from '#shared/contracts/contributor';
import { FormField } from '../../../components/ui/form-field.tsx';
import {
  type ContributorDraft,
  type ContributorFieldsDraft,
  contributorFieldsOf,
  newDraftKey,
  type PortraitDraft,
} from '../../../lib/contributor-draft.ts';
import { reportError } from '../../../lib/error-store.ts';
import { formValue, useZodForm } from '../../../lib/forms/zod-form.ts';
import {
  FileTooLargeError,
  PORTRAIT_ACCEPT,
  PORTRAIT_MAX_SIZE_TEXT,
  PORTRAIT_TYPE_MESSAGE,
  PORTRAIT_TYPES_TEXT,
  portraitProblem,
} from '../utils/portrait.ts';
import { PortraitAvatar } from './portrait-avatar.tsx';

type TextField = keyof ContributorFieldsDraft;

/** The text fields in form order (the focus goes to the first invalid one), with their labels. */
const TEXT_FIELDS: readonly { name: TextField; label: string; required: boolean; type?: 'email' }[] = [
  { name: 'prefix', label: 'Prefix', required: false },
  { name: 'firstName', label: 'First name', required: true },
  { name: 'middleName', label: 'Middle name', required: false },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'suffix', label: 'Suffix', required: false },
  { name: 'title', label: 'Title', required: false },
  { name: 'school', label: 'School', required: true },
  { name: 'email', label: 'E-mail', required: true, type: 'email' },
];

const EMPTY_FIELDS: ContributorFieldsDraft = {
  prefix: '',
  firstName: '',
  middleName: '',
  lastName: '',
  suffix: '',
  title: '',
  school: '',
  email: '',
};
const NO_PORTRAIT: PortraitDraft = { kind: 'stored', fileId: null };

/**
 * The form's check: the server's schema of the text fields (spec §5 "Contributor"),
 * so the messages are the server's, and the portrait as chosen (checked when picked).
 */
const ContributorFormSchema = ContributorFields.omit({ portraitFileId: true }).extend({
  portrait: formValue<PortraitDraft>(),
});
type Values = ContributorFieldsDraft & { portrait: PortraitDraft };
type Parsed = z.output<typeof ContributorFormSchema>;

/** The trimmed text fields of a checked form, blank optional ones as ''. */
function fieldsOf(parsed: Parsed): ContributorFieldsDraft {
  return {
    prefix: parsed.prefix ?? '',
    firstName: parsed.firstName,
    middleName: parsed.middleName ?? '',
    lastName: parsed.lastName,
    suffix: parsed.suffix ?? '',
    title: parsed.title ?? '',
    school: parsed.school,
    email: parsed.email,
  };
}

function samePortrait(a: PortraitDraft, b: PortraitDraft): boolean {
  if (a.kind === 'new' || b.kind === 'new') return a.kind === 'new' && b.kind === 'new' && a.file === b.file;
  return a.fileId === b.fileId;
}

/**
 * Whether a contributor's draft differs from what is stored (a new one always
 * does): the `changed` flag of {@link ContributorDraft}.
 */
export function draftDiffers(draft: Pick<ContributorDraft, 'stored' | 'fields' | 'portrait'>): boolean {
  const { stored } = draft;
  if (!stored) return true;
  const saved = contributorFieldsOf(stored);
  const fieldsDiffer = (Object.keys(saved) as TextField[]).some((name) => saved[name] !== draft.fields[name]);
  return fieldsDiffer || !samePortrait(draft.portrait, { kind: 'stored', fileId: stored.portraitFileId });
}

export interface ContributorFormDialogProps {
  /** Whether the dialog is shown. */
  readonly open: boolean;
  /** The contributor to edit, or null to create one. */
  readonly contributor: ContributorDraft | null;
  /** Called with the new or edited contributor once the form is valid; the dialog then closes through `onClose`. */
  readonly onSubmit: (draft: ContributorDraft) => void;
  /** Called when the dialog is dismissed (Cancel, the close button, Escape) or after a submit. */
  readonly onClose: () => void;
}

/**
 * The contributor form in a modal dialog (spec §3 Contributor, §5 "Contributor"):
 * prefix, first name*, middle name, last name*, suffix, title, school*, e-mail*
 * (each at most 1000 characters, checked with the server's schema) and a portrait
 * image. Focus is trapped in the dialog and Escape closes it. The form is mounted
 * with the dialog, so each opening starts from `contributor`. Submitting gives a
 * {@link ContributorDraft}: a new one with a fresh draft key, no stored copy and
 * `changed`; an edited one `changed` when anything differs from the stored copy.
 */
export function ContributorFormDialog({ open, contributor, onSubmit, onClose }: ContributorFormDialogProps) {
  const title = contributor ? 'Edit contributor' : 'New contributor';
  const firstField = useRef<HTMLInputElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      initialFocusEl={() => firstField.current}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      lazyMount
      unmountOnExit
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <ContributorForm
              title={title}
              contributor={contributor}
              firstField={firstField}
              onSubmit={(draft) => {
                onSubmit(draft);
                onClose();
              }}
              onCancel={onClose}
            />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ContributorForm({
  title,
  contributor,
  firstField,
  onSubmit,
  onCancel,
}: {
  title: string;
  contributor: ContributorDraft | null;
  firstField: RefObject<HTMLInputElement | null>;
  onSubmit: (draft: ContributorDraft) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useZodForm(ContributorFormSchema, {
    ...(contributor?.fields ?? EMPTY_FIELDS),
    portrait: contributor?.portrait ?? NO_PORTRAIT,
  });

  const apply = (parsed: Parsed) => {
    const fields = fieldsOf(parsed);
    if (!contributor) {
      onSubmit({ key: newDraftKey(), stored: null, fields, portrait: parsed.portrait, changed: true });
      return;
    }
    const edited = { ...contributor, fields, portrait: parsed.portrait };
    onSubmit({ ...edited, changed: draftDiffers(edited) });
  };

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => {
          // The dialog is portalled out of the content form in the DOM, not in React's tree.
          event.stopPropagation();
          void form.handleSubmit(apply)(event);
        }}
        noValidate
      >
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="4">
          <Dialog.Description>
            Fields marked with an asterisk (*) are required. The contributor is saved with the content.
          </Dialog.Description>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {TEXT_FIELDS.map((field, index) => {
              const { ref, ...registered } = form.register(field.name);
              return (
                <FormField<Values>
                  key={field.name}
                  name={field.name}
                  id={`${id}-${field.name}`}
                  label={field.label}
                  required={field.required}
                >
                  {(control) => (
                    <Input
                      {...control}
                      {...registered}
                      ref={(element) => {
                        ref(element);
                        if (index === 0) firstField.current = element;
                      }}
                      type={field.type ?? 'text'}
                      autoComplete="off"
                    />
                  )}
                </FormField>
              );
            })}
          </SimpleGrid>
          <PortraitField id={`${id}-portrait`} stored={contributor?.stored?.portraitFileId ?? null} />
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand">
            {contributor ? 'Apply changes' : 'Add contributor'}
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}

/**
 * The portrait (spec §5 "Contributor", "File picker"), a file picker through a
 * `Controller`, beside the avatar it makes. A picked image of another type is
 * dropped with its message under the field; one too large is dropped and raises
 * FILE_TOO_LARGE_ERROR in the global error dialog; the stored portrait (`stored`, if
 * any) stays either way. "Remove portrait" drops it and gives the focus back to the picker.
 */
function PortraitField({ id, stored }: { id: string; stored: string | null }) {
  const { control, setValue, setError, clearErrors } = useFormContext<Values>();
  const { field } = useController({ control, name: 'portrait' });
  const names = useWatch({ control, name: ['prefix', 'firstName', 'middleName', 'lastName', 'suffix'] });
  const [prefix, firstName, middleName, lastName, suffix] = names;
  const input = useRef<HTMLInputElement | null>(null);
  const portrait = field.value;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = portraitProblem(file);
    if (!problem) {
      setValue('portrait', { kind: 'new', file });
      clearErrors('portrait');
      return;
    }
    // Spec §5: a refused portrait is not kept; the stored one (if any) stays.
    if (input.current) input.current.value = '';
    if (portrait.kind === 'new') setValue('portrait', { kind: 'stored', fileId: stored });
    if (problem === 'type') {
      setError('portrait', { type: 'file', message: PORTRAIT_TYPE_MESSAGE });
      return;
    }
    clearErrors('portrait');
    reportError(new FileTooLargeError());
  };

  const remove = () => {
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
    setValue('portrait', NO_PORTRAIT);
    clearErrors('portrait');
  };

  let portraitText = 'No portrait.';
  if (portrait.kind === 'new') portraitText = `New portrait: ${portrait.file.name}`;
  else if (portrait.fileId) portraitText = 'Current portrait.';
  const name = contributorDisplayName({ prefix, firstName, middleName, lastName, suffix });

  return (
    <>
      <FormField<Values>
        name="portrait"
        id={id}
        label="Portrait"
        hint={`${PORTRAIT_TYPES_TEXT}; at most ${PORTRAIT_MAX_SIZE_TEXT}. ${portraitText}`}
      >
        {(described) => (
          <HStack gap="4" align="center" w="full">
            <PortraitAvatar name={name} portrait={portrait} size="xl" />
            <Input
              {...described}
              ref={(element) => {
                input.current = element;
                field.ref(element);
              }}
              name={field.name}
              onBlur={field.onBlur}
              flex="1"
              minW="0"
              type="file"
              accept={PORTRAIT_ACCEPT}
              p="1.5"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </HStack>
        )}
      </FormField>
      {portrait.kind === 'new' || portrait.fileId ? (
        <Button type="button" size="sm" variant="outline" alignSelf="flex-start" onClick={remove}>
          Remove portrait
        </Button>
      ) : null}
    </>
  );
}
