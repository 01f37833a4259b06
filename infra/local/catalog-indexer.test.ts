import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogSyncResult } from '../../functions/src/search/indexer.ts';
import { LOCAL_INDEXER_POLL_MS, startLocalCatalogIndexer } from './catalog-indexer.ts';

/** A sync stand-in that records overlaps and takes `ms` per call (on the fake clock). */
function fakeSync(ms: number, revision: () => number) {
  let running = 0;
  let overlaps = 0;
  const sync = vi.fn(async (): Promise<CatalogSyncResult> => {
    running += 1;
    if (running > 1) overlaps += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    running -= 1;
    return { rebuilt: true, revision: revision(), documents: 1, bytes: 10, ms };
  });
  return { sync, overlaps: () => overlaps, running: () => running };
}

// The poller's timing is what these tests are about: the clock is the test's.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the local catalog indexer', () => {
  it('syncs at start, then only when the revision moved', async () => {
    let revision = 3;
    const { sync } = fakeSync(1, () => revision);
    const indexer = await startLocalCatalogIndexer({ pollMs: 10, sync, revision: async () => revision });
    await vi.advanceTimersByTimeAsync(60);
    expect(sync).toHaveBeenCalledTimes(1);
    revision = 4;
    await vi.advanceTimersByTimeAsync(60);
    expect(sync).toHaveBeenCalledTimes(2);
    await indexer.stop();
    expect(indexer.syncs).toBe(2);
  });

  it('syncs a revision change within one poll interval (LOCAL_INDEXER_POLL_MS by default)', async () => {
    let revision = 1;
    const sync = vi.fn(
      async (): Promise<CatalogSyncResult> => ({ rebuilt: true, revision, documents: 1, bytes: 10, ms: 0 }),
    );
    const indexer = await startLocalCatalogIndexer({ sync, revision: async () => revision });
    await vi.advanceTimersByTimeAsync(0);
    expect(sync).toHaveBeenCalledTimes(1);
    revision = 2;
    await vi.advanceTimersByTimeAsync(LOCAL_INDEXER_POLL_MS - 1);
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(2);
    await indexer.stop();
  });

  it('never runs two syncs at once, however slow a sync is', async () => {
    let revision = 0;
    const { sync, overlaps } = fakeSync(40, () => revision);
    const indexer = await startLocalCatalogIndexer({
      pollMs: 1,
      sync,
      revision: async () => {
        revision += 1;
        return revision;
      },
    });
    await vi.advanceTimersByTimeAsync(200);
    const stopped = indexer.stop();
    await vi.advanceTimersByTimeAsync(40);
    await stopped;
    expect(sync.mock.calls.length).toBeGreaterThan(1);
    expect(overlaps()).toBe(0);
  });

  it('logs a failure and keeps going, after a pause', async () => {
    const lines: string[] = [];
    let fail = true;
    const sync = vi.fn(async (): Promise<CatalogSyncResult> => {
      if (fail) throw new Error('snapshot bucket unreachable');
      return { rebuilt: true, revision: 1, documents: 1, bytes: 10, ms: 1 };
    });
    const indexer = await startLocalCatalogIndexer({
      pollMs: 10,
      sync,
      revision: async () => 1,
      log: (line) => lines.push(line),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(lines).toEqual(['search: catalog indexing failed, retrying in 5000 ms: Error: snapshot bucket unreachable']);
    fail = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sync).toHaveBeenCalledTimes(2);
    expect(lines[1]).toMatch(/^search: catalog revision 1 indexed/);
    await indexer.stop();
  });

  it('stops polling on stop, waiting for a sync in progress', async () => {
    const { sync, running } = fakeSync(30, () => 1);
    let reads = 0;
    const indexer = await startLocalCatalogIndexer({
      pollMs: 5,
      sync,
      revision: async () => {
        reads += 1;
        return reads;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(running()).toBe(1);
    let done = false;
    const stopped = indexer.stop().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(19);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopped;
    expect(running()).toBe(0);
    const after = reads;
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).toBe(after);
  });
});
