import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  set,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import * as z from 'zod';
import { ApiError } from '../api-client.ts';

/** Options of {@link useZodForm}. */
export interface ZodFormOptions {
  /**
   * Which fields a change checks again after a submit: `shown` (the default) only a
   * field edited while it shows a message, so a field that had none gets none until
   * the next submit (issue 21 item 14: what every hand-made form did); `changed`
   * every field edited.
   */
  readonly revalidate?: 'changed' | 'shown';
}

/**
 * A react-hook-form form checked by a shared zod contract (issue 23 item 4): the
 * contract's own messages (spec §5: the same ones the API answers with), checked
 * first on submit and then again as each field changes (a field's message goes or
 * changes as it is edited; the others stay, so a server's message about another
 * field is not dropped by typing elsewhere), and the first invalid field focused on
 * a failed submit. `Input` is what the form holds, `Output` what `handleSubmit`
 * hands on (the contract's parsed value). See {@link ZodFormOptions} for `revalidate`.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  { revalidate = 'shown' }: ZodFormOptions = {},
): UseFormReturn<Input, unknown, Output> {
  const formRef = useRef<UseFormReturn<Input, unknown, Output> | null>(null);
  // Set by a submit, so that the check it runs is told from a change's. react-hook-form cannot tell them
  // apart by itself: the resolver gets the same options for both (a submit names every mounted field),
  // `formState.isSubmitting` is the last render's (still false while the submit's check runs), and the
  // control's own flag stays true until the save ends, so a change made meanwhile would be checked as a
  // submit (form-field.test.tsx: "checks a change made while a valid save is pending…").
  const submitting = useRef(false);
  // The resolver's overloads cannot see through a generic schema; the types above say what it returns.
  const resolver = zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>;
  const form = useForm<Input, unknown, Output>({
    resolver:
      revalidate === 'shown'
        ? async (values, context, options) => {
            const whole = submitting.current;
            submitting.current = false;
            const result = await resolver(values, context, options);
            const current = formRef.current;
            if (whole || !options.names || !current) return result;
            const errors: FieldErrors<Input> = {};
            for (const name of options.names) {
              const error = get(result.errors, name);
              if (error && current.getFieldState(name as unknown as FieldPath<Input>).error) set(errors, name, error);
            }
            return { ...result, errors } as Awaited<ReturnType<typeof resolver>>;
          }
        : resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  formRef.current = form;
  if (revalidate !== 'shown') return form;
  return {
    ...form,
    handleSubmit: (onValid, onInvalid) => {
      const run = form.handleSubmit(onValid, onInvalid);
      return (event) => {
        submitting.current = true;
        return run(event);
      };
    },
  };
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

/**
 * A form value the schema takes as it is, typed as `T` (a picked `File`, a draft that a
 * `.transform` then checks field by field): `z.unknown()` with a type, rather than
 * `z.custom<T>()`, whose code would join the zod chunk that every page loads before its
 * first render (tests/support/first-render-javascript.ts, decision record 040).
 */
export function formValue<T>(): z.ZodType<T, T> {
  return z.unknown() as z.ZodType<T, T>;
}
