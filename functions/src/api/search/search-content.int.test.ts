import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SearchContentPage, SearchContentPage as SearchContentPageSchema } from '#shared/contracts/search';
import type { ContentStatus, EducationLevel } from '#shared/enums';
import { bumpCatalogRevision } from '../../data/catalog.ts';
import { createContent } from '../../data/content.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { editorTokenInput, portalTokenTestEnv, resetPortalTokenCaches } from '../../lib/auth/test-support.ts';
import { syncCatalogSnapshot } from '../../search/indexer.ts';
import { resetSnapshotSearch, SEARCH_CATALOG_CHECK_ENV } from '../../search/snapshot-search.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withHeaders } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * The search route over the emulators: content written with `createContent`, the
 * revision bumped and the snapshot synced exactly as the indexer does, then searched
 * through the group's Lambda entry as a visitor and as an editor.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let editorToken: string;
const ids: Record<string, string> = {};

const PUBLISHED = 23;
const LEVELS: readonly EducationLevel[] = ['highschool', 'communitycollege', 'universityundergraduate'];

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, portalTokenTestEnv(), { [SEARCH_CATALOG_CHECK_ENV]: '0' });
  resetPortalTokenCaches();
  resetSnapshotSearch();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  editorToken = await signPortalToken(editorTokenInput());
  for (let i = 0; i < PUBLISHED; i += 1) {
    const record = contentRecord(`Cryptography lesson ${String(i).padStart(2, '0')}`, {
      category: i % 2 === 0 ? 'lesson' : 'exercise',
      categories: [i % 2 === 0 ? 'lesson' : 'exercise'],
      educationLevels: [LEVELS[i % LEVELS.length] ?? 'highschool'],
      tags: i % 5 === 0 ? ['ciphers'] : [],
      modifiedTimestamp: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    });
    await createContent(record);
    ids[record.name] = record.id;
  }
  for (const status of ['unpublished', 'unlisted', 'archived'] satisfies ContentStatus[]) {
    const record = contentRecord(`Cryptography ${status} lesson`, { status });
    await createContent(record);
    ids[status] = record.id;
  }
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

function request(body: unknown, token?: string): APIGatewayProxyEventV2 {
  const event = loadEvent('search/search-content');
  const text = JSON.stringify(body);
  const withBody = { ...event, body: text, headers: { ...event.headers, 'content-length': String(text.length) } };
  return token ? withHeaders(withBody, { authorization: `Bearer ${token}` }) : withBody;
}

async function search(body: unknown, token?: string): Promise<SearchContentPage> {
  const result = await handler(request(body, token), lambdaContext());
  expect(result.statusCode, String(result.body)).toBe(200);
  return SearchContentPageSchema.parse(jsonBody(result));
}

/** Every hit of a search, page after page of `limit`. */
async function allPages(body: Record<string, unknown>, limit: number, token?: string) {
  const items: string[] = [];
  const totals = new Set<number>();
  let nextPageToken: string | null = null;
  let pages = 0;
  do {
    const page: SearchContentPage = await search(
      { ...body, limit, filter: { ...(body.filter as object), ...(nextPageToken ? { nextPageToken } : {}) } },
      token,
    );
    items.push(...page.items.map((item) => item.id));
    totals.add(page.total);
    nextPageToken = page.nextPageToken;
    pages += 1;
  } while (nextPageToken && pages < 100);
  return { items, totals, pages };
}

describe('searchContent over the emulators', () => {
  it('never finds unpublished, unlisted or archived content for a visitor', async () => {
    const page = await search({ text: 'cryptography', limit: 300 });
    expect(page.total).toBe(PUBLISHED);
    const found = new Set(page.items.map((item) => item.id));
    for (const status of ['unpublished', 'unlisted', 'archived']) expect(found.has(ids[status] ?? '')).toBe(false);
    expect(page.items.every((item) => item.status === 'published')).toBe(true);
  });

  it('finds unpublished and unlisted content for an editor, never archived content', async () => {
    const page = await search({ text: 'cryptography', limit: 300 }, editorToken);
    expect(page.total).toBe(PUBLISHED + 2);
    const found = new Set(page.items.map((item) => item.id));
    expect(found.has(ids.unpublished ?? '')).toBe(true);
    expect(found.has(ids.unlisted ?? '')).toBe(true);
    expect(found.has(ids.archived ?? '')).toBe(false);
  });

  it('covers every hit exactly once, in the order of one big page, when paged by nextPageToken', async () => {
    const whole = await search({ text: 'cryptography', limit: 300 });
    const paged = await allPages({ text: 'cryptography' }, 4);
    expect(paged.pages).toBe(Math.ceil(PUBLISHED / 4));
    expect(paged.items).toEqual(whole.items.map((item) => item.id));
    expect(new Set(paged.items).size).toBe(PUBLISHED);
    expect([...paged.totals]).toEqual([PUBLISHED]);
  });

  it('pages a filtered search without text, most recently modified first', async () => {
    const paged = await allPages({ filter: { contentCategories: ['lesson'] } }, 5);
    expect(paged.items).toHaveLength(12);
    const expected = Array.from({ length: PUBLISHED }, (_, i) => i)
      .filter((i) => i % 2 === 0)
      .reverse()
      .map((i) => ids[`Cryptography lesson ${String(i).padStart(2, '0')}`]);
    expect(paged.items).toEqual(expected);
  });

  it('counts facets over every hit, leaving a filter out of its own counts', async () => {
    const page = await search({ text: 'cryptography', filter: { contentCategories: ['lesson'] }, limit: 1 });
    expect(page.total).toBe(12);
    expect(page.facets.contentCategories).toEqual([
      { value: 'lesson', count: 12 },
      { value: 'exercise', count: 11 },
    ]);
    expect(page.facets.educationLevels.reduce((sum, facet) => sum + facet.count, 0)).toBe(12);
    expect(page.facets.tags).toEqual([{ value: 'ciphers', count: 3 }]);
    expect(page.facets.newOrUpdatedContent).toBeLessThanOrEqual(12);
  });

  it('finds content written after the last search once it is indexed', async () => {
    const record = contentRecord('Cryptography late lesson');
    await createContent(record);
    await bumpCatalogRevision();
    await syncCatalogSnapshot();
    const page = await search({ text: 'cryptography late', limit: 5 });
    expect(page.items[0]?.id).toBe(record.id);
  });
});
