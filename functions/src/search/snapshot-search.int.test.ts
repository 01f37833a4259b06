import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { s3Client } from '../adapters/aws-clients.ts';
import { bumpCatalogRevision } from '../data/catalog.ts';
import { createContent } from '../data/content.ts';
import { env } from '../lib/env.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { startTestStack } from '../test-support/stack.ts';
import { syncCatalogSnapshot } from './indexer.ts';
import { NO_SEARCH_FILTER, type SearchQuery } from './port.ts';
import {
  catalogCheckIntervalMs,
  DEFAULT_CATALOG_CHECK_MS,
  resetSnapshotSearch,
  SEARCH_CATALOG_CHECK_ENV,
  snapshotSearch,
} from './snapshot-search.ts';
import { CATALOG_SNAPSHOT_KEY, headCatalogSnapshot } from './snapshot-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
/** S3 commands sent, by name, since the last reset of the list. */
const s3Commands: string[] = [];
/** S3 commands that fail while named here (a fault the emulator cannot produce). */
const failing = new Set<string>();

beforeAll(async () => {
  stack = await startTestStack();
  s3Client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      s3Commands.push(name);
      if (failing.has(name)) throw new Error(`${name} failed (test fault)`);
      return next(args);
    },
    { step: 'initialize', name: 'observeS3ForTest' },
  );
});
afterAll(async () => {
  await stack?.stop();
});
beforeEach(() => {
  resetSnapshotSearch();
  s3Commands.length = 0;
  failing.clear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Every visible item whose name starts with "Snapshot search", names only. */
async function names(): Promise<string[]> {
  const query: SearchQuery = {
    text: 'snapshot search',
    filter: NO_SEARCH_FILTER,
    statuses: ['published'],
    offset: 0,
    limit: 100,
    newOrUpdatedSince: '2000-01-01T00:00:00.000Z',
  };
  const result = await snapshotSearch.search(query);
  return result.items.map((item) => item.name).sort();
}

/** Writes a published item and records the change, as a content write will. */
async function publish(name: string): Promise<void> {
  await createContent(contentRecord(name));
  await bumpCatalogRevision();
}

describe('snapshotSearch', () => {
  it('builds the snapshot itself when there is none (a fresh deployment), then answers', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await publish('Snapshot search first lesson');
    await s3Client.send(new DeleteObjectCommand({ Bucket: env().privateBucket, Key: CATALOG_SNAPSHOT_KEY }));
    expect(await names()).toEqual(['Snapshot search first lesson']);
    expect(await headCatalogSnapshot()).toMatchObject({ documents: 1 });
  });

  it('checks for a newer snapshot no more often than SEARCH_CATALOG_CHECK_MS', async () => {
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, '60000');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await names()).toEqual(['Snapshot search first lesson']);
    await publish('Snapshot search second lesson');
    await syncCatalogSnapshot();
    s3Commands.length = 0;
    // Within the interval: answered from memory, not even a HeadObject.
    expect(await names()).toEqual(['Snapshot search first lesson']);
    expect(s3Commands).toEqual([]);
  });

  it('with SEARCH_CATALOG_CHECK_MS=0 sees a new snapshot on the next search, and costs one HeadObject when nothing changed', async () => {
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, '0');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await names()).toEqual(['Snapshot search first lesson', 'Snapshot search second lesson']);
    await publish('Snapshot search third lesson');
    await syncCatalogSnapshot();
    s3Commands.length = 0;
    expect(await names()).toContain('Snapshot search third lesson');
    expect(s3Commands).toEqual(['HeadObjectCommand', 'GetObjectCommand']);
    s3Commands.length = 0;
    await names();
    expect(s3Commands).toEqual(['HeadObjectCommand']);
  });

  it('shares one load among concurrent searches', async () => {
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, '0');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const answers = await Promise.all(Array.from({ length: 8 }, () => names()));
    expect(new Set(answers.map((answer) => answer.join('|'))).size).toBe(1);
    expect(s3Commands.filter((name) => name === 'GetObjectCommand')).toHaveLength(1);
  });

  it('keeps answering from the loaded index when a reload fails, and logs it', async () => {
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, '0');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = await names();
    await publish('Snapshot search fourth lesson');
    await syncCatalogSnapshot();
    failing.add('GetObjectCommand');
    expect(await names()).toEqual(before);
    expect(errors).toHaveBeenCalledOnce();
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({
      level: 'ERROR',
      error: expect.stringContaining('GetObjectCommand failed'),
    });
    failing.clear();
    expect(await names()).toContain('Snapshot search fourth lesson');
  });

  it('checks again once SEARCH_CATALOG_CHECK_MS has passed since the last check, not a millisecond before', async () => {
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, '1000');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    // Only Date is the test's: the emulators and the SDK keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const checked = Date.now();
      const before = await names();
      await publish('Snapshot search fifth lesson');
      await syncCatalogSnapshot();
      s3Commands.length = 0;

      vi.setSystemTime(checked + 999);
      expect(await names()).toEqual(before);
      expect(s3Commands).toEqual([]);

      vi.setSystemTime(checked + 1000);
      expect(await names()).toContain('Snapshot search fifth lesson');
      expect(s3Commands).toEqual(['HeadObjectCommand', 'GetObjectCommand']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails the search when no index was ever loaded and the snapshot cannot be read', async () => {
    failing.add('HeadObjectCommand');
    await expect(names()).rejects.toThrow('HeadObjectCommand failed');
  });
});

describe('catalogCheckIntervalMs', () => {
  it('defaults to 1000 ms and reads the variable once', () => {
    expect(catalogCheckIntervalMs()).toBe(DEFAULT_CATALOG_CHECK_MS);
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, '5');
    expect(catalogCheckIntervalMs()).toBe(DEFAULT_CATALOG_CHECK_MS);
    resetSnapshotSearch();
    expect(catalogCheckIntervalMs()).toBe(5);
  });

  it.each(['-1', '1.5', 'soon'])('refuses %s, naming the variable', (value) => {
    vi.stubEnv(SEARCH_CATALOG_CHECK_ENV, value);
    expect(() => catalogCheckIntervalMs()).toThrow(/SEARCH_CATALOG_CHECK_MS must be a whole number/);
  });
});
