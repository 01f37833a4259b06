import { useSyncExternalStore } from 'react';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { tooManyRequestsMessage } from '#shared/contracts/rate-limit-messages';
import { ApiError, NO_RESPONSE_MESSAGE } from './api-client.ts';

/** One entry of the global ERROR dialog (spec §2.3, §8). */
export interface ShownError {
  readonly id: number;
  readonly message: string;
  readonly statusCode: number | null;
  readonly details: readonly string[];
}

/** Not-found messages the screens answer themselves by going back to their list (spec §8). */
const SILENT_NOT_FOUND_MESSAGES = new Set([CONTENT_NOT_FOUND_MESSAGE, 'Event does not exist.', 'News does not exist.']);
const ACCOUNT_NOT_FOUND = 'Your account could not be found';

/** What a reader sees when the API turned their session down (spec §8). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired.';

let endSession: () => void = () => {};

/**
 * What to do when an answer ends the session (spec §8: 401, 403, 422, 400 "jwt
 * expired"). The session store registers its logout here, so this module stays
 * free of identity.
 */
export function setSessionEndHandler(handler: () => void): void {
  endSession = handler;
}

let queue: readonly ShownError[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts an error into the dialog queue, as given. */
export function showError(error: Omit<ShownError, 'id'>): void {
  if (error.message.startsWith(ACCOUNT_NOT_FOUND)) {
    if (queue.some((shown) => shown.message.startsWith(ACCOUNT_NOT_FOUND))) return;
    error = { ...error, message: `${ACCOUNT_NOT_FOUND}.` };
  }
  if (error.message === SESSION_EXPIRED_MESSAGE && queue.some((shown) => shown.message === SESSION_EXPIRED_MESSAGE)) {
    return;
  }
  queue = [...queue, { ...error, id: nextId++ }];
  emit();
}

/** Closes the error on top of the queue (the dialog's OK button). */
export function dismissError(): void {
  queue = queue.slice(1);
  emit();
}

/** Empties the queue; for tests. */
export function clearErrors(): void {
  queue = [];
  emit();
}

export function getShownErrors(): readonly ShownError[] {
  return queue;
}

/** The error the dialog shows now, or null. */
export function useCurrentError(): ShownError | null {
  return useSyncExternalStore(subscribe, () => queue[0] ?? null);
}

/**
 * Whether spec §8 says to drop an error without a word: a 502 or a request that got
 * no response, and the not-found answers that the screens handle by returning to
 * their list.
 */
export function isSilentError(error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.statusCode === 502 || error.statusCode === 0) return true;
    if (error.statusCode === 404 && SILENT_NOT_FOUND_MESSAGES.has(error.message)) return true;
    return false;
  }
  return error instanceof Error && error.message === NO_RESPONSE_MESSAGE;
}

/**
 * What a reader is told about a 429 (issue 21 item 4): "Too many requests. Try
 * again in N minutes.", from the answer's `Retry-After`.
 */
export function rateLimitMessageOf(error: ApiError): string {
  return tooManyRequestsMessage(error.retryAfterSeconds);
}

function describe(error: unknown): Omit<ShownError, 'id'> {
  if (error instanceof ApiError && error.statusCode === 429) {
    return { message: rateLimitMessageOf(error), statusCode: 429, details: [] };
  }
  if (error instanceof ApiError) {
    return {
      message: error.message,
      statusCode: error.statusCode,
      details: error.details.map((detail) => `${detail.path}: ${detail.message}`),
    };
  }
  if (error instanceof Error) return { message: error.message || String(error), statusCode: null, details: [] };
  if (typeof error === 'string') return { message: error, statusCode: null, details: [] };
  let json: string;
  try {
    json = JSON.stringify(error);
  } catch {
    json = String(error);
  }
  return { message: json, statusCode: null, details: [] };
}

const JWT_EXPIRED = /jwt expired/i;

/** Spec §8: 403, 422, 400 "jwt expired" and 401 (no valid token) log the reader out. */
export function endsSession(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const { statusCode, message } = error;
  return (
    statusCode === 401 || statusCode === 403 || statusCode === 422 || (statusCode === 400 && JWT_EXPIRED.test(message))
  );
}

/**
 * Whether a session-ending answer reads as an expired session (spec §8: the message
 * Forbidden or jwt expired; and a 401, the gateway's answer to a missing, expired or
 * invalid token, except "Your account could not be found").
 */
function readsAsExpired(error: ApiError): boolean {
  if (error.message === 'Forbidden' || JWT_EXPIRED.test(error.message)) return true;
  return error.statusCode === 401 && !error.message.startsWith(ACCOUNT_NOT_FOUND);
}

/**
 * The one place errors go (spec §8): silent ones are dropped; answers that end the
 * session log the reader out, and show "Your session has expired." once when they
 * read so; every other one is shown in the ERROR dialog with its message, status
 * code and details.
 */
export function reportError(error: unknown): void {
  if (isSilentError(error)) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (endsSession(error)) {
    endSession();
    if (readsAsExpired(error)) {
      showError({ message: SESSION_EXPIRED_MESSAGE, statusCode: null, details: [] });
      return;
    }
  }
  showError(describe(error));
}
