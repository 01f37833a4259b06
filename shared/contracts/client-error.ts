import * as z from 'zod';

/**
 * Client error reports (spec §8 "All errors also go to an error-reporting service";
 * issue 21 item 24; decision record 037): the SPA sends its uncaught errors and
 * failed API calls to `POST /api/v1/client-errors`, which logs each one as a
 * structured event. A report never carries tokens or personal data: the SPA scrubs
 * it with {@link scrubClientErrorReport} before sending and the API scrubs it again.
 */

/** Sizes of a report: characters per field, bytes of the whole JSON body (413 beyond it). */
export const CLIENT_ERROR_LIMITS = {
  messageMaxChars: 1000,
  nameMaxChars: 200,
  stackMaxChars: 4000,
  urlMaxChars: 2048,
  releaseMaxChars: 100,
  /** The whole request body, in bytes (UTF-8). */
  bodyMaxBytes: 16_384,
} as const;

/** Where a report comes from: `window` error event, unhandled rejection, React error boundary, or an API call. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'render', 'api'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters.`);

/** The failed API call of an `api` report: method, path (no query), status (0: no response). */
export const ClientErrorApiCall = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: text(CLIENT_ERROR_LIMITS.urlMaxChars),
    status: z.int().min(0).max(599),
  })
  .strict()
  .meta({ id: 'ClientErrorApiCall' });
export type ClientErrorApiCall = z.infer<typeof ClientErrorApiCall>;

/** One client error report (the body of `POST /api/v1/client-errors`). Unknown fields are refused. */
export const ClientErrorReport = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS),
    message: text(CLIENT_ERROR_LIMITS.messageMaxChars),
    name: text(CLIENT_ERROR_LIMITS.nameMaxChars).optional(),
    stack: text(CLIENT_ERROR_LIMITS.stackMaxChars).optional(),
    /** The page's address, without query string or fragment. */
    url: text(CLIENT_ERROR_LIMITS.urlMaxChars),
    /** The SPA's build (its version), when known. */
    release: text(CLIENT_ERROR_LIMITS.releaseMaxChars).optional(),
    /** How many identical reports the SPA held back since it last sent this one (its de-duplication). */
    repeats: z.int().min(0).max(1_000_000).optional(),
    api: ClientErrorApiCall.optional(),
  })
  .strict()
  .meta({ id: 'ClientErrorReport', description: 'An uncaught error or failed API call of the SPA, scrubbed.' });
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

/**
 * The `message` of the one log event the API writes per accepted report: a single
 * word, so the CloudWatch metric filter (`infra/constructs/observability.ts`) finds
 * it whether Lambda's JSON log format keeps the line as an object or as a string.
 */
export const CLIENT_ERROR_LOG_MESSAGE = 'clientErrorReport';

/** The answer of an accepted report (202). */
export const AcceptedClientError = z.object({ accepted: z.literal(true) }).meta({ id: 'AcceptedClientError' });

const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.?[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A query string or fragment after an address or path: from `?` or `#` to the next blank or quote. */
const QUERY_OR_FRAGMENT = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>?#]*|\/[^\s"'<>?#]*)[?#][^\s"'<>)]*/gi;
/** `name=value` pairs that carry secrets, wherever they appear in free text. */
const SECRET_PAIR = /\b(token|access_token|id_token|refresh_token|t|s|code|password|secret|signature)=[^&\s"'<>,;]+/gi;

/**
 * `value` with what could identify a person or open a session replaced: query
 * strings and fragments of addresses and paths removed (they carry `t`, `token`,
 * `s`…), JWT-looking strings → `[jwt]`, `Bearer …` → `Bearer [redacted]`, e-mail
 * addresses → `[email]`, secret `name=value` pairs → `name=[redacted]`. Idempotent.
 */
export function scrubClientText(value: string): string {
  return value
    .replace(JWT, '[jwt]')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(QUERY_OR_FRAGMENT, '$1')
    .replace(SECRET_PAIR, '$1=[redacted]')
    .replace(EMAIL, '[email]');
}

/** `value` scrubbed ({@link scrubClientText}) and cut to `max` characters. */
function scrubbed(value: string, max: number): string {
  return scrubClientText(value).slice(0, max);
}

/**
 * The report with every text field scrubbed ({@link scrubClientText}) and cut to
 * its maximum ({@link CLIENT_ERROR_LIMITS}), so it validates and carries nothing
 * private. Used by the SPA before sending and by the API before logging.
 */
export function scrubClientErrorReport(report: ClientErrorReport): ClientErrorReport {
  const L = CLIENT_ERROR_LIMITS;
  return {
    kind: report.kind,
    message: scrubbed(report.message, L.messageMaxChars),
    ...(report.name === undefined ? {} : { name: scrubbed(report.name, L.nameMaxChars) }),
    ...(report.stack === undefined ? {} : { stack: scrubbed(report.stack, L.stackMaxChars) }),
    url: scrubbed(report.url, L.urlMaxChars),
    ...(report.release === undefined ? {} : { release: scrubbed(report.release, L.releaseMaxChars) }),
    ...(report.repeats === undefined ? {} : { repeats: report.repeats }),
    ...(report.api === undefined ? {} : { api: { ...report.api, path: scrubbed(report.api.path, L.urlMaxChars) } }),
  };
}
