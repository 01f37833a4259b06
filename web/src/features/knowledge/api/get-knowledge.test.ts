// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { storageKey } from '../../../lib/storage.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { getKnowledgeByIds, getKnowledgeOfType, getKnowledgeOfTypeQueryOptions } from './get-knowledge.ts';

const ksa = (id: string) => ({ id, type: 'KSA', kind: 'knowledge', name: `Knowledge ${id}` });
const ku = (id: string) => ({ id, type: 'KU', name: `Unit ${id}` });

describe('getKnowledgeOfType', () => {
  it('asks for one type and follows nextPageToken until there is none', async () => {
    const api = mockApi((url) =>
      url.searchParams.get('pageToken') === 'page-2'
        ? { body: { items: [ksa('K0002')], nextPageToken: null } }
        : { body: { items: [ksa('K0001')], nextPageToken: 'page-2' } },
    );
    const items = await getKnowledgeOfType('KSA');
    expect(items.map((item) => item.id)).toEqual(['K0001', 'K0002']);
    expect(calledUrls(api)).toEqual([
      '/api/v1/knowledge?type=KSA&limit=10000',
      '/api/v1/knowledge?type=KSA&limit=10000&pageToken=page-2',
    ]);
  });

  it('stops when the server repeats a token', async () => {
    const api = mockApi(() => ({ body: { items: [ksa('K0001')], nextPageToken: 'same' } }));
    await getKnowledgeOfType('KSA');
    expect(calledUrls(api)).toHaveLength(2);
  });
});

describe('getKnowledgeByIds', () => {
  it('asks for the given ids of one type, joined by commas, with a limit of their number', async () => {
    const api = mockApi(() => ({ body: { items: [ku('CO-M.9')], nextPageToken: null } }));
    const items = await getKnowledgeByIds('KU', ['CO-M.9', 'CSF']);
    expect(items).toEqual([ku('CO-M.9')]);
    expect(calledUrls(api)).toEqual(['/api/v1/knowledge?type=KU&ids=CO-M.9%2CCSF&limit=2']);
  });
});

describe('getKnowledgeOfTypeQueryOptions', () => {
  it('stores each type under the settings version beside the others and drops older versions', async () => {
    window.localStorage.setItem(storageKey('knowledges', '0.99'), JSON.stringify({ savedAt: 1, value: [] }));
    mockApi((url) => ({
      body: { items: url.searchParams.get('type') === 'KU' ? [ku('CSF')] : [ksa('K0001')], nextPageToken: null },
    }));
    const client = new QueryClient();
    await client.fetchQuery(getKnowledgeOfTypeQueryOptions({ type: 'KSA', storageVersion: '1.00' }));
    await client.fetchQuery(getKnowledgeOfTypeQueryOptions({ type: 'KU', storageVersion: '1.00' }));
    expect(window.localStorage.getItem(storageKey('knowledges', '0.99'))).toBeNull();
    const stored = JSON.parse(window.localStorage.getItem(storageKey('knowledges', '1.00')) ?? 'null');
    expect(stored.value.KSA.items).toEqual([ksa('K0001')]);
    expect(stored.value.KU.items).toEqual([ku('CSF')]);
  });

  it('starts from a fresh stored list without a request, and ignores a stale, broken or whole-catalogue one', async () => {
    window.localStorage.setItem(
      storageKey('knowledges', '1.00'),
      JSON.stringify({ savedAt: Date.now(), value: { KSA: { savedAt: Date.now(), items: [ksa('K0009')] } } }),
    );
    const api = mockApi(() => ({ body: { items: [ksa('K0001')], nextPageToken: null } }));
    const stored = await new QueryClient().fetchQuery(
      getKnowledgeOfTypeQueryOptions({ type: 'KSA', storageVersion: '1.00' }),
    );
    expect(stored.map((item) => item.id)).toEqual(['K0009']);
    expect(calledUrls(api)).toHaveLength(0);

    window.localStorage.setItem(
      storageKey('knowledges', '1.00'),
      JSON.stringify({ savedAt: Date.now(), value: { KSA: { savedAt: Date.now() - 2 * 86_400_000, items: [] } } }),
    );
    const stale = await new QueryClient().fetchQuery(
      getKnowledgeOfTypeQueryOptions({ type: 'KSA', storageVersion: '1.00' }),
    );
    expect(stale.map((item) => item.id)).toEqual(['K0001']);
    expect(calledUrls(api)).toHaveLength(1);

    // The whole catalogue as an earlier version stored it (an array) is not a list by type.
    window.localStorage.setItem(
      storageKey('knowledges', '2.00'),
      JSON.stringify({ savedAt: Date.now(), value: [ksa('K0009')] }),
    );
    await new QueryClient().fetchQuery(getKnowledgeOfTypeQueryOptions({ type: 'KSA', storageVersion: '2.00' }));
    expect(calledUrls(api)).toHaveLength(2);
  });
});
