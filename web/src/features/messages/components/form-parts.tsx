import { Alert, Box, Field, Heading, Input, Textarea } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's message; shown under it as an alert, after the label (spec §5, §8). */
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly type?: 'text' | 'email';
  readonly autoComplete?: string;
  /** A textarea with a character counter against `maxChars`. */
  readonly multiline?: boolean;
  readonly maxChars?: number;
  readonly helperText?: ReactNode;
  readonly inputRef?: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

/**
 * A labelled text input (or textarea) of the public forms. No `maxLength`: a longer
 * value stays as typed and gets the limit's message, so nothing typed is cut off
 * unseen. The message under the field starts with its label, so an alert read out
 * on its own still says which field it is about.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  required = true,
  type = 'text',
  autoComplete,
  multiline = false,
  maxChars,
  helperText,
  inputRef,
}: TextFieldProps) {
  const counter = multiline && maxChars !== undefined ? `${value.trim().length} of ${maxChars} characters` : null;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {multiline ? (
        <Textarea ref={inputRef} value={value} rows={8} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input
          ref={inputRef}
          type={type}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {helperText || counter ? (
        <Field.HelperText>
          {helperText}
          {helperText && counter ? ' ' : null}
          {counter}
        </Field.HelperText>
      ) : null}
      {error ? (
        <Field.ErrorText role="alert">
          {label}: {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/**
 * The trap (newsletter) or honeypot (contact) field of spec §4: off screen, out of
 * the tab order, hidden from assistive technology and from autofill. People never
 * fill it; a form that comes back with it filled is answered with a made-up success
 * and nothing is sent.
 */
export function TrapField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
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
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
