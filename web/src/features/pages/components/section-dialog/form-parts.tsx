import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FieldErrorText, fieldIds } from '../../../../components/ui/field-parts.tsx';

/**
 * Small form pieces of the section dialog (WCAG 2.2 AA: every field labelled,
 * required ones marked with an asterisk (spec §5 "File picker": "Required fields
 * are marked with an asterisk"), messages under the field announced as alerts and
 * linked by `aria-describedby`).
 */

/** An element the dialog can focus when its field is the first invalid one. */
export type Focusable = HTMLElement;

/** Registers a field's element under its message key (null on unmount). */
export type Register = (element: Focusable | null) => void;

const count = (value: number) => value.toLocaleString('en-US');

/** The helper text of a counted field: "12 of 4,096 characters", after any other help. */
function helpText(help: string | undefined, counter: { length: number; max: number } | null): ReactNode {
  const parts = [help, counter ? `${count(counter.length)} of ${count(counter.max)} characters` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A labelled text input or textarea with optional help, character counter and message. */
export function TextField({
  id,
  label,
  value,
  onChange,
  register,
  error,
  required = false,
  help,
  max,
  counter = false,
  input = 'text',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  register: Register;
  error: string | undefined;
  required?: boolean;
  help?: string;
  max: number;
  counter?: boolean;
  input?: 'text' | 'plain' | 'html';
}) {
  const shownHelp = helpText(help, counter ? { length: value.length, max } : null);
  const { ids, describedBy } = fieldIds(id, { help: Boolean(shownHelp), error: Boolean(error) });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {input === 'text' ? (
        <Input
          ref={register}
          aria-describedby={describedBy}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Textarea
          ref={register}
          aria-describedby={describedBy}
          value={value}
          rows={input === 'html' ? 8 : 4}
          fontFamily={input === 'html' ? 'mono' : undefined}
          fontSize={input === 'html' ? 'sm' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {shownHelp ? <Field.HelperText>{shownHelp}</Field.HelperText> : null}
      <FieldErrorText message={error} />
    </Field.Root>
  );
}

/** A labelled native select with optional help and message. */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  register,
  error,
  required = false,
  disabled = false,
  help,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { readonly value: string; readonly label: string }[];
  onChange: (value: string) => void;
  register: Register;
  error: string | undefined;
  required?: boolean;
  disabled?: boolean;
  help?: string;
}) {
  const { ids, describedBy } = fieldIds(id, { help: Boolean(help), error: Boolean(error) });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          ref={register}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      <FieldErrorText message={error} />
    </Field.Root>
  );
}
