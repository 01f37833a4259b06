/**
 * The messages of a 429 without zod (issue 22 item 3; decision record 040): the
 * SPA's error store needs them from the first render, and importing them from
 * `messages.ts` brought the message schemas into the entry JavaScript.
 * `messages.ts` re-exports both.
 */

/** Message of a 429 whose wait is not known (no `Retry-After`). */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a few minutes and try again.';

/**
 * Message of a 429 (issue 21 item 4; decision record 033), from the seconds of its
 * `Retry-After`: "Too many requests. Try again in 5 minutes." (whole minutes,
 * rounded up; seconds under a minute). Server and SPA say the same.
 */
export function tooManyRequestsMessage(retryAfterSeconds: number | null | undefined): string {
  if (retryAfterSeconds === null || retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds)) {
    return RATE_LIMITED_MESSAGE;
  }
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < 60) return `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many requests. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
