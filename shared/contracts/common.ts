import * as z from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Shapes shared by every contract: ids, paging, dates and the error body.
 * Spec §7 (paging with `nextPageToken`), §8 (error handling).
 */

/**
 * An entity id: 26 characters of lower-case Crockford base32 (a lower-cased ULID
 * for new items, a digest for seeded ones; decision record 005). Lower case because
 * the SPA lower-cases the content parameter before fetching (spec §2.6).
 */
export const EntityId = z
  .string()
  .regex(/^[0-9a-hjkmnp-tv-z]{26}$/, 'Must be a 26-character id.')
  .meta({ id: 'EntityId', description: 'Lower-case 26-character Crockford base32 id.' });
export type EntityId = z.infer<typeof EntityId>;

/** A calendar date, `YYYY-MM-DD` (spec §4 "Saving content": curated dates are cut to this). */
export const IsoDate = z.iso.date().meta({ id: 'IsoDate', description: 'Calendar date, YYYY-MM-DD.' });

/** An ISO 8601 date-time in UTC, e.g. `2026-11-21T10:00:00.000Z`. */
export const IsoDateTime = z.iso.datetime().meta({ id: 'IsoDateTime', description: 'ISO 8601 date-time (UTC).' });

/**
 * An opaque continuation token (spec §7 `nextPageToken`). Absent or null when there
 * is no further page. Clients pass it back unchanged as `pageToken`.
 */
export const PageToken = z
  .string()
  .min(1)
  .max(2048)
  .meta({ id: 'PageToken', description: 'Opaque token of the next page; pass back as pageToken.' });

/** Builds the `{ items, nextPageToken }` page shape of spec §7 around an item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextPageToken: PageToken.nullable(),
  });
}

/** Query parameter: a page size between 1 and `max`, `fallback` when absent. */
export function limitParam(max: number, fallback: number) {
  return z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(max, `Must be at most ${max}.`)
    .default(fallback);
}

/** Query parameter: `true` / `false` (also `1` / `0`), `fallback` when absent. */
export function booleanParam(fallback: boolean) {
  return z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] }).default(fallback);
}

/**
 * A content id or URL alias as it arrives in a path: the SPA lower-cases and
 * URL-encodes it (spec §2.6), so the server decodes once and lower-cases again.
 */
export const IdOrAlias = z
  .string()
  .min(1, 'Is required.')
  .max(LIMITS.idOrAliasMaxChars, `Must be at most ${LIMITS.idOrAliasMaxChars} characters.`)
  .transform((raw) => raw.trim().toLowerCase())
  .refine((value) => value.length > 0, 'Is required.');

/** One field's complaint in a 400 answer. `path` is dotted, e.g. `query.limit`. */
export const FieldError = z.object({ path: z.string(), message: z.string() }).meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof FieldError>;

/**
 * The error body of every non-2xx answer (spec §8: the SPA shows `message`, the
 * status code and the details). `errors` lists field messages on a 400.
 */
export const ErrorBody = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    errors: z.array(FieldError).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
