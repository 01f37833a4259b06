import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, get, useFormContext, useFormState } from 'react-hook-form';
import { FieldErrorText, fieldIds } from './field-parts.tsx';

/** What `FormField` hands its control: the id its label points at and the texts that describe it. */
export interface FormFieldControl {
  /** The control's id, the one its label points at (Chakra's `Field.Root` puts it on a `Field`-aware control by itself). */
  readonly id: string;
  /** The ids of the hint and the error shown, for the control's `aria-describedby` (undefined when none is). */
  readonly 'aria-describedby': string | undefined;
  /** True while the field has a message. */
  readonly 'aria-invalid': boolean | undefined;
}

/**
 * One field of a react-hook-form form (issue 23 item 4): its label with the required
 * mark, the control (`children`, given the ids to wire), a hint under it and its
 * message, announced as an alert and named by the control's `aria-describedby`
 * (WCAG 2.2 AA; spec §4 "messages under the field", §5). The message is the first
 * of the field's errors in the enclosing `FormProvider` (a zod contract's message
 * through the zod resolver, or a server's 400 detail put there by
 * `applyServerErrors`), prefixed with `errorPrefix` (`"Name: "`) when given, so an
 * alert read out on its own still says which field it is about. Focus on the first
 * invalid field is react-hook-form's `shouldFocusError` (the control must take the
 * `ref` of `register` or of a `Controller`'s `field`).
 */
export function FormField<Values extends FieldValues>({
  name,
  label,
  hint,
  required = false,
  errorPrefix,
  id,
  disabled = false,
  children,
}: {
  readonly name: FieldPath<Values>;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly required?: boolean;
  readonly errorPrefix?: string;
  /** The control's id; by default derived from the field's name. */
  readonly id?: string;
  /** Disables the field (its label and a `Field`-aware control) while true, e.g. during a save; its value stays in the form. */
  readonly disabled?: boolean;
  readonly children: (control: FormFieldControl) => ReactNode;
}) {
  const { control } = useFormContext<Values>();
  const { errors } = useFormState({ control, name });
  const message = fieldMessage(get(errors, name));
  const base = id ?? `field-${name.replaceAll('.', '-')}`;
  const { ids, describedBy } = fieldIds(base, {
    help: hint !== undefined && hint !== null,
    error: message !== undefined,
  });
  return (
    <Field.Root
      id={base}
      invalid={message !== undefined}
      required={required}
      disabled={disabled}
      ids={{ ...ids, label: `${base}-label` }}
    >
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children({
        id: base,
        'aria-describedby': describedBy,
        'aria-invalid': message !== undefined ? true : undefined,
      })}
      {hint !== undefined && hint !== null ? <Field.HelperText>{hint}</Field.HelperText> : null}
      <FieldErrorText message={message === undefined ? undefined : `${errorPrefix ?? ''}${message}`} />
    </Field.Root>
  );
}

/**
 * The message of a field's error entry: its own `message`, else (an array or object
 * field whose items failed) the first message found beneath it. Undefined when none.
 */
export function fieldMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own !== '') return own;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'message') continue;
    const nested = fieldMessage(value);
    if (nested !== undefined) return nested;
  }
  return undefined;
}
