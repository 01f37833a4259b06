import { Alert, Box, Heading, Input, Textarea } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';

export interface TextFieldProps<Values extends FieldValues> {
  /** The field's name in the enclosing react-hook-form form. */
  readonly name: FieldPath<Values>;
  readonly label: string;
  readonly required?: boolean;
  readonly type?: 'text' | 'email';
  readonly autoComplete?: string | undefined;
  /** A textarea with a character counter against `maxChars`. */
  readonly multiline?: boolean;
  readonly maxChars?: number;
  readonly helperText?: ReactNode;
}

/**
 * A labelled text input (or textarea) of the public forms, through `FormField`
 * (issue 23 item 4). No `maxLength`: a longer value stays as typed and gets the
 * limit's message, so nothing typed is cut off unseen. The message under the field
 * starts with its label, so an alert read out on its own still says which field it
 * is about (spec §5, §8).
 */
export function TextField<Values extends FieldValues>({
  name,
  label,
  required = true,
  type = 'text',
  autoComplete,
  multiline = false,
  maxChars,
  helperText,
}: TextFieldProps<Values>) {
  const { register } = useFormContext<Values>();
  const counter = multiline && maxChars !== undefined ? <CharacterCount<Values> name={name} max={maxChars} /> : null;
  const hint =
    helperText || counter ? (
      <>
        {helperText}
        {helperText && counter ? ' ' : null}
        {counter}
      </>
    ) : undefined;
  return (
    <FormField<Values> name={name} label={label} hint={hint} required={required} errorPrefix={`${label}: `}>
      {(control) =>
        multiline ? (
          <Textarea {...control} rows={8} {...register(name)} />
        ) : (
          <Input {...control} type={type} autoComplete={autoComplete} {...register(name)} />
        )
      }
    </FormField>
  );
}

/**
 * The trap (newsletter) or honeypot (contact) field of spec §4, the form's `trap`
 * value: off screen, out of the tab order, hidden from assistive technology and
 * from autofill. People never fill it; a form that comes back with it filled is
 * answered with a made-up success and nothing is sent.
 */
export function TrapField() {
  const id = useId();
  const { field } = useController<{ trap?: string | undefined }, 'trap'>({ name: 'trap' });
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      insetStart="-10000px"
      top="auto"
      width="1px"
      height="1px"
      overflow="hidden"
    >
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={field.value ?? ''}
        onChange={field.onChange}
      />
    </Box>
  );
}

/** The 429 of a rate-limited form: what happened and what to do; the form keeps everything typed. */
export function RateLimitedAlert({ message }: { message: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Not sent yet</Alert.Title>
        <Alert.Description>{message} Everything you typed is still here.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The heading of a form's sent state; it takes the focus when shown, so the reader hears that the form went. */
export function ConfirmationHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Heading as="h2" size="xl" ref={heading} tabIndex={-1} outline="none">
      {children}
    </Heading>
  );
}
