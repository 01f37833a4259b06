import { useEffect, useState } from 'react';
import { todayUtc } from '#shared/contracts/content';
import { useRevalidation } from '../../../../hooks/use-revalidation.ts';
import type { ApiError } from '../../../../lib/api-client.ts';
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
export function focusField(field: DraftField) {
  const element = document.getElementById(draftFieldId(field));
  const target = element?.matches('input, textarea, select, button')
    ? element
    : element?.querySelector<HTMLElement>('input:not([disabled]), textarea, select, button');
  target?.focus();
}

/**
 * The error state of a content form: field errors (shown under their fields, the
 * first one in screen order focused after render) and form-level errors (shown in an
 * alert). `checkDraft` validates before a submit; `showServerErrors` maps a 400's details;
 * a field that shows an error is validated again whenever `draft` changes it.
 */
export function useDraftErrors(draft: ContentDraft) {
  const [errors, setErrors] = useState<DraftErrors>({});
  // A field showing an error is checked again as it changes (issue 21 item 14).
  useRevalidation(draft, setErrors, (current: ContentDraft) => validateDraft(current, todayUtc()));
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ field: DraftField } | null>(null);

  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
  }, [focusRequest]);

  /** Shows `next` under the fields and focuses the first invalid one (in the screen order of `draft`). */
  const showErrors = (next: DraftErrors, draft?: ContentDraft) => {
    setErrors(next);
    const first = firstInvalid(next, draft);
    if (first) setFocusRequest({ field: first });
  };

  /** Clears the form errors and validates `draft`: true when it may be sent, else its errors are shown. */
  const checkDraft = (draft: ContentDraft, today?: string): boolean => {
    setFormErrors([]);
    const invalid = validateDraft(draft, today);
    if (firstInvalid(invalid)) {
      showErrors(invalid, draft);
      return false;
    }
    setErrors({});
    return true;
  };

  /** A 400's field messages under their fields; the rest (or the message alone) as form errors. */
  const showServerErrors = (error: ApiError, options: { draft?: ContentDraft; sectionOffset?: number } = {}) => {
    const { errors: fieldErrors, rest } = errorsFromServer(error.details, options);
    setFormErrors(rest.length > 0 || !firstInvalid(fieldErrors) ? [error.message, ...rest] : []);
    showErrors(fieldErrors, options.draft);
  };

  return { errors, setErrors, formErrors, setFormErrors, showErrors, checkDraft, showServerErrors };
}
