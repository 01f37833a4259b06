import type * as z from 'zod';
import { ErrorBody, type FieldError } from '#shared/contracts/common';
import { type ApiPathTable, FIRST_RENDER_API_PATHS } from './api-paths.ts';
import { activeErrorReporter } from './error-reporter.ts';

/** The message of a request that never got an answer (spec §8 ignores these). */
export const NO_RESPONSE_MESSAGE = 'Request made but no response received.';

/**
 * A failed API call: the status code, the server's message and its field errors.
 * `statusCode` is 0 when no response arrived, 200 when the answer did not match
 * its contract.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** Seconds of a 429's or 503's `Retry-After` (issue 21 item 4, issue 28 item 4), else null. */
  readonly retryAfterSeconds: number | null;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: readonly FieldError[] = [],
    options?: ErrorOptions & { retryAfterSeconds?: number | null },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds ?? null;
  }
}

/** The whole seconds of a `Retry-After` header (RFC 9110 §10.2.3: seconds, or an HTTP date), else null. */
export function retryAfterSecondsOf(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

let apiBaseUrl = '/api/v1';
let bearerToken: () => string | null = () => null;

/**
 * Where the client reads the portal token for the `Authorization: Bearer` header
 * (spec §7 "Every call carries a Bearer authorization header"); the session store
 * registers itself here, so this module knows nothing of sessions.
 */
export function setBearerTokenSource(source: () => string | null): void {
  bearerToken = source;
}

/**
 * The headers of an API request: `Accept: application/json`, `Content-Type` when
 * `json`, and the reader's token as `Authorization: Bearer` when signed in.
 */
export function requestHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json) headers['Content-Type'] = 'application/json';
  const token = bearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Points the client at the API base address of the runtime configuration. */
export function configureApiClient(options: { baseUrl: string }): void {
  apiBaseUrl = options.baseUrl.replace(/\/+$/, '');
}

type QueryValue = string | number | boolean | null | undefined | readonly string[];

/**
 * The address function of a path table (`ApiPathTable`, decision record 040): it takes an
 * operation of `paths` only (another does not compile), its path parameters and its query,
 * and answers the address below the API base address. Path parameters are URL-encoded (so
 * an alias's `/` becomes `%2F`); `undefined` and `null` query values are left out, arrays
 * become repeated parameters. Throws when a path parameter is missing.
 */
export function apiUrlFor<const P extends ApiPathTable>(
  paths: P,
): (operationId: keyof P & string, pathParams?: Record<string, string>, query?: Record<string, QueryValue>) => string {
  return (operationId, pathParams = {}, query = {}) => {
    const table: Readonly<Partial<Record<string, string>>> = paths;
    const template = table[operationId] ?? '';
    const path = template.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
      const value = pathParams[name];
      if (value === undefined) throw new Error(`Missing path parameter ${name} of ${operationId}.`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const item of value) search.append(name, item);
      else search.append(name, String(value));
    }
    const queryString = search.toString();
    return `${apiBaseUrl}${path}${queryString ? `?${queryString}` : ''}`;
  };
}

/**
 * The address of an operation the first render calls (`FIRST_RENDER_API_PATHS`), usable
 * from any module; every other operation is addressed through its feature's table
 * (`web/src/features/<feature>/api/paths.ts`). As {@link apiUrlFor}.
 */
export const apiUrl = apiUrlFor(FIRST_RENDER_API_PATHS);

/** The `ApiError` of a non-2xx answer: its status, the body's message and field errors. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a gateway page, say): the status text is all there is.
  }
  const parsed = ErrorBody.safeParse(body);
  const retryAfterSeconds =
    response.status === 429 || response.status === 503
      ? retryAfterSecondsOf(response.headers.get('retry-after'))
      : null;
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.message, parsed.data.errors ?? [], { retryAfterSeconds });
  }
  return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}.`, [], {
    retryAfterSeconds,
  });
}

/**
 * Hands a failed call (a 5xx, or no answer: `status` 0) to the error reporter
 * (issue 21 item 24; decision record 037), with the path only (no query string).
 */
export function reportFailure(url: string, method: ApiMethod, status: number, message: string): void {
  const reporter = activeErrorReporter();
  if (!reporter) return;
  reporter.reportApiFailure({ method, path: new URL(url, window.location.origin).pathname, status }, message);
}

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Attempts of a write before its failure is shown (issue 28 item 2; decision record 084). */
export const WRITE_ATTEMPTS = 3;

/**
 * Milliseconds to wait before sending a write again, or null to give up: after no
 * answer or a 502/503/504, 0.5 s doubled each attempt (or its `Retry-After`); after a
 * 409 or 429 only with a `Retry-After` (a key still in progress, a rate limit), of at
 * most 10 s. A 409 without it is a real conflict and is not retried.
 */
export function retryDelayOf(response: Response | undefined, attempt: number): number | null {
  const after = response ? retryAfterSecondsOf(response.headers.get('retry-after')) : null;
  const status = response?.status ?? 0;
  if (after !== null && after <= 10 && [409, 429, 502, 503, 504].includes(status)) return after * 1000;
  return [0, 502, 503, 504].includes(status) ? 500 * 2 ** (attempt - 1) : null;
}

async function send<S extends z.ZodType>(
  url: string,
  init: { method: ApiMethod; body?: unknown },
  schema: S,
  options: { signal?: AbortSignal },
): Promise<z.infer<S>> {
  const headers = requestHeaders(init.body !== undefined);
  const write = init.method !== 'GET';
  // Every attempt of one write carries the same key, so the server applies it once (decision record 084).
  if (write) headers['Idempotency-Key'] = crypto.randomUUID();
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  let response: Response | undefined;
  for (let attempt = 1; ; attempt += 1) {
    let cause: unknown;
    response = undefined;
    try {
      response = await fetch(url, { method: init.method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      cause = error;
    }
    const wait = write && attempt < WRITE_ATTEMPTS ? retryDelayOf(response, attempt) : null;
    if (wait !== null) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (response) break;
    reportFailure(url, init.method, 0, NO_RESPONSE_MESSAGE);
    throw new ApiError(0, NO_RESPONSE_MESSAGE, [], { cause });
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (response.status >= 500) reportFailure(url, init.method, response.status, error.message);
    throw error;
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    const details = parsed.error.issues.slice(0, 10).map((issue) => ({
      path: issue.path.join('.') || '(root)',
      message: issue.message,
    }));
    throw new ApiError(response.status, 'The server sent an answer this page does not understand.', details);
  }
  return parsed.data;
}

/**
 * GETs an API operation and validates the answer with `schema` (the shared zod
 * contract). Throws `ApiError` for a non-2xx answer, for no answer at all, and for
 * an answer that breaks the contract. An aborted request rethrows the abort. A
 * signed-in reader's token goes along as `Authorization: Bearer`.
 */
export function apiGet<S extends z.ZodType>(
  url: string,
  schema: S,
  options: { signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return send(url, { method: 'GET' }, schema, options);
}

/** POSTs `body` as JSON to an API operation; otherwise as `apiGet`. */
export function apiPost<S extends z.ZodType>(
  url: string,
  body: unknown,
  schema: S,
  options: { signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return send(url, { method: 'POST', body }, schema, options);
}

/** PUTs `body` as JSON to an API operation (a whole object, spec §7 "Update … by id"); otherwise as `apiGet`. */
export function apiPut<S extends z.ZodType>(
  url: string,
  body: unknown,
  schema: S,
  options: { signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return send(url, { method: 'PUT', body }, schema, options);
}

/** PATCHes `body` as JSON to an API operation; otherwise as `apiGet`. */
export function apiPatch<S extends z.ZodType>(
  url: string,
  body: unknown,
  schema: S,
  options: { signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return send(url, { method: 'PATCH', body }, schema, options);
}

/** DELETEs an API operation and validates the answer; otherwise as `apiGet`. */
export function apiDelete<S extends z.ZodType>(
  url: string,
  schema: S,
  options: { signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return send(url, { method: 'DELETE' }, schema, options);
}
