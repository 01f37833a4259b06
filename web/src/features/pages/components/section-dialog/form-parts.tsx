import { Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { FieldPath } from 'react-hook-form';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { RichTextEditor } from '../../../../components/ui/rich-text/rich-text-field.tsx';
import type { SectionDraft } from '../../utils/section-form.ts';

/**
 * The section dialog's text and select fields as the shared `FormField` (issue 23
 * item 4): label with the required mark (spec §5 "File picker": "Required fields
 * are marked with an asterisk"), help and counter as the hint, and the message
 * react-hook-form holds at the field's `name` (a value's path: `name`,
 * `widgets.0.title`, `widgets.0.files.image.alt`) under it, announced and named by
 * `aria-describedby` (WCAG 2.2 AA). The control's id is `id`, its help and message
 * `<id>-help` and `<id>-error`.
 */

/** An element (or the rich text editor's handle) the dialog can focus when its field is the first invalid one. */
export type Focusable = { focus: () => void };

/** Registers a field's element under its message key (null on unmount). */
export type Register = (element: Focusable | null) => void;

const count = (value: number) => value.toLocaleString('en-US');

/** The hint of a field: its help, then the counter of a counted field ("12 of 4,096 characters", untrimmed length); null when neither. */
function hintOf(help: string | undefined, counter: { length: number; max: number } | null): string | null {
  const parts = [help, counter ? `${count(counter.length)} of ${count(counter.max)} characters` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * A labelled text input, textarea or rich text editor (`input`: one line, plain text,
 * HTML — the rich text editor of issue 25 item 1) with optional help, character
 * counter (of the stored HTML for HTML) and message.
 */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  register,
  required = false,
  help,
  max,
  counter = false,
  input = 'text',
}: {
  id: string;
  /** The value's path in the section form: where its message is. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  register: Register;
  required?: boolean;
  help?: string;
  max: number;
  counter?: boolean;
  input?: 'text' | 'plain' | 'html';
}) {
  return (
    <FormField<SectionDraft>
      name={name as FieldPath<SectionDraft>}
      id={id}
      label={label}
      required={required}
      hint={hintOf(help, counter ? { length: value.length, max } : null)}
    >
      {(control) =>
        input === 'html' ? (
          <RichTextEditor
            control={control}
            label={label.replace(/\s*\(HTML\)$/, '')}
            value={value}
            onChange={onChange}
            inputRef={register}
          />
        ) : input === 'text' ? (
          <Input
            ref={register}
            aria-describedby={control['aria-describedby']}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Textarea
            ref={register}
            aria-describedby={control['aria-describedby']}
            value={value}
            rows={4}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </FormField>
  );
}

/** A labelled native select with optional help and message. */
export function SelectField({
  id,
  name,
  label,
  value,
  options,
  onChange,
  register,
  required = false,
  disabled = false,
  help,
}: {
  id: string;
  /** The value's path in the section form: where its message is. */
  name: string;
  label: string;
  value: string;
  options: readonly { readonly value: string; readonly label: string }[];
  onChange: (value: string) => void;
  register: Register;
  required?: boolean;
  disabled?: boolean;
  help?: string;
}) {
  return (
    <FormField<SectionDraft>
      name={name as FieldPath<SectionDraft>}
      id={id}
      label={label}
      required={required}
      disabled={disabled}
      hint={help}
    >
      {(control) => (
        <NativeSelect.Root disabled={disabled}>
          <NativeSelect.Field
            ref={register}
            aria-describedby={control['aria-describedby']}
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
      )}
    </FormField>
  );
}
