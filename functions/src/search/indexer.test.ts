import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentRecord } from '../test-support/content-record.ts';
import { CATALOG_SETTLE_ENV, syncCatalogSnapshot } from './indexer.ts';

/**
 * The indexer's settle rule (decision record 014) on a fake clock: how long it waits
 * is the thing tested, so the clock is the test's, not the machine's. The data layer
 * and the snapshot store are stand-ins here; indexer.int.test.ts runs the same sync
 * against the emulators.
 */

const catalog = vi.hoisted(() => ({
  state: { revision: 2, changedAt: null as string | null },
  listings: 0,
}));
const store = vi.hoisted(() => ({
  head: null as { revision: number; documents: number; bytes: number; etag: string } | null,
  puts: [] as { revision: number; documents: number }[],
}));

vi.mock('../data/catalog.ts', () => ({
  getCatalogRevisionState: async () => catalog.state,
  async *catalogContentPages() {
    catalog.listings += 1;
    yield [contentRecord('Settle rule lesson')];
  },
}));
vi.mock('../data/downloads.ts', () => ({ contentDownloadTotals: async () => new Map<string, number>() }));
vi.mock('../data/reviews.ts', () => ({ listRatingTotals: async () => new Map() }));
vi.mock('./snapshot-store.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./snapshot-store.ts')>()),
  headCatalogSnapshot: async () => store.head,
  putCatalogSnapshot: async (_bytes: Uint8Array, version: { revision: number }, options: { documents: number }) => {
    store.puts.push({ revision: version.revision, documents: options.documents });
    return { etag: `"etag-${version.revision}"` };
  },
}));
// The indexer sleeps with node:timers/promises, whose ESM binding the fake clock does
// not reach: route it through the global setTimeout, which the fake clock owns.
vi.mock('node:timers/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:timers/promises')>()),
  setTimeout: (ms: number) => new Promise<void>((resolve) => globalThis.setTimeout(resolve, ms)),
}));

const NOW = Date.parse('2026-05-04T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
  catalog.state = { revision: 2, changedAt: null };
  catalog.listings = 0;
  store.head = null;
  store.puts = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('syncCatalogSnapshot and CATALOG_SETTLE_MS', () => {
  it('waits CATALOG_SETTLE_MS after the last revision change before it lists content (gsi3 lag on AWS)', async () => {
    vi.stubEnv(CATALOG_SETTLE_ENV, '400');
    catalog.state = { revision: 2, changedAt: new Date(NOW).toISOString() };
    const sync = syncCatalogSnapshot();

    await vi.advanceTimersByTimeAsync(399);
    expect(catalog.listings).toBe(0);
    expect(store.puts).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(await sync).toMatchObject({ rebuilt: true, revision: 2, documents: 1 });
    expect(catalog.listings).toBe(1);
    expect(store.puts).toEqual([{ revision: 2, documents: 1 }]);
  });

  it('waits only for the rest of the settle time when the change is older', async () => {
    vi.stubEnv(CATALOG_SETTLE_ENV, '400');
    catalog.state = { revision: 2, changedAt: new Date(NOW - 300).toISOString() };
    const sync = syncCatalogSnapshot();

    await vi.advanceTimersByTimeAsync(99);
    expect(catalog.listings).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect((await sync).rebuilt).toBe(true);
    expect(catalog.listings).toBe(1);
  });

  it('lists at once when the last change is older than the settle time', async () => {
    vi.stubEnv(CATALOG_SETTLE_ENV, '400');
    catalog.state = { revision: 2, changedAt: new Date(NOW - 400).toISOString() };
    expect((await syncCatalogSnapshot()).rebuilt).toBe(true);
    expect(catalog.listings).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait, and lists nothing, while the snapshot is as new as the revision', async () => {
    vi.stubEnv(CATALOG_SETTLE_ENV, '400');
    catalog.state = { revision: 2, changedAt: new Date(NOW).toISOString() };
    store.head = { revision: 2, documents: 1, bytes: 10, etag: '"etag-2"' };
    expect(await syncCatalogSnapshot()).toMatchObject({ rebuilt: false, revision: 2, documents: 1 });
    expect(catalog.listings).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait when CATALOG_SETTLE_MS is unset (the local default)', async () => {
    catalog.state = { revision: 2, changedAt: new Date(NOW).toISOString() };
    expect((await syncCatalogSnapshot()).rebuilt).toBe(true);
    expect(catalog.listings).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
