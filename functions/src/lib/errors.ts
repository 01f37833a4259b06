import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ErrorBody, FieldError } from '#shared/contracts/common';
import { jsonResponse } from './json-response.ts';
import { logger } from './logger.ts';

/**
 * The one error model of the API (middy style, STYLE.md "One error model"). Domain
 * code throws these; {@link renderError} is the only place that turns any error into
 * a response. Anything that is not an {@link HttpError} with `expose` becomes a 500
 * that leaks nothing (spec §8: the SPA shows `message` and the status).
 */

/** Options of every {@link HttpError}. */
export interface HttpErrorOptions {
  cause?: unknown;
  /** Whether `message` may be shown to the caller; true for every 4xx. */
  expose?: boolean;
}

/** Base of every domain error that maps to an HTTP status. */
export abstract class HttpError extends Error {
  abstract readonly statusCode: number;
  readonly expose: boolean;
  constructor(message: string, options: HttpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.expose = options.expose ?? true;
  }
}

/** 400: the request does not satisfy the route's schemas; `errors` says which field and why. */
export class ValidationError extends HttpError {
  override readonly name = 'ValidationError';
  readonly statusCode = 400;
  readonly errors: readonly FieldError[];
  constructor(errors: readonly FieldError[], message = 'Invalid request.', options?: HttpErrorOptions) {
    super(message, options);
    this.errors = errors;
  }
}

/**
 * 401: the route needs a signed-in caller and there is none (or the token is not
 * valid). Rendered with `WWW-Authenticate: Bearer` (RFC 6750 §3).
 */
export class UnauthorizedError extends HttpError {
  override readonly name: string = 'UnauthorizedError';
  readonly statusCode = 401;
}

/** Message of a 401 for an expired token; spec §8 turns it into "Your session has expired." */
export const TOKEN_EXPIRED_MESSAGE = 'jwt expired';
/** Message of a 401 for any other token that fails verification (never says why). */
export const INVALID_TOKEN_MESSAGE = 'Invalid token.';

/**
 * 401 for a bearer token that failed verification: `jwt expired` when it expired,
 * `Invalid token.` for anything else (bad signature, algorithm, issuer, audience,
 * claims, format). The reason stays in `cause` for logs, never in the response.
 * Rendered with `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1).
 */
export class TokenError extends UnauthorizedError {
  override readonly name: string = 'TokenError';
  constructor(expired: boolean, options?: HttpErrorOptions) {
    super(expired ? TOKEN_EXPIRED_MESSAGE : INVALID_TOKEN_MESSAGE, options);
  }
}

/** Message of the 401 for a token whose session was ended by a change of its user (issue 21 item 2). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';

/**
 * 401 for a genuine, unexpired token whose session has ended: its user's rights or
 * school changed, or the account was removed, after it was signed (issue 21 item 2;
 * decision record 032). Rendered like every {@link TokenError}.
 */
export class SessionEndedError extends TokenError {
  override readonly name: string = 'SessionEndedError';
  constructor(options?: HttpErrorOptions) {
    super(false, options);
    this.message = SESSION_ENDED_MESSAGE;
  }
}

/** 403: the caller is known but lacks the capability (spec §6). */
export class ForbiddenError extends HttpError {
  override readonly name = 'ForbiddenError';
  readonly statusCode = 403;
}

/** 404: the thing does not exist, or the caller may not know that it does. */
export class NotFoundError extends HttpError {
  override readonly name = 'NotFoundError';
  readonly statusCode = 404;
}

/** 409: a conditional write lost (stale version, duplicate id or alias). */
export class ConflictError extends HttpError {
  override readonly name: string = 'ConflictError';
  readonly statusCode = 409;
}

/** A `Retry-After` value: `seconds` rounded up to whole seconds, at least 1 (RFC 9110 §10.2.3). */
function retryAfterOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds));
}

/**
 * 409 for a request whose `Idempotency-Key` names a request still being processed
 * (issue 28 item 2; decision record 084). Rendered with `Retry-After: <retryAfterSeconds>`.
 */
export class IdempotencyInProgressError extends ConflictError {
  override readonly name = 'IdempotencyInProgressError';
  /** Whole seconds after which the retry may find the first request finished (≥ 1). */
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, options?: HttpErrorOptions) {
    super(message, options);
    this.retryAfterSeconds = retryAfterOf(retryAfterSeconds);
  }
}

/**
 * 422: the request is well-formed but cannot be processed as sent — e.g. an
 * `Idempotency-Key` reused with a different request (IETF httpapi idempotency-key
 * draft §2.7; decision record 084).
 */
export class UnprocessableContentError extends HttpError {
  override readonly name = 'UnprocessableContentError';
  readonly statusCode = 422;
}

/** 413: the request body is larger than the route's `maxBodyBytes` (issue 21 item 24). */
export class PayloadTooLargeError extends HttpError {
  override readonly name = 'PayloadTooLargeError';
  readonly statusCode = 413;
}

/** 415: the route takes a JSON body and the request sent something else. */
export class UnsupportedMediaTypeError extends HttpError {
  override readonly name = 'UnsupportedMediaTypeError';
  readonly statusCode = 415;
}

/**
 * 429: the caller sent more requests than a limit allows (the public forms' rate
 * limit, decision record 025). Rendered with `Retry-After: <retryAfterSeconds>`
 * (RFC 9110 §10.2.3).
 */
export class TooManyRequestsError extends HttpError {
  override readonly name = 'TooManyRequestsError';
  readonly statusCode = 429;
  /** Whole seconds after which a retry may succeed (≥ 1). */
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, options?: HttpErrorOptions) {
    super(message, options);
    this.retryAfterSeconds = retryAfterOf(retryAfterSeconds);
  }
}

/**
 * 503: a service the request needs (e.g. the bundle workflow, decision record 022)
 * cannot take it right now; the message tells people to try again later. With
 * `retryAfterSeconds` (whole seconds, ≥ 1) it is rendered with `Retry-After` (the
 * request deadline of the handler factory, issue 28 item 4).
 */
export class ServiceUnavailableError extends HttpError {
  override readonly name = 'ServiceUnavailableError';
  readonly statusCode = 503;
  /** Whole seconds after which a retry may succeed (≥ 1), or null when unknown. */
  readonly retryAfterSeconds: number | null;
  constructor(message: string, options?: HttpErrorOptions & { retryAfterSeconds?: number }) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds === undefined ? null : retryAfterOf(options.retryAfterSeconds);
  }
}

/** The body of every 500: fixed, so no internal detail can reach a caller. */
export const INTERNAL_ERROR_BODY: ErrorBody = { statusCode: 500, message: 'Internal server error.' };

/**
 * Renders any thrown value as an API Gateway v2 result with an {@link ErrorBody}.
 * Exposed {@link HttpError}s keep their status, message and field errors (a 401 also
 * carries `WWW-Authenticate: Bearer`, with `error="invalid_token"` for a
 * {@link TokenError}, RFC 6750 §3; a 429, a 503 that knows when to come back and an
 * {@link IdempotencyInProgressError} carry `Retry-After`); anything
 * else is logged as one error line of the portal's logger (`lib/logger.ts`, with `requestId`
 * and the error's name, message, stack and cause) and answered
 * with {@link INTERNAL_ERROR_BODY}. Stack traces never reach the response.
 */
export function renderError(error: unknown, requestId: string | undefined): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError && error.expose) {
    const body: ErrorBody = { statusCode: error.statusCode, message: error.message };
    if (error instanceof ValidationError) body.errors = [...error.errors];
    const response = jsonResponse(error.statusCode, body);
    if (error instanceof UnauthorizedError) {
      response.headers = {
        ...response.headers,
        'www-authenticate': error instanceof TokenError ? 'Bearer error="invalid_token"' : 'Bearer',
      };
    }
    if (
      error instanceof TooManyRequestsError ||
      error instanceof IdempotencyInProgressError ||
      (error instanceof ServiceUnavailableError && error.retryAfterSeconds !== null)
    ) {
      response.headers = { ...response.headers, 'retry-after': String(error.retryAfterSeconds) };
    }
    return response;
  }
  logger.error('unhandled error', { requestId: requestId ?? null, error: describeError(error) });
  return jsonResponse(INTERNAL_ERROR_BODY.statusCode, INTERNAL_ERROR_BODY);
}

function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: String(error) };
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(error.cause === undefined ? {} : { cause: describeError(error.cause) }),
  };
}
