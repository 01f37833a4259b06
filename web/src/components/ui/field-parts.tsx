import { Field } from '@chakra-ui/react';

/**
 * Pieces every form dialog shares (WCAG 2.2 AA: messages under the field, announced
 * as alerts, and named by the control's `aria-describedby`).
 */

/**
 * The ids of a field's helper and error texts (`<base>-help`, `<base>-error`, for
 * Chakra's `Field.Root ids`), and the control's `aria-describedby` naming those shown
 * (undefined when none is). Ark links the error only through `aria-errormessage`,
 * which many screen readers skip, hence the explicit description.
 */
export function fieldIds(
  base: string,
  { help, error }: { help: boolean; error: boolean },
): { ids: { helperText: string; errorText: string }; describedBy: string | undefined } {
  const ids = { helperText: `${base}-help`, errorText: `${base}-error` };
  const describedBy = [help ? ids.helperText : null, error ? ids.errorText : null].filter(Boolean).join(' ');
  return { ids, describedBy: describedBy || undefined };
}

/** A field's message, announced as an alert (`role="alert"`); nothing without one. */
export function FieldErrorText({ message }: { message: string | undefined }) {
  return message ? <Field.ErrorText role="alert">{message}</Field.ErrorText> : null;
}
