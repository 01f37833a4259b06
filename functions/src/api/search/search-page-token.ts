import { SEARCH_SORTS, type SearchSort } from '#shared/contracts/search';
import { ValidationError } from '../../lib/errors.ts';
import { INVALID_PAGE_TOKEN_MESSAGE } from '../../lib/page-token.ts';

/**
 * The search's `nextPageToken` (decision record 014, "Order and pages"; decision
 * record 052): pages are offsets into the ordered hits, and the token is base64url
 * of the JSON `{ "o": offset, "s": sort }` (`s` absent in tokens made before sorting
 * existed, which stand for the default order). It is opaque to clients, who pass it
 * back in `filter.nextPageToken` with the same text, filter and sort.
 */

/** Where in the request a bad token is reported. */
export const SEARCH_PAGE_TOKEN_PATH = 'body.filter.nextPageToken';

/** Largest offset a token may carry: far beyond any catalog this in-memory design serves. */
const MAX_OFFSET = 10_000_000;

/** What a search page token stands for. */
export interface SearchPageCursor {
  /** Hits before the page. */
  readonly offset: number;
  /** The order the offset counts in; undefined for a token without one (the default order). */
  readonly sort?: SearchSort | undefined;
}

/**
 * The token of the page that starts after `offset` hits of the `sort` order (a
 * whole number ≥ 0).
 * @throws RangeError for an offset that is not a whole number in 0…10,000,000.
 */
export function encodeSearchPageToken(offset: number, sort?: SearchSort): string {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_OFFSET) {
    throw new RangeError(`Offset ${offset} cannot be a search page token.`);
  }
  return Buffer.from(JSON.stringify(sort === undefined ? { o: offset } : { o: offset, s: sort }), 'utf8').toString(
    'base64url',
  );
}

/**
 * The offset a token stands for; 0 without a token (the first page).
 * @throws ValidationError at `body.filter.nextPageToken` ("Invalid page token.") for
 *   anything but a token made by {@link encodeSearchPageToken}.
 */
export function decodeSearchPageToken(token: string | undefined): number {
  return decodeSearchPageCursor(token).offset;
}

/**
 * The offset and order a token stands for; offset 0 without a token (the first page).
 * @throws ValidationError at `body.filter.nextPageToken` ("Invalid page token.") for
 *   anything but a token made by {@link encodeSearchPageToken}.
 */
export function decodeSearchPageCursor(token: string | undefined): SearchPageCursor {
  if (token === undefined) return { offset: 0 };
  const invalid = (cause?: unknown) => invalidSearchPageToken(cause);
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch (cause) {
    throw invalid(cause);
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalid();
  const { o: offset, s: sort, ...rest } = decoded as { o?: unknown; s?: unknown };
  if (Object.keys(rest).length > 0 || typeof offset !== 'number' || !Number.isSafeInteger(offset)) throw invalid();
  if (offset < 0 || offset > MAX_OFFSET) throw invalid();
  if (sort === undefined) return { offset };
  if (typeof sort !== 'string' || !(SEARCH_SORTS as readonly string[]).includes(sort)) throw invalid();
  return { offset, sort: sort as SearchSort };
}

/** The 400 of a page token that is not one, or belongs to another order ("Invalid page token."). */
export function invalidSearchPageToken(cause?: unknown): ValidationError {
  return new ValidationError([{ path: SEARCH_PAGE_TOKEN_PATH, message: INVALID_PAGE_TOKEN_MESSAGE }], undefined, {
    cause,
  });
}
