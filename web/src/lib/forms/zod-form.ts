import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod';
import { ApiError } from '../api-client.ts';

/**
 * A react-hook-form form checked by a shared zod contract (issue 23 item 4): the
 * contract's own messages (spec §5: the same ones the API answers with), checked
 * first on submit and then again as each field changes (a field's message goes or
 * changes as it is edited; the others stay, so a server's message about another
 * field is not dropped by typing elsewhere), and the first invalid field focused on
 * a failed submit. `Input` is what the form holds, `Output` what `handleSubmit`
 * hands on (the contract's parsed value).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    // The resolver's overloads cannot see through a generic schema; the types above say what it returns.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
}

/**
 * Puts a 400 answer's field messages (`details` at `body.<field path>`) on the
 * form's fields among `fields` and focuses the first of them in `fields` order
 * (spec §4, §5). Returns false — and changes nothing — when `error` is not a 400
 * naming one of them, so the caller can show it another way.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
): boolean {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return false;
  const found = new Map<FieldPath<Values>, string>();
  for (const detail of error.details) {
    const field = fields.find((name) => detail.path === `body.${name}` || detail.path.startsWith(`body.${name}.`));
    if (field && !found.has(field)) found.set(field, detail.message);
  }
  const first = fields.find((field) => found.has(field));
  for (const [field, message] of found) setError(field, { type: 'server', message }, { shouldFocus: field === first });
  return first !== undefined;
}
