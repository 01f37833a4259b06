import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { ContributorFields, contributorDisplayName } from '#shared/contracts/contributor';
import { fieldIds } from '../../../components/ui/field-parts.tsx';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import {
  type ContributorDraft,
  type ContributorFieldsDraft,
  contributorFieldsOf,
  newDraftKey,
  type PortraitDraft,
} from '../../../lib/contributor-draft.ts';
import { reportError } from '../../../lib/error-store.ts';
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
type FormField = TextField | 'portrait';
type FormErrors = Partial<Record<FormField, string>>;

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
const FIELD_ORDER: readonly FormField[] = [...TEXT_FIELDS.map((field) => field.name), 'portrait'];

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
 * The fields checked with the server's schema (spec §5 "Contributor"), so the
 * messages are the server's: the trimmed fields, or the first message per field.
 */
function validate(fields: ContributorFieldsDraft): { fields: ContributorFieldsDraft } | { errors: FormErrors } {
  const parsed = ContributorFields.safeParse(fields);
  if (!parsed.success) {
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in EMPTY_FIELDS) errors[field as TextField] ??= issue.message;
    }
    return { errors };
  }
  const data = parsed.data;
  return {
    fields: {
      prefix: data.prefix ?? '',
      firstName: data.firstName,
      middleName: data.middleName ?? '',
      lastName: data.lastName,
      suffix: data.suffix ?? '',
      title: data.title ?? '',
      school: data.school,
      email: data.email,
    },
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
  const [fields, setFields] = useState<ContributorFieldsDraft>(contributor?.fields ?? EMPTY_FIELDS);
  const [portrait, setPortrait] = useState<PortraitDraft>(contributor?.portrait ?? NO_PORTRAIT);
  const [errors, setErrors] = useState<FormErrors>({});
  useRevalidation(fields, setErrors, (current: ContributorFieldsDraft) => {
    const result = validate(current);
    return 'errors' in result ? result.errors : {};
  });
  const refs = useRef(new Map<FormField, HTMLInputElement>());
  const storedPortrait: PortraitDraft = { kind: 'stored', fileId: contributor?.stored?.portraitFileId ?? null };
  const fileInput = () => refs.current.get('portrait');

  const setField = (name: TextField, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
  };

  const choosePortrait = (file: File | undefined) => {
    if (!file) return;
    const problem = portraitProblem(file);
    if (!problem) {
      setPortrait({ kind: 'new', file });
      setErrors(({ portrait: _cleared, ...rest }) => rest);
      return;
    }
    // Spec §5: a refused portrait is not kept; the stored one (if any) stays.
    const input = fileInput();
    if (input) input.value = '';
    setPortrait((current) => (current.kind === 'new' ? storedPortrait : current));
    if (problem === 'type') {
      setErrors((current) => ({ ...current, portrait: PORTRAIT_TYPE_MESSAGE }));
      return;
    }
    setErrors(({ portrait: _cleared, ...rest }) => rest);
    reportError(new FileTooLargeError());
  };

  const removePortrait = () => {
    const input = fileInput();
    if (input) {
      input.value = '';
      input.focus();
    }
    setPortrait(NO_PORTRAIT);
    setErrors(({ portrait: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the content form in the DOM, not in React's tree.
    event.stopPropagation();
    const result = validate(fields);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((name) => result.errors[name]);
      if (first) refs.current.get(first)?.focus();
      return;
    }
    setErrors({});
    if (!contributor) {
      onSubmit({ key: newDraftKey(), stored: null, fields: result.fields, portrait, changed: true });
      return;
    }
    const edited = { ...contributor, fields: result.fields, portrait };
    onSubmit({ ...edited, changed: draftDiffers(edited) });
  };

  const name = contributorDisplayName(fields);
  const portraitIds = fieldIds(`${id}-portrait`, { help: true, error: Boolean(errors.portrait) });
  let portraitText = 'No portrait.';
  if (portrait.kind === 'new') portraitText = `New portrait: ${portrait.file.name}`;
  else if (portrait.fileId) portraitText = 'Current portrait.';

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        <Dialog.Description>
          Fields marked with an asterisk (*) are required. The contributor is saved with the content.
        </Dialog.Description>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {TEXT_FIELDS.map((field, index) => {
            const { ids, describedBy } = fieldIds(`${id}-${field.name}`, {
              help: false,
              error: Boolean(errors[field.name]),
            });
            return (
              <Field.Root key={field.name} ids={ids} invalid={Boolean(errors[field.name])} required={field.required}>
                <Field.Label>
                  {field.label}
                  {field.required ? <Field.RequiredIndicator /> : null}
                </Field.Label>
                <Input
                  ref={(element) => {
                    if (element) refs.current.set(field.name, element);
                    else refs.current.delete(field.name);
                    if (index === 0) firstField.current = element;
                  }}
                  aria-describedby={describedBy}
                  type={field.type ?? 'text'}
                  autoComplete="off"
                  value={fields[field.name]}
                  onChange={(event) => setField(field.name, event.target.value)}
                />
                {errors[field.name] ? <Field.ErrorText role="alert">{errors[field.name]}</Field.ErrorText> : null}
              </Field.Root>
            );
          })}
        </SimpleGrid>
        <Field.Root ids={portraitIds.ids} invalid={Boolean(errors.portrait)}>
          <Field.Label>Portrait</Field.Label>
          <HStack gap="4" align="center" w="full">
            <PortraitAvatar name={name} portrait={portrait} size="xl" />
            <Stack gap="1" flex="1" minW="0">
              <Input
                ref={(element) => {
                  if (element) refs.current.set('portrait', element);
                  else refs.current.delete('portrait');
                }}
                aria-describedby={portraitIds.describedBy}
                type="file"
                accept={PORTRAIT_ACCEPT}
                p="1.5"
                onChange={(event) => choosePortrait(event.target.files?.[0])}
              />
              <Field.HelperText>
                {PORTRAIT_TYPES_TEXT}; at most {PORTRAIT_MAX_SIZE_TEXT}. {portraitText}
              </Field.HelperText>
            </Stack>
          </HStack>
          {errors.portrait ? <Field.ErrorText role="alert">{errors.portrait}</Field.ErrorText> : null}
        </Field.Root>
        {portrait.kind === 'new' || portrait.fileId ? (
          <Button type="button" size="sm" variant="outline" alignSelf="flex-start" onClick={removePortrait}>
            Remove portrait
          </Button>
        ) : null}
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
  );
}
