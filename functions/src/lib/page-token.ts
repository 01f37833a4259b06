import { ValidationError } from './errors.ts';

/**
 * Opaque page tokens (spec §7 `nextPageToken`, decision record 005): base64url of the
 * JSON of a DynamoDB key (`LastEvaluatedKey`, or the key of the last item returned).
 * A token coming back is checked before it reaches DynamoDB, so a tampered or foreign
 * token is a 400 at `query.pageToken`, never a 500 from DynamoDB's ValidationException.
 */

/** A DynamoDB key in document form: attribute name → string value. */
export type PageKey = Record<string, string>;

/** What a token must look like to resume a given Query. */
export interface PageTokenExpectation {
  /** Exactly the key attributes of the queried index (table keys, plus the index keys for a GSI). */
  readonly keyAttributes: readonly string[];
  /** The partition-key attribute of the queried index, e.g. `gsi3pk`. */
  readonly partitionKey: string;
  /** Partition values this read may resume in (usually one; several for a read across partitions). */
  readonly partitions: readonly string[];
}

/** The message of every rejected token. */
export const INVALID_PAGE_TOKEN_MESSAGE = 'Invalid page token.';

/** Encodes a key as an opaque token: base64url(JSON(key)). */
export function encodePageToken(key: PageKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * Decodes and checks a token: an object whose values are non-empty strings, whose
 * names are exactly `expected.keyAttributes`, and whose partition value is one of
 * `expected.partitions`. Returns `undefined` when there is no token (first page).
 * @throws ValidationError at `query.pageToken` ("Invalid page token.") otherwise.
 */
export function decodePageToken(token: string | undefined, expected: PageTokenExpectation): PageKey | undefined {
  if (token === undefined) return undefined;
  const invalid = () => new ValidationError([{ path: 'query.pageToken', message: INVALID_PAGE_TOKEN_MESSAGE }]);
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch (cause) {
    throw new ValidationError([{ path: 'query.pageToken', message: INVALID_PAGE_TOKEN_MESSAGE }], undefined, {
      cause,
    });
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalid();
  const entries = Object.entries(decoded);
  const names = entries.map(([name]) => name).sort();
  const wanted = [...expected.keyAttributes].sort();
  if (names.length !== wanted.length || names.some((name, i) => name !== wanted[i])) throw invalid();
  if (!entries.every(([, value]) => typeof value === 'string' && value.length > 0)) throw invalid();
  const key = decoded as PageKey;
  if (!expected.partitions.includes(key[expected.partitionKey] ?? '')) throw invalid();
  return key;
}

/**
 * The key of a stored item for the given key attributes: used to build a token that
 * resumes exactly after that item, when a page stops before DynamoDB's own page does.
 * @throws Error when the item lacks one of the attributes (a bug, not bad input).
 */
export function pageKeyOf(item: Record<string, unknown>, keyAttributes: readonly string[]): PageKey {
  const key: PageKey = {};
  for (const name of keyAttributes) {
    const value = item[name];
    if (typeof value !== 'string') throw new Error(`Item has no string key attribute ${name}.`);
    key[name] = value;
  }
  return key;
}
