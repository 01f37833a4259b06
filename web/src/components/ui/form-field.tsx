import { chakra, Field, Fieldset } from '@chakra-ui/react';
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
 *
 * With `group`, the field is a set of controls that carry their own labels (radios,
 * checkboxes): a `fieldset` named by `label` as its legend and described by the hint
 * and the message. `children` gets the same ids for the group's own element, if it
 * has one (a checkbox group's root); a `Controller`'s `field.ref`
 * goes to the element the message should focus (the checked radio, or the group's
 * element with `tabIndex={-1}`).
 */
export function FormField<Values extends FieldValues>({
  name,
  label,
  hint,
  required = false,
  errorPrefix,
  id,
  group = false,
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
  /** A group of controls with their own labels: a fieldset with `label` as its legend (issue 23 item 4). */
  readonly group?: boolean;
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
  const wiring: FormFieldControl = {
    id: base,
    'aria-describedby': describedBy,
    'aria-invalid': message !== undefined ? true : undefined,
  };
  const shown = message === undefined ? undefined : `${errorPrefix ?? ''}${message}`;
  if (group) {
    return (
      <Fieldset.Root invalid={message !== undefined} aria-describedby={describedBy}>
        <Fieldset.Legend id={`${base}-label`}>
          {label}
          {required ? <RequiredMark /> : null}
        </Fieldset.Legend>
        {children(wiring)}
        {hint !== undefined && hint !== null ? (
          <Fieldset.HelperText id={ids.helperText}>{hint}</Fieldset.HelperText>
        ) : null}
        {shown ? (
          <Fieldset.ErrorText id={ids.errorText} role="alert">
            {shown}
          </Fieldset.ErrorText>
        ) : null}
      </Fieldset.Root>
    );
  }
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
      {children(wiring)}
      {hint !== undefined && hint !== null ? <Field.HelperText>{hint}</Field.HelperText> : null}
      <FieldErrorText message={shown} />
    </Field.Root>
  );
}

/** The required mark of a fieldset's legend, drawn as Chakra's `Field.RequiredIndicator` draws it (hidden from assistive technology). */
function RequiredMark() {
  return (
    <chakra.span aria-hidden="true" color="fg.error" marginStart="1">
      *
    </chakra.span>
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
