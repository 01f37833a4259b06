import {
  Alert,
  Button,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { type Content, todayUtc } from '#shared/contracts/content';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_STATUS_LABELS,
  CURATED_LABELS,
  type CuratedLabel,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { getContentQueryOptions } from '../../api/get-content.ts';
import { storeSavedContent, usePatchContent } from '../../api/patch-content.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import {
  type ContentDraft,
  type DraftErrors,
  type DraftField,
  draftFieldId,
  draftOf,
  EDITABLE_STATUSES,
  type EditableStatus,
  errorsFromServer,
  firstInvalid,
  patchOf,
  validateDraft,
} from './content-draft.ts';
import { KeywordInput } from './keyword-input.tsx';

const CURATED_FIELD_LABELS: Record<CuratedLabel, string> = {
  courseware: 'Courseware last curated',
  environment: 'Environment last curated',
};

/** Focuses a field's input (the first enabled one of a group). */
export function focusField(field: DraftField) {
  const element = document.getElementById(draftFieldId(field));
  const target = element?.matches('input, textarea, select')
    ? element
    : element?.querySelector<HTMLElement>('input:not([disabled]), textarea, select');
  target?.focus();
}

export function ErrorText({ message }: { message: string | undefined }) {
  return message ? <Field.ErrorText role="alert">{message}</Field.ErrorText> : null;
}

export function CheckboxGroup<T extends string>({
  field,
  legend,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  field: DraftField;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: readonly T[];
  onChange: (next: T[]) => void;
  error: string | undefined;
}) {
  return (
    <Fieldset.Root id={draftFieldId(field)} invalid={Boolean(error)}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="2">
          {options.map((option) => (
            <Checkbox.Root
              key={option}
              checked={value.includes(option)}
              onCheckedChange={(details) =>
                onChange(
                  details.checked === true
                    ? options.filter((kept) => kept === option || value.includes(kept))
                    : value.filter((kept) => kept !== option),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{labels[option]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Content>
      {error ? <Fieldset.ErrorText role="alert">{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

/**
 * The edit mode of an existing content item (spec §4 "Content modes", §5 "Content
 * editing"). Save sends a PATCH with the version the form started from: success
 * hands the saved item to `onSaved`; a 409 keeps every typed value and offers
 * Reload (which discards them only after a confirmation); field errors, the form's
 * and the server's, show under their fields, are announced and take the focus.
 * Cancel hands back to `onCancel` (the caller shows the last saved copy again).
 * The description is edited as HTML source: rich-text editing is not built yet.
 */
export function ContentEditForm({
  content,
  onSaved,
  onCancel,
}: {
  content: Content;
  onSaved: (saved: Content) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const patch = usePatchContent();
  const [base, setBase] = useState(content);
  const [draft, setDraft] = useState<ContentDraft>(() => draftOf(content));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloadOpen, setReloadOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: DraftField } | null>(null);
  const today = todayUtc();

  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
  }, [focusRequest]);

  const update = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const showErrors = (next: DraftErrors) => {
    setErrors(next);
    const first = firstInvalid(next);
    if (first) setFocusRequest({ field: first });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDraft(draft, today);
    setFormErrors([]);
    if (firstInvalid(invalid)) {
      showErrors(invalid);
      return;
    }
    setErrors({});
    patch.mutate(
      { id: base.id, body: patchOf(draft, base.version) },
      {
        onSuccess: (saved) => {
          setConflict(null);
          announce('Saved');
          onSaved(saved);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.statusCode === 409) setConflict(error.message);
          else if (error.statusCode === 400) {
            const { errors: fieldErrors, rest } = errorsFromServer(error.details);
            setFormErrors(rest.length > 0 || !firstInvalid(fieldErrors) ? [error.message, ...rest] : []);
            showErrors(fieldErrors);
          }
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...getContentQueryOptions(base.id), staleTime: 0 });
      storeSavedContent(queryClient, fresh.content);
      setBase(fresh.content);
      setDraft(draftOf(fresh.content));
      setErrors({});
      setFormErrors([]);
      setConflict(null);
      setReloadOpen(false);
      announce('Reloaded the latest saved copy.');
    } finally {
      setReloading(false);
    }
  };

  const htmlLength = draft.description.length;

  return (
    <Stack asChild gap="6">
      <form onSubmit={submit} noValidate aria-label="Edit content">
        {conflict ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{conflict}</Alert.Title>
              <Alert.Description>Your changes are still here. Reload discards them.</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => setReloadOpen(true)}>
              Reload
            </Button>
          </Alert.Root>
        ) : null}
        {formErrors.length > 0 ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              {formErrors.map((message) => (
                <Alert.Description key={message}>{message}</Alert.Description>
              ))}
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Field.Root id={draftFieldId('name')} invalid={Boolean(errors.name)} required>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={draft.name} onChange={(event) => update('name', event.target.value)} />
          <ErrorText message={errors.name} />
        </Field.Root>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Field.Root id={draftFieldId('urlAlias')} invalid={Boolean(errors.urlAlias)}>
            <Field.Label>URL alias</Field.Label>
            <Input value={draft.urlAlias} onChange={(event) => update('urlAlias', event.target.value)} />
            <Field.HelperText>The address after /courseware/, e.g. seed-labs/buffer-overflow.</Field.HelperText>
            <ErrorText message={errors.urlAlias} />
          </Field.Root>
          <Field.Root id={draftFieldId('status')} invalid={Boolean(errors.status)}>
            <Field.Label>Status</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.status}
                onChange={(event) => update('status', event.target.value as EditableStatus)}
              >
                {EDITABLE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {CONTENT_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <ErrorText message={errors.status} />
          </Field.Root>
        </SimpleGrid>

        <Field.Root id={draftFieldId('description')} invalid={Boolean(errors.description)} required>
          <Field.Label>
            Description (HTML) <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={draft.description}
            onChange={(event) => update('description', event.target.value)}
            rows={12}
            fontFamily="mono"
            fontSize="sm"
          />
          <Field.HelperText>
            {htmlLength} of {LIMITS.contentHtmlMaxChars} characters
          </Field.HelperText>
          <ErrorText message={errors.description} />
        </Field.Root>

        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <CheckboxGroup
            field="categories"
            legend="Categories"
            options={CONTENT_CATEGORIES}
            labels={CONTENT_CATEGORY_LABELS}
            value={draft.categories}
            onChange={(next) => update('categories', next)}
            error={errors.categories}
          />
          <CheckboxGroup
            field="educationLevels"
            legend="Education levels"
            options={EDUCATION_LEVELS}
            labels={EDUCATION_LEVEL_LABELS}
            value={draft.educationLevels}
            onChange={(next) => update('educationLevels', next)}
            error={errors.educationLevels}
          />
          <CheckboxGroup
            field="experienceLevels"
            legend="Experience levels"
            options={EXPERIENCE_LEVELS}
            labels={EXPERIENCE_LEVEL_LABELS}
            value={draft.experienceLevels}
            onChange={(next) => update('experienceLevels', next)}
            error={errors.experienceLevels}
          />
        </SimpleGrid>

        <KeywordInput
          id={draftFieldId('searchKeywords')}
          keywords={draft.searchKeywords}
          onChange={(next) => update('searchKeywords', next)}
          error={errors.searchKeywords}
        />

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {CURATED_LABELS.map((label) => {
            const field = `lastCurated.${label}` as const;
            return (
              <Field.Root key={label} id={draftFieldId(field)} invalid={Boolean(errors[field])}>
                <Field.Label>{CURATED_FIELD_LABELS[label]}</Field.Label>
                <Input
                  type="date"
                  max={today}
                  value={draft.lastCurated[label]}
                  onChange={(event) => update('lastCurated', { ...draft.lastCurated, [label]: event.target.value })}
                />
                <ErrorText message={errors[field]} />
              </Field.Root>
            );
          })}
        </SimpleGrid>

        <HStack gap="3">
          <Button type="submit" loading={patch.isPending}>
            Save
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={patch.isPending}>
            Cancel
          </Button>
        </HStack>

        <ConfirmDialog
          open={reloadOpen}
          title="Reload this content?"
          description="The latest saved copy replaces the form. Your unsaved changes will be lost."
          confirmLabel="Discard and reload"
          cancelLabel="Keep editing"
          pending={reloading}
          onConfirm={() => void reload()}
          onClose={() => setReloadOpen(false)}
        />
      </form>
    </Stack>
  );
}
