import type * as z from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

/** The first message of each invalid field of a form, by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Checks `values` with a shared request schema (the same zod contract the API
 * parses) and returns the first message of each field in `fields`, keyed by the
 * issue's first path segment; an empty object when valid.
 */
export function fieldErrorsOf<F extends string>(
  schema: z.ZodType,
  values: unknown,
  fields: readonly F[],
): FieldErrors<F> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of parsed.error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The field messages of a 400 answer (`details` at `body.<field>`), or null when
 * `error` is not a 400 naming one of `fields`.
 */
export function fieldErrorsFromApi<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> | null {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return null;
  const errors: FieldErrors<F> = {};
  for (const detail of error.details) {
    const field = fields.find((name) => detail.path === `body.${name}` || detail.path.startsWith(`body.${name}.`));
    if (field) errors[field] ??= detail.message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The first field of `order` that has an error (the one to focus, spec §4, §5), or undefined. */
export function firstInvalid<F extends string>(order: readonly F[], errors: FieldErrors<F>): F | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/** True for the 429 of a rate-limited public form (decision record 025). */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.statusCode === 429;
}
