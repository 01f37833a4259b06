import { type FormEvent, useEffect, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type PathValue,
  type UseFormReturn,
  useFormContext,
} from 'react-hook-form';
import { todayUtc } from '#shared/contracts/content';
import type { ApiError } from '../../../../lib/api-client.ts';
import { formValue, useZodForm } from '../../../../lib/forms/zod-form.ts';
import {
  type ContentDraft,
  type DraftErrors,
  type DraftField,
  draftFieldId,
  errorsFromServer,
  firstInvalid,
  validateDraft,
} from './content-draft.ts';

/** Focuses a field's input (the first enabled one of a group or row). */
function focusField(field: DraftField) {
  const element = document.getElementById(draftFieldId(field));
  const target = element?.matches('input, textarea, select, button')
    ? element
    : element?.querySelector<HTMLElement>('input:not([disabled]), textarea, select, button');
  target?.focus();
}

/**
 * The content form's schema (issue 23 item 4): the draft as it is, checked by
 * {@link validateDraft} (spec §5 "Content editing": the same messages, each at its
 * field path, e.g. `sections.2.name`). Dates are checked against today (UTC).
 */
const draftSchema = formValue<ContentDraft>().superRefine((draft, context) => {
  for (const [field, message] of Object.entries(validateDraft(draft, todayUtc()))) {
    context.addIssue({ code: 'custom', path: field.split('.'), message });
  }
});

/** react-hook-form's nested errors as the editor's flat {@link DraftErrors} (`sections.2.name` → message). */
function flatErrors(errors: FieldErrors, prefix = ''): DraftErrors {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'root' || !value || typeof value !== 'object')
      continue;
    const path = `${prefix}${key}`;
    if (typeof value.message === 'string') flat[path] = value.message;
    Object.assign(flat, flatErrors(value as FieldErrors, `${path}.`));
  }
  return flat as DraftErrors;
}

/** The value at a dotted field path of a draft (`lastCurated.courseware`, `files.1`). */
function valueAt(draft: ContentDraft, path: string): unknown {
  return get(draft, path);
}

/** Sets one message, or takes it away, keeping the messages of the fields under it (`files.1.name` under `files.1`). */
function putError(form: UseFormReturn<FieldValues, unknown, ContentDraft>, field: string, message: string | undefined) {
  if (message) {
    form.setError(field, { type: 'server', message });
    return;
  }
  const below = Object.entries(flatErrors(form.formState.errors)).filter(([key]) => key.startsWith(`${field}.`));
  form.clearErrors(field);
  for (const [key, kept] of below) form.setError(key, { type: 'server', message: kept });
}

/**
 * Sets the draft's value at `path` (a top-level field, `children.2.name`, …) and checks
 * again — with {@link validateDraft}'s message — every field under it that shows an
 * error and changed (issue 21 item 14).
 */
function setDraftField(form: UseFormReturn<FieldValues, unknown, ContentDraft>, path: string, value: unknown) {
  const before = form.getValues() as ContentDraft;
  form.setValue(path, value);
  const after = form.getValues() as ContentDraft;
  const shown = Object.keys(flatErrors(form.formState.errors)).filter(
    (field) => field === path || field.startsWith(`${path}.`),
  );
  const changed = shown.filter(
    (field) => JSON.stringify(valueAt(before, field)) !== JSON.stringify(valueAt(after, field)),
  );
  if (changed.length === 0) return;
  const fresh = validateDraft(after, todayUtc()) as Record<string, string | undefined>;
  for (const field of changed) putError(form, field, fresh[field]);
}

/** Sets one value of the content draft at its field path, as {@link useDraftFieldSetter} returns it. */
export type SetDraftField = <P extends FieldPath<ContentDraft>>(path: P, value: PathValue<ContentDraft, P>) => void;

/**
 * The setter of one value of the enclosing content form (the `FormProvider` of
 * {@link useDraftForm}) at its field path, e.g. a row's `children.2.name` (issue 23
 * item 4): the value is set and a message it shows is checked again, as by `update`.
 */
export function useDraftFieldSetter(): SetDraftField {
  const form = useFormContext<FieldValues, unknown, ContentDraft>();
  return (path, value) => setDraftField(form, path, value);
}

/**
 * The content edit and create forms' draft and errors (issue 23 item 4), held by a
 * react-hook-form form on {@link draftSchema}. `draft` is the current value; `update`
 * sets one top-level field, and checks again — with {@link validateDraft}'s message —
 * every field under it that shows an error and changed (issue 21 item 14: fields
 * without an error get none until the next submit; a server message about another
 * field stays). `errors` are the field messages (flat, by field path); `formErrors` the
 * form-level ones (shown in an alert). `submit(busy, onValid)` (nothing while `busy`) checks the whole draft, clears
 * the form errors and hands the draft on, or shows the messages and focuses the first
 * invalid field in screen order. `showErrors` and `showServerErrors` (a 400's details
 * by {@link errorsFromServer}; the rest, or the message alone, as form errors) put
 * messages under fields and focus the first.
 */
export function useDraftForm(initial: ContentDraft | (() => ContentDraft)) {
  const [defaults] = useState(initial);
  const form = useZodForm<FieldValues, ContentDraft>(draftSchema, defaults as FieldValues);
  const draft = form.watch() as ContentDraft;
  const errors = flatErrors(form.formState.errors);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ field: DraftField } | null>(null);

  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
  }, [focusRequest]);

  const update = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) =>
    setDraftField(form, key, value as never);

  /** Replaces the whole draft with `change(current)` (a reload): each field as by `update`. */
  const replace = (change: (current: ContentDraft) => ContentDraft) => {
    const next = change(form.getValues() as ContentDraft);
    for (const key of Object.keys(next) as (keyof ContentDraft)[]) update(key, next[key]);
  };

  /** Shows `next` under the fields (and only those) and focuses the first invalid one, in screen order. */
  const showErrors = (next: DraftErrors) => {
    form.clearErrors();
    for (const [field, message] of Object.entries(next)) if (message) form.setError(field, { type: 'server', message });
    const first = firstInvalid(next, form.getValues() as ContentDraft);
    if (first) setFocusRequest({ field: first });
  };

  const submit = (busy: boolean, onValid: (draft: ContentDraft) => void) => (event: FormEvent) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setFormErrors([]);
    void form.handleSubmit(onValid, (invalid) => {
      const first = firstInvalid(flatErrors(invalid), form.getValues() as ContentDraft);
      if (first) setFocusRequest({ field: first });
    })(event);
  };

  const showServerErrors = (error: ApiError, options: { sectionOffset?: number } = {}) => {
    const { errors: fieldErrors, rest } = errorsFromServer(error.details, {
      draft: form.getValues() as ContentDraft,
      ...options,
    });
    setFormErrors(rest.length > 0 || !firstInvalid(fieldErrors) ? [error.message, ...rest] : []);
    showErrors(fieldErrors);
  };

  return { form, draft, update, replace, errors, formErrors, setFormErrors, showErrors, submit, showServerErrors };
}
