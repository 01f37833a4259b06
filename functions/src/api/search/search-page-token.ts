import { ValidationError } from '../../lib/errors.ts';
import { INVALID_PAGE_TOKEN_MESSAGE } from '../../lib/page-token.ts';

/**
 * The search's `nextPageToken` (decision record 014, "Order and pages"): pages are
 * offsets into the ranked hits, and the token is base64url of the JSON `{ "o": offset }`.
 * It is opaque to clients, who pass it back in `filter.nextPageToken` with the same
 * text and filter.
 */

/** Where in the request a bad token is reported. */
export const SEARCH_PAGE_TOKEN_PATH = 'body.filter.nextPageToken';

/** Largest offset a token may carry: far beyond any catalog this in-memory design serves. */
const MAX_OFFSET = 10_000_000;

/**
 * The token of the page that starts after `offset` hits (a whole number ≥ 0).
 * @throws RangeError for an offset that is not a whole number in 0…10,000,000.
 */
export function encodeSearchPageToken(offset: number): string {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_OFFSET) {
    throw new RangeError(`Offset ${offset} cannot be a search page token.`);
  }
  return Buffer.from(JSON.stringify({ o: offset }), 'utf8').toString('base64url');
}

/**
 * The offset a token stands for; 0 without a token (the first page).
 * @throws ValidationError at `body.filter.nextPageToken` ("Invalid page token.") for
 *   anything but a token made by {@link encodeSearchPageToken}.
 */
export function decodeSearchPageToken(token: string | undefined): number {
  if (token === undefined) return 0;
  const invalid = (cause?: unknown) =>
    new ValidationError([{ path: SEARCH_PAGE_TOKEN_PATH, message: INVALID_PAGE_TOKEN_MESSAGE }], undefined, {
      cause,
    });
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch (cause) {
    throw invalid(cause);
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalid();
  const keys = Object.keys(decoded);
  const offset = (decoded as { o?: unknown }).o;
  if (keys.length !== 1 || typeof offset !== 'number' || !Number.isSafeInteger(offset)) throw invalid();
  if (offset < 0 || offset > MAX_OFFSET) throw invalid();
  return offset;
}
