// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ContentSummaryPage } from '#shared/contracts/content';
import { ROUTES } from '#shared/routes';
import { EMBEDDABLE_SCHEMAS, hydrateEmbeddedQueries, readEmbeddedConfig } from './embedded-data.ts';

const NEWS = {
  id: '01jd0000000000000000000000',
  name: 'Range news',
  description: '<p>News.</p>',
  link: 'range-news',
  image: '',
  status: 'published',
  date: '2026-11-01T00:00:00.000Z',
  createdTimestamp: '2026-11-01T00:00:00.000Z',
  modifiedTimestamp: '2026-11-01T00:00:00.000Z',
  externalLink: '',
};

function documentWith(blocks: Record<string, unknown>): Document {
  const doc = document.implementation.createHTMLDocument('t');
  for (const [id, value] of Object.entries(blocks)) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = typeof value === 'string' ? value : JSON.stringify(value);
    doc.body.append(script);
  }
  return doc;
}

describe('the data embedded in the first HTML (issue 22 item 2)', () => {
  it('puts valid answers into the cache under their keys, fresh, and leaves out an answer that breaks its contract', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const doc = documentWith({
      'portal-queries': {
        fetchedAt: 1,
        queries: [
          { queryKey: ['news', 'detail', 'range-news'], operationId: 'getNews', data: NEWS },
          { queryKey: ['news', 'detail', 'broken'], operationId: 'getNews', data: { ...NEWS, date: 'yesterday' } },
          { queryKey: ['content', 'lookup', 'nothing-here'], operationId: 'getContent', data: null },
          {
            queryKey: ['news', 'list', { limit: 10 }],
            operationId: 'listNews',
            data: { items: [NEWS], nextPageToken: null },
            infinite: true,
          },
        ],
      },
    });
    expect(await hydrateEmbeddedQueries(client, doc)).toBe(3);
    expect(client.getQueryData(['news', 'detail', 'range-news'])).toEqual(NEWS);
    expect(client.getQueryState(['news', 'detail', 'range-news'])?.isInvalidated).toBe(false);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['news', 'detail', 'range-news'] })
        ?.isStale(),
    ).toBe(false);
    expect(client.getQueryData(['news', 'detail', 'broken'])).toBeUndefined();
    expect(client.getQueryState(['content', 'lookup', 'nothing-here'])?.status).toBe('success');
    expect(client.getQueryData(['content', 'lookup', 'nothing-here'])).toBeNull();
    expect(client.getQueryData(['news', 'list', { limit: 10 }])).toEqual({
      pages: [{ items: [NEWS], nextPageToken: null }],
      pageParams: [undefined],
    });
  });

  it('hydrates nothing from a page without the block or with a broken one', async () => {
    const client = new QueryClient();
    expect(await hydrateEmbeddedQueries(client, documentWith({}))).toBe(0);
    expect(await hydrateEmbeddedQueries(client, documentWith({ 'portal-queries': '{not json' }))).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('reads the embedded configuration as written, or undefined without one', () => {
    expect(readEmbeddedConfig(documentWith({ 'portal-config': { brand: 'VACR' } }))).toEqual({ brand: 'VACR' });
    expect(readEmbeddedConfig(documentWith({}))).toBeUndefined();
  });

  it('checks each embeddable answer with the very schema its route declares', async () => {
    const operations = Object.keys(EMBEDDABLE_SCHEMAS) as (keyof typeof EMBEDDABLE_SCHEMAS)[];
    expect(operations).toHaveLength(10);
    for (const operationId of operations) {
      const route = ROUTES.find((candidate) => candidate.operationId === operationId);
      // The condensed list is checked as the SPA's API client checks it: condensed items only.
      const expected = operationId === 'listContent' ? ContentSummaryPage : route?.response;
      expect(await EMBEDDABLE_SCHEMAS[operationId]?.(), operationId).toBe(expected);
    }
  });
});
