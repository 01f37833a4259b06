import { parseFeed } from '@rowanmanning/feed-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentStatus } from '#shared/enums';
import { bumpCatalogRevision } from '../../data/catalog.ts';
import { createContent, getContentById, updateContent } from '../../data/content.ts';
import { createContributor } from '../../data/contributors.ts';
import { createNewsEvent } from '../../data/news-events.ts';
import { createPage } from '../../data/pages.ts';
import { newId } from '../../domain/ids.ts';
import { RUNTIME_CONFIG_ENV } from '../../html/shell.ts';
import { syncCatalogSnapshot } from '../../search/indexer.ts';
import { resetSnapshotSearch, SEARCH_CATALOG_CHECK_ENV } from '../../search/snapshot-search.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { loadEvent, withHeaders } from '../../test-support/events.ts';
import { testRuntimeConfig } from '../../test-support/runtime-config.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * The Atom feed and the sitemap over the emulators (issue 24 item 7; decision record
 * 055): a catalogue written with `createContent` — 56 published items (more than a
 * feed holds), unpublished, unlisted and archived ones changed more recently than any,
 * and one unpublished after the snapshot was built — with a contributor, pages, news
 * and events of both statuses; the snapshot synced as the indexer does, then asked
 * through the search group's Lambda entry, with a signed-in caller's header ignored.
 */

const ORIGIN = 'https://portal.example.org';
const PUBLISHED = 56;
let stack: Awaited<ReturnType<typeof startTestStack>>;
/** Published items, newest first: [name, id, alias]. */
const published: { name: string; id: string; alias: string; modified: string; category: string }[] = [];
const hidden: { name: string; id: string; alias: string }[] = [];
let contributorId = '';
let staleId = '';
const minute = (i: number) => new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString();

beforeAll(async () => {
  stack = await startTestStack();
  Object.assign(process.env, {
    [SEARCH_CATALOG_CHECK_ENV]: '0',
    [RUNTIME_CONFIG_ENV]: JSON.stringify(testRuntimeConfig()),
  });
  resetSnapshotSearch();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  contributorId = newId();
  await createContributor({
    id: contributorId,
    prefix: 'Dr.',
    firstName: 'Ada',
    middleName: null,
    lastName: 'Lovelace',
    suffix: null,
    title: 'Professor',
    school: 'Analytical College',
    email: null,
    portraitFileId: null,
  });
  for (let i = 0; i < PUBLISHED; i += 1) {
    const category = i % 2 === 0 ? 'lesson' : 'exercise';
    const record = contentRecord(`Feed item ${String(i).padStart(2, '0')} ${i % 7 === 0 ? 'ciphers' : 'networks'}`, {
      category,
      categories: [category],
      tags: i % 7 === 0 ? ['ciphers'] : [],
      createdTimestamp: minute(i),
      modifiedTimestamp: minute(i + 1000),
      ...(i === 7 ? { contributors: [{ id: contributorId, index: 0 }], licence: 'MIT', copyrightNotice: '© Ada' } : {}),
    });
    await createContent(record);
    published.unshift({
      name: record.name,
      id: record.id,
      alias: record.urlAlias,
      modified: record.modifiedTimestamp,
      category,
    });
  }
  for (const status of ['unpublished', 'unlisted', 'archived'] satisfies ContentStatus[]) {
    // Changed after every published item, and matching the per-search feed's search.
    const record = contentRecord(`Feed ${status} ciphers`, {
      status,
      tags: ['ciphers'],
      modifiedTimestamp: minute(5000),
    });
    await createContent(record);
    hidden.push({ name: record.name, id: record.id, alias: record.urlAlias });
  }
  const stale = contentRecord('Feed stale ciphers', { tags: ['ciphers'], modifiedTimestamp: minute(4000) });
  await createContent(stale);
  staleId = stale.id;
  const now = new Date().toISOString();
  const common = { description: '<p>Body.</p>', image: '', date: '2026-10-01T00:00:00.000Z' };
  for (const status of ['published', 'unpublished'] as const) {
    await createNewsEvent('news', {
      ...common,
      id: newId(),
      name: `Feed ${status} news`,
      link: `feed-${status}-news`,
      externalLink: '',
      status,
      createdTimestamp: now,
      modifiedTimestamp: now,
    });
    await createNewsEvent('event', {
      ...common,
      id: newId(),
      name: `Feed ${status} event`,
      link: `feed-${status}-event`,
      location: 'Online',
      status,
      createdTimestamp: now,
      modifiedTimestamp: now,
    });
    await createPage({
      id: newId(),
      title: `Feed ${status} page`,
      href: `/feed-${status}-page`,
      parentId: null,
      status,
      meta: { description: 'A page.', images: [] },
      layout: { name: 'handSortedList', parameters: {} },
      sections: [],
      createdTimestamp: now,
      modifiedTimestamp: now,
    });
  }
  await bumpCatalogRevision();
  await syncCatalogSnapshot();
  // Unpublished after the snapshot was built: the feed reads the record and leaves it out.
  const current = await getContentById(staleId);
  if (!current) throw new Error('The stale item is missing.');
  await updateContent({ ...current, status: 'unpublished' }, current.version, current.urlAlias);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

function request(path: '/api/v1/search/feed' | '/api/v1/search/sitemap', query = ''): APIGatewayProxyEventV2 {
  const sample = loadEvent('search/search-feed');
  const event = {
    ...sample,
    routeKey: `GET ${path}`,
    rawPath: path,
    rawQueryString: query,
    requestContext: {
      ...sample.requestContext,
      routeKey: `GET ${path}`,
      http: { ...sample.requestContext.http, path },
    },
  };
  // A caller's token changes nothing: the documents are what a visitor sees.
  return withHeaders(event, { 'x-viewer-host': 'portal.example.org', authorization: 'Bearer not-read' });
}

type Feed = ReturnType<typeof parseFeed>;

async function feed(query = ''): Promise<Feed> {
  const result = await handler(request('/api/v1/search/feed', query), lambdaContext());
  expect(result.statusCode, String(result.body)).toBe(200);
  expect(result.headers?.['content-type']).toBe('application/atom+xml; charset=utf-8');
  return parseFeed(String(result.body));
}

describe('the Atom feed over the emulators', () => {
  it('holds exactly the 50 most recently updated published items, newest first, and no other', async () => {
    const parsed = await feed();
    expect(parsed.meta.type).toBe('atom');
    expect(parsed.title).toBe('US Cyber Range courseware');
    expect(parsed.self).toBe(`${ORIGIN}/api/v1/search/feed`);
    expect(parsed.url).toBe(`${ORIGIN}/courseware`);
    expect(parsed.items.map((item) => item.id)).toEqual(
      published.slice(0, 50).map((item) => `${ORIGIN}/courseware/${item.id}`),
    );
    expect(parsed.items.map((item) => item.url)).toEqual(
      published.slice(0, 50).map((item) => `${ORIGIN}/courseware/${item.alias}`),
    );
    const updated = parsed.items.map((item) => item.updated?.toISOString());
    expect(updated).toEqual(published.slice(0, 50).map((item) => item.modified));
    expect(parsed.updated?.toISOString()).toBe(published[0]?.modified);
  });

  it('gives each entry its contributors, categories and its own licence', async () => {
    const parsed = await feed();
    const withContributor = parsed.items.find((item) => item.title?.startsWith('Feed item 07'));
    expect(withContributor?.authors.map((author) => author.name)).toEqual(['Dr. Ada Lovelace']);
    expect(withContributor?.categories.map((category) => category.term)).toEqual(['exercise', 'ciphers']);
    expect(withContributor?.published?.toISOString()).toBe(minute(7));
    const xml = String((await handler(request('/api/v1/search/feed'), lambdaContext())).body);
    expect(xml).toContain('<rights>MIT License (MIT), https://spdx.org/licenses/MIT.html. © Ada</rights>');
    expect(xml).toContain(
      '<rights>Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International (CC BY-NC-SA 4.0), https://creativecommons.org/licenses/by-nc-sa/4.0/</rights>',
    );
  });

  it('holds exactly the published items matching a search in the address, newest first', async () => {
    const parsed = await feed('q=ciphers&cat=lesson&cat=exercise&tag=ciphers');
    const expected = published.filter((item) => item.name.endsWith('ciphers'));
    expect(expected.length).toBe(8);
    expect(parsed.items.map((item) => item.title)).toEqual(expected.map((item) => item.name));
    expect(parsed.title).toBe('US Cyber Range courseware: “ciphers”, Lesson, Exercise, #ciphers');
    expect(parsed.url).toBe(`${ORIGIN}/courseware?q=ciphers&cat=lesson&cat=exercise&tag=ciphers`);
    expect(parsed.self).toBe(`${ORIGIN}/api/v1/search/feed?q=ciphers&cat=lesson&cat=exercise&tag=ciphers`);
    const lessons = await feed('cat=lesson');
    expect(lessons.items.map((item) => item.title)).toEqual(
      published.filter((item) => item.category === 'lesson').map((item) => item.name),
    );
  });

  it('is a valid empty feed for a search nothing matches', async () => {
    const parsed = await feed('q=nothing-matches-this');
    expect(parsed.items).toEqual([]);
  });
});

describe('the sitemap over the emulators', () => {
  it('lists every published content, contributor, news, event and CMS page, and no unpublished one', async () => {
    const result = await handler(request('/api/v1/search/sitemap'), lambdaContext());
    expect(result.statusCode, String(result.body)).toBe(200);
    expect(result.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' }).parse(
      String(result.body),
    ) as { urlset: { '@_xmlns': string; url: { loc: string; lastmod?: string }[] } };
    expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = parsed.urlset.url;
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const contentLocs = locs.filter((loc) => loc.startsWith(`${ORIGIN}/courseware/`));
    // The stale item is still published in the snapshot the sitemap reads: it is listed until the next build.
    expect(contentLocs.sort()).toEqual(
      [...published.map((item) => item.alias), 'feed-stale-ciphers']
        .map((alias) => `${ORIGIN}/courseware/${alias}`)
        .sort(),
    );
    for (const item of hidden) {
      expect(locs).not.toContain(`${ORIGIN}/courseware/${item.alias}`);
      expect(locs).not.toContain(`${ORIGIN}/courseware/${item.id}`);
    }
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/courseware`,
        `${ORIGIN}/contributors/${contributorId}`,
        `${ORIGIN}/news`,
        `${ORIGIN}/news/feed-published-news`,
        `${ORIGIN}/events`,
        `${ORIGIN}/events/feed-published-event`,
        `${ORIGIN}/feed-published-page`,
      ]),
    );
    for (const draft of ['/news/feed-unpublished-news', '/events/feed-unpublished-event', '/feed-unpublished-page']) {
      expect(locs).not.toContain(`${ORIGIN}${draft}`);
    }
    const lastmodOf = (loc: string) => urls.find((url) => url.loc === loc)?.lastmod;
    expect(lastmodOf(`${ORIGIN}/courseware/${published[3]?.alias}`)).toBe(published[3]?.modified);
    expect(lastmodOf(`${ORIGIN}/contributors/${contributorId}`)).toBe(minute(1007));
  });
});
