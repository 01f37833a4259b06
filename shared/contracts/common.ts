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

/** Control characters (line breaks, tabs, NUL…), line and paragraph separators, and bidirectional overrides. */
const FILE_NAME_CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** Quotation marks that end a quoted value in a header, CSV cell or shell word. */
const FILE_NAME_QUOTE = /["'`]/;
/** Path separators: with them a name could say `../` or name a folder. */
const FILE_NAME_SEPARATOR = /[/\\]/;

/** The field messages of {@link fileName}. */
export const FILE_NAME_MESSAGES = {
  required: 'Is required.',
  control: 'Must not contain line breaks or other control characters.',
  quote: 'Must not contain quotation marks (" \' `).',
  separator: 'Must not contain / or \\ (path separators).',
  dots: 'Must be a file name, not . or ..',
} as const;

/**
 * The one rule for every stored file name (spec §5 "File name: required, max 120";
 * issue 21 item 7): trimmed, required, at most `maxChars` characters (the spec's 120
 * unless a contract's own limit says otherwise), and without control characters (line
 * breaks among them), quotation marks or path separators, so a name can never climb
 * out of a folder (`../`), break a header or a log line, or end a quoted value. Used
 * by every contract that carries a file name (uploads, content file slots, feedback
 * screenshots, widget files).
 */
export function fileName(maxChars: number = LIMITS.fileNameMaxChars) {
  return z
    .string({ error: FILE_NAME_MESSAGES.required })
    .trim()
    .min(1, FILE_NAME_MESSAGES.required)
    .max(maxChars, `Must be at most ${maxChars} characters.`)
    .refine((name) => !FILE_NAME_CONTROL.test(name), FILE_NAME_MESSAGES.control)
    .refine((name) => !FILE_NAME_QUOTE.test(name), FILE_NAME_MESSAGES.quote)
    .refine((name) => !FILE_NAME_SEPARATOR.test(name), FILE_NAME_MESSAGES.separator)
    .refine((name) => name !== '.' && name !== '..', FILE_NAME_MESSAGES.dots);
}

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
