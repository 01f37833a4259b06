import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SEARCH_FACETS, SEARCH_MIN_CHARS_MESSAGE, type SearchFacets } from '#shared/contracts/search';
import type { ContentItem } from '../../data/items.ts';
import { toContentSummary } from '../../data/items.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
} from '../../lib/auth/test-support.ts';
import type { SearchQuery, SearchResult } from '../../search/port.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler } from './index.ts';
import { decodeSearchPageToken, encodeSearchPageToken } from './search-page-token.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

// The handler's contract with the search port; the snapshot itself is tested over the emulators.
const search = vi.hoisted(() => vi.fn<(query: SearchQuery) => Promise<SearchResult>>());
vi.mock('../../search/snapshot-search.ts', () => ({ snapshotSearch: { search } }));

const EMPTY_FACETS: SearchFacets = NO_SEARCH_FACETS;

/** `count` condensed hits named `Hit <n>`, starting at `from`. */
function hits(from: number, count: number) {
  return Array.from({ length: count }, (_, i) =>
    toContentSummary(contentRecord(`Hit ${from + i}`) as unknown as ContentItem),
  );
}

/** The sample event with this JSON body. */
function withBody(body: unknown): APIGatewayProxyEventV2 {
  const event = loadEvent('search/search-content');
  const text = JSON.stringify(body);
  return { ...event, body: text, headers: { ...event.headers, 'content-length': String(text.length) } };
}

const tokenEnv = portalTokenTestEnv();
beforeAll(() => {
  resetPortalTokenCaches();
});
beforeEach(() => {
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  for (const [name, value] of Object.entries(tokenEnv)) vi.stubEnv(name, value);
  search.mockReset();
  search.mockImplementation(async (query) => ({
    items: hits(query.offset, Math.max(0, Math.min(query.limit, 25 - query.offset))),
    total: 25,
    facets: { ...EMPTY_FACETS, contentCategories: [{ value: 'lesson', count: 25 }] },
  }));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('searchContent', () => {
  it("answers a visitor's search from published content, with total, facets and the next page's token", async () => {
    // Prepare
    const event = loadEvent('search/search-content');
    const before = Date.now();
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    const body = jsonBody<{ items: { name: string }[]; nextPageToken: string | null; total: number }>(result);
    expect(body.items.map((item) => item.name)).toEqual(hits(0, 10).map((item) => item.name));
    expect(body.total).toBe(25);
    expect(body.nextPageToken).not.toBeNull();
    expect(decodeSearchPageToken(body.nextPageToken ?? undefined)).toBe(10);
    expect(search).toHaveBeenCalledOnce();
    const query = search.mock.calls[0]?.[0];
    expect(query).toMatchObject({
      text: 'buffer overflow',
      statuses: ['published'],
      offset: 0,
      limit: 10,
      filter: { contentCategories: ['exercise'], tags: ['lab'], newOrUpdatedContent: false },
    });
    expect(query?.filter).not.toHaveProperty('nextPageToken');
    const cutoffDays = (before - Date.parse(query?.newOrUpdatedSince ?? '')) / 86_400_000;
    expect(cutoffDays).toBeGreaterThanOrEqual(89.99);
    expect(cutoffDays).toBeLessThanOrEqual(90.01);
  });

  it('lets a caller who may update content find unlisted and unpublished content too', async () => {
    const token = await signPortalToken(editorTokenInput());
    await handler(
      withHeaders(loadEvent('search/search-content'), { authorization: `Bearer ${token}` }),
      lambdaContext(),
    );
    expect(search.mock.calls[0]?.[0].statuses).toEqual(['published', 'unlisted', 'unpublished']);
  });

  it('treats a signed-in student like a visitor', async () => {
    const token = await signPortalToken(studentTokenInput());
    await handler(
      withHeaders(loadEvent('search/search-content'), { authorization: `Bearer ${token}` }),
      lambdaContext(),
    );
    expect(search.mock.calls[0]?.[0].statuses).toEqual(['published']);
  });

  it('continues at the offset of nextPageToken and answers null on the last page', async () => {
    const result = await handler(withBody({ filter: { nextPageToken: encodeSearchPageToken(20) } }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ offset: 20, limit: 10, text: '' });
    const body = jsonBody<{ items: unknown[]; nextPageToken: string | null }>(result);
    expect(body.items).toHaveLength(5);
    expect(body.nextPageToken).toBeNull();
  });

  it('answers an empty page past the end with no token', async () => {
    const result = await handler(withBody({ filter: { nextPageToken: encodeSearchPageToken(40) } }), lambdaContext());
    expect(jsonBody(result)).toMatchObject({ items: [], nextPageToken: null, total: 25 });
  });

  it.each([
    ['not base64url', 'a.b'],
    ['not JSON', Buffer.from('{o:1').toString('base64url')],
    ['a list', Buffer.from('[1]').toString('base64url')],
    ['a negative offset', Buffer.from('{"o":-1}').toString('base64url')],
    ['a fractional offset', Buffer.from('{"o":1.5}').toString('base64url')],
    ['a string offset', Buffer.from('{"o":"1"}').toString('base64url')],
    ['an extra field', Buffer.from('{"o":1,"x":2}').toString('base64url')],
    ['a DynamoDB key', Buffer.from('{"pk":"CONTENT#x","sk":"CONTENT"}').toString('base64url')],
  ])('answers 400 at body.filter.nextPageToken for a token that is %s', async (_what, token) => {
    const result = await handler(withBody({ filter: { nextPageToken: token } }), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'body.filter.nextPageToken', message: 'Invalid page token.' }]);
    expect(search).not.toHaveBeenCalled();
  });

  it('answers 400 "Please enter at least two characters." for one character of text (spec §5)', async () => {
    const result = await handler(withBody({ text: ' x ' }), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'body.text', message: SEARCH_MIN_CHARS_MESSAGE }]);
  });

  it('answers 400 for an unknown category and for a limit above 300', async () => {
    const category = await handler(withBody({ filter: { contentCategories: ['podcast'] } }), lambdaContext());
    const limit = await handler(withBody({ limit: 301 }), lambdaContext());
    expect(category.statusCode).toBe(400);
    expect(JSON.stringify(jsonBody(category).errors)).toContain('body.filter.contentCategories.0');
    expect(limit.statusCode).toBe(400);
    expect(search).not.toHaveBeenCalled();
  });

  it('searches everything visible with an empty body object', async () => {
    const result = await handler(withBody({}), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ text: '', offset: 0, limit: 10, statuses: ['published'] });
  });

  // Issue 24 items 3 and 4 (decision records 052, 053).
  it('passes the sort on, defaulting to relevance with text and to updated without', async () => {
    await handler(withBody({ text: 'sql injection' }), lambdaContext());
    await handler(withBody({}), lambdaContext());
    await handler(withBody({ text: 'sql injection', sort: 'downloads' }), lambdaContext());
    await handler(withBody({ sort: 'relevance' }), lambdaContext());
    expect(search.mock.calls.map(([query]) => query.sort)).toEqual(['relevance', 'updated', 'downloads', 'updated']);
  });

  it.each(['relevance', 'newest', 'updated', 'downloads', 'name'] as const)(
    'continues a "%s" search with its own token, and refuses the token in another order',
    async (sort) => {
      const first = await handler(withBody({ text: 'lab', sort }), lambdaContext());
      const token = jsonBody<{ nextPageToken: string }>(first).nextPageToken;
      expect(token).toEqual(expect.any(String));
      const second = await handler(withBody({ text: 'lab', sort, filter: { nextPageToken: token } }), lambdaContext());
      expect(second.statusCode).toBe(200);
      expect(search.mock.calls[1]?.[0]).toMatchObject({ offset: 10, sort });
      const other = sort === 'name' ? 'newest' : 'name';
      const mixed = await handler(
        withBody({ text: 'lab', sort: other, filter: { nextPageToken: token } }),
        lambdaContext(),
      );
      expect(mixed.statusCode).toBe(400);
      expect(jsonBody(mixed).errors).toEqual([{ path: 'body.filter.nextPageToken', message: 'Invalid page token.' }]);
    },
  );

  it('keeps the tokens of the default order as they were (no sort in them)', async () => {
    const result = await handler(withBody({ text: 'lab' }), lambdaContext());
    const token = jsonBody<{ nextPageToken: string }>(result).nextPageToken;
    expect(JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))).toEqual({ o: 10 });
  });

  it('answers a numbered page: offset (page − 1) × limit, with the total and the next token', async () => {
    const result = await handler(withBody({ sort: 'name', page: 2, limit: 10 }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ offset: 10, limit: 10, sort: 'name' });
    const body = jsonBody<{ items: unknown[]; total: number; nextPageToken: string }>(result);
    expect(body).toMatchObject({ total: 25 });
    expect(body.items).toHaveLength(10);
    const next = await handler(
      withBody({ sort: 'name', filter: { nextPageToken: body.nextPageToken } }),
      lambdaContext(),
    );
    expect(search.mock.calls[1]?.[0]).toMatchObject({ offset: 20, sort: 'name' });
    expect(jsonBody<{ nextPageToken: string | null }>(next).nextPageToken).toBeNull();
  });

  it.each([
    ['page 0', { page: 0 }, 'body.page'],
    ['a fractional page', { page: 1.5 }, 'body.page'],
    ['page and token together', { page: 2, filter: { nextPageToken: 'eyJvIjoxMH0' } }, 'body.page'],
    ['an unknown sort', { sort: 'popular' }, 'body.sort'],
  ])('answers 400 for %s', async (_what, body, path) => {
    const result = await handler(withBody(body), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(JSON.stringify(jsonBody(result).errors)).toContain(path);
    expect(search).not.toHaveBeenCalled();
  });

  it('answers 500 without detail when the search fails', async () => {
    search.mockRejectedValueOnce(new Error('S3 is down'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await handler(loadEvent('search/search-content'), lambdaContext());
    expect(result.statusCode).toBe(500);
    expect(JSON.stringify(jsonBody(result))).not.toContain('S3');
    errors.mockRestore();
  });
});

describe('search page tokens', () => {
  it('round-trips an offset', () => {
    for (const offset of [0, 1, 10, 9_999]) expect(decodeSearchPageToken(encodeSearchPageToken(offset))).toBe(offset);
  });

  it('reads no token as the first page', () => {
    expect(decodeSearchPageToken(undefined)).toBe(0);
  });

  it('refuses to encode an offset that is not a whole number ≥ 0', () => {
    expect(() => encodeSearchPageToken(-1)).toThrow(RangeError);
    expect(() => encodeSearchPageToken(0.5)).toThrow(RangeError);
  });
});
