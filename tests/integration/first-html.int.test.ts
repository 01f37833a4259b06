import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentDetail } from '#shared/contracts/content';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import { EMPTY_SEARCH, parseCoursewareSearch, searchRequestOf } from '#shared/courseware-search';
import { HOME_HEADINGS, HOME_INTRO, homeFeatureRows } from '#shared/home-copy';
import { createContent } from '../../functions/src/data/content.ts';
import { createNewsEvent } from '../../functions/src/data/news-events.ts';
import { newId, seedId } from '../../functions/src/domain/ids.ts';
import { SEED_ID_KINDS } from '../../functions/src/seed/plan.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * The first HTML of public pages (issue 22 item 2; decision record 038), read as a
 * search engine reads it: fetched over HTTP from the local stack in `dist` mode
 * (the same path as CloudFront: page address → html group), parsed without running
 * any script (jsdom runs none unless told to).
 */

/** A known SEED lab (files, KSAs, a contributor) and its address. */
const LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';
const LAB_NAME = 'Buffer Overflow Attack Lab (Set-UID Version)';

/** An SPA shell like Vite's build of web/index.html: title, description, splash, module script. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Cybersecurity courseware and hands-on exercise environments for educators." />
    <title>Cyber Range</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"><div class="boot-splash" role="status">Loading…</div></div>
    <noscript>This site needs JavaScript to run.</noscript>
  </body>
</html>
`;

/** The schema.org context, served locally: nothing is fetched from the network. */
const SCHEMA_ORG_CONTEXT = { '@context': { '@vocab': 'https://schema.org/' } };
const documentLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`No remote documents in tests: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT };
};

const SCHEMA = 'https://schema.org/';

/** jsdom (a dev dependency without type declarations): parses HTML and, unless told to, runs no script. */
type Dom = new (html: string) => { window: { document: Document } };
const JSDOM_MODULE = 'jsdom';
let JSDOM: Dom;

let portal: LocalPortal;
let distDir: string;
const hidden = contentRecord('First HTML hidden draft', {
  status: 'unpublished',
  description: '<p>Secret draft description about zebra-crossing exploits.</p>',
});

beforeAll(async () => {
  ({ JSDOM } = (await import(JSDOM_MODULE)) as { JSDOM: Dom });
  distDir = await mkdtemp(path.join(os.tmpdir(), 'first-html-dist-'));
  await writeFile(path.join(distDir, 'index.html'), SHELL);
  portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: distDir });
  await createContent(hidden);
  const now = new Date().toISOString();
  const news = {
    description: '<p>The range opens a new exercise area for <strong>high schools</strong>.</p>',
    image: '',
    date: '2026-11-01T00:00:00.000Z',
    createdTimestamp: now,
    modifiedTimestamp: now,
    externalLink: '',
  };
  await createNewsEvent('news', {
    ...news,
    id: newId(),
    name: 'First HTML published news',
    link: 'first-html-published-news',
    status: 'published',
  });
  await createNewsEvent('news', {
    ...news,
    id: newId(),
    name: 'First HTML draft news',
    link: 'first-html-draft-news',
    status: 'unpublished',
    description: '<p>Embargoed announcement about walrus-grade ciphers.</p>',
  });
});
afterAll(async () => {
  await portal?.stop();
  await rm(distDir, { recursive: true, force: true });
});

async function page(address: string): Promise<{ status: number; html: string; headers: Headers; doc: Document }> {
  const res = await fetch(`${portal.baseUrl}${address}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  return { status: res.status, html, headers: res.headers, doc: new JSDOM(html).window.document };
}

/** An embedded page of search results. */
interface EmbeddedSearch {
  queryKey: unknown[];
  operationId: string;
  data: { items: { name: string }[]; total: number };
}

/** The search API's answer to `body`, as a visitor gets it. */
async function searchApi(body: unknown): Promise<{ items: { name: string }[] }> {
  const res = await fetch(`${portal.baseUrl}/api/v1/search/content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { items: { name: string }[] };
}

function jsonBlock(doc: Document, id: string): unknown {
  const element = doc.getElementById(id);
  expect(element?.getAttribute('type'), id).toBe('application/json');
  return JSON.parse(element?.textContent ?? 'null');
}

describe('the first HTML of a published content page', () => {
  it('holds its title, description, files heading and canonical link, without running JavaScript', async () => {
    const { status, headers, doc } = await page(`/courseware/${LAB_ALIAS}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(doc.title).toBe(`${LAB_NAME} | US Cyber Range`);
    const description = doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(description.length).toBeGreaterThan(20);
    expect(description).not.toMatch(/[<>]/);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const main = doc.querySelector('main');
    expect(main?.querySelector('h1')?.textContent).toBe(LAB_NAME);
    const filesHeading = main?.querySelector('#files-heading');
    expect(filesHeading?.tagName).toBe('H2');
    expect(filesHeading?.textContent).toBe('Files');
    expect(filesHeading?.closest('section')?.textContent).toContain('Buffer_Overflow_Setuid');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${portal.baseUrl}/courseware/${LAB_ALIAS}`,
    );
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(LAB_NAME);
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      `${portal.baseUrl}/courseware/${LAB_ALIAS}`,
    );
    expect(doc.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(description);
    // The SPA's own script is still there, once; the embedded blocks are data, not script.
    expect(doc.querySelectorAll('script[type="module"]')).toHaveLength(1);
    for (const script of doc.querySelectorAll('script:not([type="module"])')) {
      expect(['application/json', 'application/ld+json']).toContain(script.getAttribute('type'));
    }
  });

  it('carries valid schema.org LearningResource JSON-LD, parsed by a JSON-LD processor', async () => {
    const { doc } = await page(`/courseware/${LAB_ALIAS}`);
    const blocks = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    const document = JSON.parse(blocks[0]?.textContent ?? '') as Record<string, unknown>;
    const expanded = await jsonld.expand(document, { documentLoader, safe: true } as jsonld.Options.Expand);
    expect(expanded).toHaveLength(1);
    const [resource] = expanded as Record<string, { '@value'?: unknown; '@id'?: string }[] | string[]>[];
    const values = (property: string) =>
      ((resource?.[`${SCHEMA}${property}`] ?? []) as { '@value'?: unknown }[]).map((item) => item['@value']);
    expect(resource?.['@type']).toEqual([`${SCHEMA}LearningResource`]);
    expect(values('name')).toEqual([LAB_NAME]);
    expect(values('description')[0]).toEqual(doc.querySelector('meta[name="description"]')?.getAttribute('content'));
    expect(values('educationalLevel').length).toBeGreaterThan(0);
    expect(values('learningResourceType')).toContain('Exercise');
    expect(values('license')[0]).toMatch(/^https:\/\//);

    const detail = ContentDetail.parse(
      await (await fetch(`${portal.baseUrl}/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`)).json(),
    );
    const knowledge = [...detail.content.tkss, ...detail.content.ksas, ...detail.content.kus];
    expect(knowledge.length).toBeGreaterThan(0);
    const teaches = resource?.[`${SCHEMA}teaches`] as Record<string, { '@value'?: string }[] | string[]>[];
    expect(teaches).toHaveLength(knowledge.length);
    for (const term of teaches) expect(term['@type']).toEqual([`${SCHEMA}DefinedTerm`]);
    expect(teaches.map((term) => (term[`${SCHEMA}termCode`] as { '@value': string }[])[0]?.['@value']).sort()).toEqual(
      knowledge.map((item) => item.id).sort(),
    );
    const authors = resource?.[`${SCHEMA}author`] as Record<string, { '@value'?: string }[] | string[]>[];
    expect(authors.map((author) => (author[`${SCHEMA}name`] as { '@value': string }[])[0]?.['@value'])).toEqual([
      'Wenliang Du',
    ]);
  });

  it('embeds the runtime configuration and the content answer under the query key the SPA uses', async () => {
    const { doc } = await page(`/courseware/${LAB_ALIAS}`);
    const config = RuntimeConfig.parse(jsonBlock(doc, 'portal-config'));
    const envJson = RuntimeConfig.parse(await (await fetch(`${portal.baseUrl}/env.json`)).json());
    expect(config).toEqual(envJson);
    const embedded = jsonBlock(doc, 'portal-queries') as {
      queries: { queryKey: unknown[]; operationId: string; data: unknown }[];
    };
    const detail = embedded.queries.find((query) => query.operationId === 'getContent');
    expect(detail?.queryKey).toEqual(['content', 'detail', LAB_ALIAS]);
    const api = await (await fetch(`${portal.baseUrl}/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`)).json();
    expect(detail?.data).toEqual(api);
  });

  it('answers a root address the same content, with the canonical link at /courseware/…', async () => {
    const detail = ContentDetail.parse(
      await (await fetch(`${portal.baseUrl}/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`)).json(),
    );
    for (const address of [`/${LAB_ALIAS}`, `/${detail.content.id}`]) {
      const { doc } = await page(address);
      expect(doc.querySelector('main h1')?.textContent, address).toBe(LAB_NAME);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), address).toBe(
        `${portal.baseUrl}/courseware/${LAB_ALIAS}`,
      );
    }
  });
});

describe('the first HTML of pages that are not public', () => {
  it('holds none of an unpublished item’s content, by any of its addresses: the plain SPA shell', async () => {
    for (const address of [
      `/courseware/${hidden.urlAlias}`,
      `/courseware/${hidden.id}`,
      `/${hidden.id}`,
      `/api/v1/html/courseware/${hidden.id}`,
    ]) {
      const { status, html } = await page(address);
      expect(status, address).toBe(200);
      expect(html, address).toBe(SHELL);
      expect(html).not.toContain('First HTML hidden draft');
      expect(html).not.toContain('zebra-crossing');
    }
  });

  it('answers the plain SPA shell for the app’s own screens and for missing content', async () => {
    for (const address of [
      '/login',
      '/dashboard',
      '/courseware/no-such-courseware',
      '/no/such/page',
      // A page past the last (the SPA shows the last), text the SPA refuses, a screen that is no search.
      '/courseware?page=30000',
      '/courseware?q=security&page=30000',
      '/courseware?q=x',
      '/courseware?creating=1',
    ]) {
      const { html } = await page(address);
      expect(html, address).toBe(SHELL);
    }
  });
});

describe('the first HTML of the lists', () => {
  it('shows the first page of the SPA’s “All courseware”, embedded with the next page under the search keys', async () => {
    const { doc } = await page('/courseware');
    expect(doc.title).toBe('Courseware | US Cyber Range');
    expect(doc.querySelector('main h1')?.textContent).toBe('Courseware');
    expect(doc.querySelector('#content-list')?.textContent).toBe('All courseware');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${portal.baseUrl}/courseware`);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    const embedded = jsonBlock(doc, 'portal-queries') as { queries: EmbeddedSearch[] };
    // The landing list is a search without text or filters (decision record 062), under the SPA's keys.
    const body = searchRequestOf(EMPTY_SEARCH);
    const [first, next] = embedded.queries;
    expect(first?.queryKey).toEqual(['content', 'search', body]);
    expect(first?.operationId).toBe('searchContent');
    expect(next?.queryKey).toEqual(['content', 'search', { ...body, page: 2 }]);
    const names = [...(doc.querySelectorAll('main article h3') ?? [])].map((heading) => heading.textContent);
    expect(names).toEqual(first?.data.items.map((item) => item.name));
    expect(names).toHaveLength(10);
    // The same answer as the API gives the SPA for its first page: recently updated first.
    expect(names).toEqual((await searchApi(body)).items.map((item) => item.name));
  });

  it('shows the page and order of the landing list’s address, as the SPA asks for them (issue 24 items 3 and 4)', async () => {
    const { doc } = await page('/courseware?sort=name&page=2');
    const body = { ...searchRequestOf(EMPTY_SEARCH), sort: 'name', page: 2 };
    const embedded = jsonBlock(doc, 'portal-queries') as { queries: EmbeddedSearch[] };
    const [shown, next] = embedded.queries;
    expect(shown?.queryKey).toEqual(['content', 'search', body]);
    expect(next?.queryKey).toEqual(['content', 'search', { ...body, page: 3 }]);
    const names = [...(doc.querySelectorAll('main article h3') ?? [])].map((heading) => heading.textContent);
    expect(names).toHaveLength(10);
    expect(names).toEqual(shown?.data.items.map((item) => item.name));
    // Page 2 by name: after page 1's names, in A-to-Z order.
    const firstPage = (await searchApi({ ...searchRequestOf(EMPTY_SEARCH), sort: 'name' })).items.map((i) => i.name);
    const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const both = [...firstPage, ...names] as string[];
    expect(both).toEqual([...both].sort(byName.compare));
    expect(new Set(both).size).toBe(20);
    // Another view of the same list: followed, not indexed, its own canonical address.
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${portal.baseUrl}/courseware?page=2&sort=name`,
    );
  });
});

describe('the first HTML of a courseware search', () => {
  it('shows the first page of results of the search in the address, embedded under the SPA’s key, not for indexing', async () => {
    const address = '/courseware?q=buffer+overflow&cat=exercise';
    const { doc } = await page(address);
    expect(doc.title).toBe('Search: buffer overflow | US Cyber Range');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
    // The whole repository's Atom feed and this search's (issue 24 item 7; decision record 055).
    expect(
      [...doc.querySelectorAll('head link[rel="alternate"][type="application/atom+xml"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/api/v1/search/feed', '/api/v1/search/feed?q=buffer+overflow&cat=exercise']);
    const body = searchRequestOf(parseCoursewareSearch(new URLSearchParams('q=buffer+overflow&cat=exercise')));
    const embedded = jsonBlock(doc, 'portal-queries') as {
      queries: { queryKey: unknown[]; data: { items: { name: string }[]; total: number } }[];
    };
    const [search, second] = embedded.queries;
    expect(search?.queryKey).toEqual(['content', 'search', body]);
    // The page after it, under the key of the SPA's numbered page 2 (decision record 053).
    if ((search?.data.total ?? 0) > 10) expect(second?.queryKey).toEqual(['content', 'search', { ...body, page: 2 }]);
    else expect(second).toBeUndefined();
    const names = [...(doc.querySelectorAll('main article h2') ?? [])].map((heading) => heading.textContent);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(search?.data.items.map((item) => item.name));
    expect(doc.querySelector('main [role="status"]')?.textContent).toBe(
      `${search?.data.total} ${search?.data.total === 1 ? 'result' : 'results'} for “buffer overflow”`,
    );
  });

  it('shows a later page of results asked for by number, embedded under the SPA’s numbered key (decision record 062)', async () => {
    const { doc } = await page('/courseware?q=security&page=2');
    const body = { ...searchRequestOf(parseCoursewareSearch(new URLSearchParams('q=security'))), page: 2 };
    const embedded = jsonBlock(doc, 'portal-queries') as { queries: EmbeddedSearch[] };
    const [shown] = embedded.queries;
    expect(shown?.queryKey).toEqual(['content', 'search', body]);
    const names = [...(doc.querySelectorAll('main article h2') ?? [])].map((heading) => heading.textContent);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual((await searchApi(body)).items.map((item) => item.name));
  });
});

describe('the first HTML of a contributor page (issue 24 item 6)', () => {
  it('shows the contributor, their published courseware and the head tags, embedded under the SPA’s keys', async () => {
    const id = seedId(SEED_ID_KINDS.contributor, 'Wenliang|Du|Syracuse University');
    const { doc } = await page(`/contributors/${id}`);
    expect(doc.title).toBe('Wenliang Du | US Cyber Range');
    expect(doc.querySelector('main h1')?.textContent).toBe('Wenliang Du');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Wenliang Du, .*Syracuse University: courseware by Wenliang Du on /,
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${portal.baseUrl}/contributors/${id}`,
    );
    const names = [...doc.querySelectorAll('main article h3')].map((heading) => heading.textContent);
    // Wenliang Du contributed every SEED lab: the first page is full.
    expect(names).toHaveLength(12);
    const embedded = jsonBlock(doc, 'portal-queries') as {
      queries: { queryKey: unknown[]; data: { items?: { name: string; status: string }[] } }[];
    };
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([
      ['contributors', 'profile', id],
      ['content', 'by-contributor', id],
    ]);
    expect(embedded.queries[1]?.data.items?.map((item) => item.name)).toEqual(names);
    for (const item of embedded.queries[1]?.data.items ?? []) expect(item.status).toBe('published');
  });

  it('answers the plain SPA shell for an unknown contributor or an address that is no id', async () => {
    for (const address of ['/contributors/00000000000000000000000000', '/contributors/not-an-id']) {
      const { html } = await page(address);
      expect(html, address).toBe(SHELL);
    }
  });
});

describe('the first HTML of news, CMS pages and home', () => {
  it('shows a published news item with its head tags, and a draft one not at all', async () => {
    const { doc } = await page('/news/first-html-published-news');
    expect(doc.title).toBe('First HTML published news | US Cyber Range');
    expect(doc.querySelector('main h1')?.textContent).toBe('First HTML published news');
    expect(doc.querySelector('main strong')?.textContent).toBe('high schools');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'The range opens a new exercise area for high schools.',
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${portal.baseUrl}/news/first-html-published-news`,
    );
    const draft = await page('/news/first-html-draft-news');
    expect(draft.html).toBe(SHELL);
  });

  it('lists the published news under the query key of the news screen', async () => {
    const { doc } = await page('/news');
    expect(doc.querySelector('main h1')?.textContent).toBe('News');
    const names = [...doc.querySelectorAll('main article h2')].map((heading) => heading.textContent);
    expect(names).toContain('First HTML published news');
    expect(names).not.toContain('First HTML draft news');
    const embedded = jsonBlock(doc, 'portal-queries') as { queries: { queryKey: unknown[] }[] };
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([
      ['news', 'list', { limit: 10, status: 'published' }],
    ]);
  });

  it('shows a seeded CMS page by its address', async () => {
    const { doc } = await page('/terms-of-use');
    const title = doc.querySelector('main h1')?.textContent ?? '';
    expect(title.length).toBeGreaterThan(0);
    expect(doc.title).toBe(`${title} | US Cyber Range`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${portal.baseUrl}/terms-of-use`);
    const embedded = jsonBlock(doc, 'portal-queries') as { queries: { queryKey: unknown[] }[] };
    expect(embedded.queries.at(-1)?.queryKey).toEqual(['pages', 'by-href', '/terms-of-use']);
  });

  it('shows the home page with the SPA’s words and its recent news', async () => {
    const { doc } = await page('/');
    expect(doc.title).toBe('Home | US Cyber Range');
    expect(doc.querySelector('main h1')?.textContent).toBe(HOME_INTRO.title);
    expect(doc.querySelector('#home-attributes')?.textContent).toBe(HOME_HEADINGS.attributes('US Cyber Range'));
    expect([...doc.querySelectorAll('#home-steps ~ ol h3')].map((heading) => heading.textContent)).toEqual(
      homeFeatureRows('US Cyber Range').map((row, index) => `Step ${index + 1}: ${row.title}`),
    );
    expect(doc.querySelector('main a[href="/courseware"]')?.textContent).toBe(HOME_INTRO.coursewareLabel);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${portal.baseUrl}/`);
    expect(doc.querySelector('#home-news-heading')?.closest('section')?.textContent).toContain(
      'First HTML published news',
    );
  });
});
