import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import type * as z from 'zod';
import { tooManyRequestsMessage } from '#shared/contracts/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, useZodForm } from '../../../lib/forms/zod-form.ts';

/** What a public form holds: its fields and the trap (honeypot) field of spec §4. */
type WithTrap = FieldValues & { trap?: string | undefined };

/**
 * A public form (spec §4 "Newsletter", "Contact form"; §5) on react-hook-form with
 * the shared contract `schema` (issue 23 item 4): the form (its `trap` field starts
 * empty), the 429 message and the sent state. `submit` ignores a submit while one is
 * pending; a filled trap shows the sent state without checking or calling anything
 * (spec §4); otherwise the contract checks the values (its messages are the
 * server's; the first invalid field takes the focus) and the parsed values, without
 * the trap, go to `mutation`. A 429 keeps everything typed and sets `rateLimited`;
 * a 400's field messages go under the fields of `fields` (screen order).
 */
export function usePublicForm<Input extends WithTrap, Output extends { trap?: string | undefined }>({
  schema,
  defaultValues,
  fields,
  mutation,
}: {
  readonly schema: z.ZodType<Output, Input>;
  readonly defaultValues: DefaultValues<Input>;
  readonly fields: readonly FieldPath<Input>[];
  readonly mutation: UseMutationResult<unknown, Error, Output>;
}) {
  const form = useZodForm(schema, { ...defaultValues, trap: '' });
  const [rateLimited, setRateLimited] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const send = ({ trap: _trap, ...body }: Output) => {
    mutation.mutate(body as Output, {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (error instanceof ApiError && error.statusCode === 429) {
          setRateLimited(tooManyRequestsMessage(error.retryAfterSeconds));
          return;
        }
        applyServerErrors(error, form.setError, fields);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setRateLimited(null);
    if (form.getValues('trap' as FieldPath<Input>)) {
      // Spec §4: a filled trap (honeypot) fakes success and calls nothing.
      setSent(true);
      return;
    }
    void form.handleSubmit(send)(event);
  };

  return { form, rateLimited, sent, submit, pending: mutation.isPending };
}
