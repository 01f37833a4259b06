// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { storageKey } from '../../../lib/storage.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { getKnowledge, getKnowledgeQueryOptions } from './get-knowledge.ts';

const ksa = (id: string) => ({ id, type: 'KSA', kind: 'knowledge', name: `Knowledge ${id}` });

describe('getKnowledge', () => {
  it('follows nextPageToken until there is none', async () => {
    const api = mockApi((url) =>
      url.searchParams.get('pageToken') === 'page-2'
        ? { body: { items: [ksa('K0002')], nextPageToken: null } }
        : { body: { items: [ksa('K0001')], nextPageToken: 'page-2' } },
    );
    const items = await getKnowledge();
    expect(items.map((item) => item.id)).toEqual(['K0001', 'K0002']);
    expect(calledUrls(api)).toEqual([
      '/api/v1/knowledge?limit=10000',
      '/api/v1/knowledge?limit=10000&pageToken=page-2',
    ]);
  });

  it('stops when the server repeats a token', async () => {
    const api = mockApi(() => ({ body: { items: [ksa('K0001')], nextPageToken: 'same' } }));
    await getKnowledge();
    expect(calledUrls(api)).toHaveLength(2);
  });
});

describe('getKnowledgeQueryOptions', () => {
  it('stores the list under the settings version and drops older versions', async () => {
    window.localStorage.setItem(storageKey('knowledges', '0.99'), JSON.stringify({ savedAt: 1, value: [] }));
    mockApi(() => ({ body: { items: [ksa('K0001')], nextPageToken: null } }));
    const client = new QueryClient();
    await client.fetchQuery(getKnowledgeQueryOptions({ storageVersion: '1.00' }));
    expect(window.localStorage.getItem(storageKey('knowledges', '0.99'))).toBeNull();
    const stored = JSON.parse(window.localStorage.getItem(storageKey('knowledges', '1.00')) ?? 'null');
    expect(stored.value).toEqual([ksa('K0001')]);
  });

  it('ignores a stored list that is stale or broken', async () => {
    window.localStorage.setItem(
      storageKey('knowledges', '1.00'),
      JSON.stringify({ savedAt: Date.now() - 2 * 24 * 60 * 60 * 1000, value: [ksa('K0009')] }),
    );
    const api = mockApi(() => ({ body: { items: [ksa('K0001')], nextPageToken: null } }));
    const client = new QueryClient();
    const items = await client.fetchQuery(getKnowledgeQueryOptions({ storageVersion: '1.00' }));
    expect(items.map((item) => item.id)).toEqual(['K0001']);
    expect(calledUrls(api)).toHaveLength(1);

    window.localStorage.setItem(storageKey('knowledges', '2.00'), '{"savedAt": 1, "value": [{"id": 7}]}');
    const fresh = new QueryClient();
    await fresh.fetchQuery(getKnowledgeQueryOptions({ storageVersion: '2.00' }));
    expect(calledUrls(api)).toHaveLength(2);
  });
});
