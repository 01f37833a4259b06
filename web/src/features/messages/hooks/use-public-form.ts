import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type * as z from 'zod';
import { tooManyRequestsMessage } from '#shared/contracts/messages';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import {
  type FieldErrors,
  fieldErrorsFromApi,
  fieldErrorsOf,
  firstInvalid,
  isRateLimited,
} from '../utils/field-errors.ts';

/**
 * The state and submit rule of a public form (spec §4 "Newsletter", "Contact form";
 * §5): values, field errors, the trap field, the 429 message and the sent state.
 * `submit` ignores a submit while one is pending; a filled trap shows the sent state
 * without calling the server (spec §4); otherwise the values are checked with the
 * shared contract `schema` (the server's own messages), the first invalid field of
 * `fields` (screen order) takes the focus, and the parsed values go to `mutation`;
 * a 429 keeps everything typed and shows `rateLimited`; the server's 400 field
 * errors show under their fields.
 */
export function usePublicForm<Field extends string, Values extends Record<Field, string>, Output>({
  schema,
  fields: order,
  empty,
  mutation,
}: {
  readonly schema: z.ZodType<Output, unknown>;
  readonly fields: readonly Field[];
  readonly empty: Values;
  readonly mutation: UseMutationResult<unknown, Error, Output>;
}) {
  const [values, setValues] = useState<Values>(empty);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  useRevalidation(values, setErrors, (current: Values) => fieldErrorsOf(schema, current, order));
  const [rateLimited, setRateLimited] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const elements = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const focusFirstInvalid = (found: FieldErrors<Field>) => {
    const field = firstInvalid(order, found);
    if (field) elements.current[field]?.focus();
  };
  /** A setter of one field's value. */
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  /** A ref callback keeping a field's element, to focus it when it is the first invalid one. */
  const register = (field: Field) => (element: HTMLElement | null) => {
    elements.current[field] = element;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setRateLimited(null);
    if (trap !== '') {
      // Spec §4: a filled trap (honeypot) fakes success and calls nothing.
      setSent(true);
      return;
    }
    const found = fieldErrorsOf(schema, values, order);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    mutation.mutate(schema.parse(values), {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (isRateLimited(error)) {
          setRateLimited(tooManyRequestsMessage(error.retryAfterSeconds));
          return;
        }
        const fromServer = fieldErrorsFromApi(error, order);
        if (!fromServer) return;
        setErrors(fromServer);
        focusFirstInvalid(fromServer);
      },
    });
  };

  return { values, set, register, errors, trap, setTrap, rateLimited, sent, submit, pending: mutation.isPending };
}
