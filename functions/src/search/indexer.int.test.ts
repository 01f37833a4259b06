import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamoDocumentClient, s3Client } from '../adapters/aws-clients.ts';
import { bumpCatalogRevision, getCatalogRevision } from '../data/catalog.ts';
import { createContent } from '../data/content.ts';
import { contentDownloadTotals, statisticCounterItem } from '../data/downloads.ts';
import { tableName } from '../data/dynamo.ts';
import type { CounterIncrement } from '../domain/download-statistics.ts';
import { handler } from '../indexer/index.ts';
import { env } from '../lib/env.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { startTestStack } from '../test-support/stack.ts';
import { loadCatalogIndex } from './in-memory-index.ts';
import { syncCatalogSnapshot } from './indexer.ts';
import { NO_SEARCH_FILTER } from './port.ts';
import { CATALOG_SNAPSHOT_KEY, headCatalogSnapshot } from './snapshot-store.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function storedIndex() {
  const object = await s3Client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: CATALOG_SNAPSHOT_KEY }));
  return loadCatalogIndex(
    await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

describe('syncCatalogSnapshot', () => {
  it('builds an empty snapshot at revision 0 for an empty table', async () => {
    const result = await syncCatalogSnapshot();
    expect(result).toMatchObject({ rebuilt: true, revision: 0, documents: 0 });
    expect(result.bytes).toBeGreaterThan(0);
    expect(await headCatalogSnapshot()).toMatchObject({ revision: 0, documents: 0 });
  });

  it('with CATALOG_SETTLE_MS set, rebuilds at the new revision once, then finds the snapshot current', async () => {
    // How long it waits is a rule of the clock, tested on a fake one in indexer.test.ts.
    vi.stubEnv('CATALOG_SETTLE_MS', '400');
    try {
      const revision = await bumpCatalogRevision();
      expect(await syncCatalogSnapshot()).toMatchObject({ rebuilt: true, revision });
      expect(await syncCatalogSnapshot()).toMatchObject({ rebuilt: false, revision });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('does nothing while the snapshot is as new as the revision', async () => {
    const before = await headCatalogSnapshot();
    const result = await syncCatalogSnapshot();
    expect(result).toMatchObject({ rebuilt: false, revision: 1, documents: 0 });
    expect((await headCatalogSnapshot())?.etag).toBe(before?.etag);
  });

  it('rebuilds from content of every status once the revision moved, labelled with that revision', async () => {
    for (const status of ['published', 'unpublished', 'unlisted', 'archived'] as const) {
      await createContent(contentRecord(`Indexer ${status} lesson`, { status }), { recordInCatalog: false });
    }
    // Not bumped yet: the indexer has no reason to look.
    expect((await syncCatalogSnapshot()).rebuilt).toBe(false);

    const revision = await bumpCatalogRevision();
    const result = await syncCatalogSnapshot();
    expect(result).toMatchObject({ rebuilt: true, revision, documents: 4 });

    const index = await storedIndex();
    expect(index.version.revision).toBe(revision);
    expect(index.size).toBe(4);
    const found = index.search({
      text: 'indexer',
      filter: NO_SEARCH_FILTER,
      statuses: ['published', 'unlisted', 'unpublished'],
      offset: 0,
      limit: 10,
      newOrUpdatedSince: '2000-01-01T00:00:00.000Z',
    });
    expect(found.items.map((item) => item.name).sort()).toEqual([
      'Indexer published lesson',
      'Indexer unlisted lesson',
      'Indexer unpublished lesson',
    ]);
  });

  it('runs concurrent calls one after the other, so only the first rebuilds', async () => {
    await createContent(contentRecord('Indexer concurrent lesson'));
    const revision = await bumpCatalogRevision();
    const results = await Promise.all([syncCatalogSnapshot(), syncCatalogSnapshot(), syncCatalogSnapshot()]);
    expect(results.map((result) => result.rebuilt)).toEqual([true, false, false]);
    expect(results.every((result) => result.revision === revision && result.documents === 5)).toBe(true);
  });

  it('rebuilds a snapshot older than the revision even when nothing else changed', async () => {
    const revision = await bumpCatalogRevision();
    expect(await syncCatalogSnapshot()).toMatchObject({ rebuilt: true, revision, documents: 5 });
  });
});

describe('the indexer Lambda', () => {
  const event = (count: number) => ({
    Records: Array.from({ length: count }, (_, i) => ({
      eventID: String(i),
      eventName: 'MODIFY' as const,
      dynamodb: { Keys: { pk: { S: 'CATALOG' }, sk: { S: 'REVISION' } } },
    })),
  });

  it('syncs once per batch and logs one JSON line with the figures', async () => {
    await createContent(contentRecord('Indexer Lambda lesson'));
    await bumpCatalogRevision();
    await bumpCatalogRevision();
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'info').mockImplementation((line: string) => {
      lines.push(line);
    });
    try {
      await handler(event(2));
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'INFO',
      records: 2,
      rebuilt: true,
      revision: await getCatalogRevision(),
      documents: 6,
    });
  });

  it('throws when the snapshot cannot be read, so that the stream retries the batch', async () => {
    await bumpCatalogRevision();
    const failure =
      (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => {
        if (context.commandName === HeadObjectCommand.name) return Promise.reject(new Error('S3 is unavailable'));
        return next(args);
      };
    s3Client.middlewareStack.add(failure as never, { step: 'initialize', name: 'failHeadForTest' });
    try {
      await expect(handler(event(1))).rejects.toThrow('S3 is unavailable');
    } finally {
      s3Client.middlewareStack.remove('failHeadForTest');
    }
    expect((await syncCatalogSnapshot()).rebuilt).toBe(true);
  });
});

describe('download counts in the snapshot (issue 24 item 3, decision record 052)', () => {
  it('sums the yearly content counters per item and orders "most downloaded" by them at the next build', async () => {
    const few = contentRecord('Indexer few downloads lesson');
    const many = contentRecord('Indexer many downloads lesson');
    await createContent(few);
    await createContent(many);
    const counter = (contentId: string, period: string, count: number) =>
      statisticCounterItem(
        { metric: 'content', value: contentId, label: contentId, timeFrame: 'year', period } as CounterIncrement,
        count,
      );
    for (const item of [counter(few.id, '2025', 3), counter(many.id, '2025', 2), counter(many.id, '2026', 4)]) {
      await dynamoDocumentClient.send(new PutCommand({ TableName: tableName(), Item: item }));
    }
    // Other metrics and time frames do not count.
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: statisticCounterItem(
          {
            metric: 'content',
            value: few.id,
            label: few.id,
            timeFrame: 'month',
            period: '2026-01',
          } as CounterIncrement,
          50,
        ),
      }),
    );

    const totals = await contentDownloadTotals();
    expect(totals.get(few.id)).toBe(3);
    expect(totals.get(many.id)).toBe(6);

    await bumpCatalogRevision();
    await syncCatalogSnapshot();
    const sorted = (await storedIndex())
      .search({
        text: '',
        filter: NO_SEARCH_FILTER,
        statuses: ['published'],
        sort: 'downloads',
        offset: 0,
        limit: 3,
        newOrUpdatedSince: '2000-01-01T00:00:00.000Z',
      })
      .items.map((item) => item.name);
    expect(sorted.slice(0, 2)).toEqual(['Indexer many downloads lesson', 'Indexer few downloads lesson']);
  });
});
