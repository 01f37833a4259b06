import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { type DownloadEvent, DownloadStatisticsAggregate, recordDownload } from '../data/downloads.ts';
import { batchPutItems, tableName } from '../data/dynamo.ts';
import { contentUsagePartition } from '../data/keys.ts';
import { newId } from '../domain/ids.ts';
import { startTestStack } from '../test-support/stack.ts';
import { backfillContentUsage } from './content-usage-backfill.ts';

/**
 * The backfill of content usage (issue 26 item 4; decision record 071) on a table that
 * counted downloads before usage was: raw events and counters written as an older
 * release left them (no usage items), then downloads recorded live before the backfill
 * runs; the usage after the backfill must equal counting every download one by one.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const UNITS = {
  omaha: { id: 'bf-omaha', name: 'Omaha', category: 'university', region: 'Plains' },
  nova: { id: 'bf-nova', name: 'NOVA', category: 'college', region: 'Southeast' },
  tj: { id: 'bf-tj', name: 'TJ', category: 'K12', region: 'Southeast' },
  agency: { id: 'bf-agency', name: 'Agency', category: 'government', region: 'Southeast' },
} as const;

function download(user: string, unit: keyof typeof UNITS | null, contentId: string, timestamp: string): DownloadEvent {
  return {
    id: newId(),
    timestamp,
    user: { id: user, name: user, email: null },
    file: { id: `file-${contentId}`, name: 'f.pdf' },
    downloadedFrom: { id: contentId, name: contentId, tags: [] },
    topMostContent: { id: contentId, name: contentId },
    businessUnit: unit ? UNITS[unit] : null,
  };
}

async function partition(contentId: string): Promise<Record<string, unknown>[]> {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      ExpressionAttributeValues: { ':pk': contentUsagePartition(contentId) },
      ConsistentRead: true,
    }),
  );
  return (output.Items ?? []) as Record<string, unknown>[];
}

describe('backfillContentUsage', () => {
  it('counts the downloads recorded before usage was, once, beside those recorded live', async () => {
    const old = [
      download('u1', 'omaha', 'item-a', '2025-01-10T10:00:00.000Z'),
      download('u2', 'omaha', 'item-a', '2025-02-10T10:00:00.000Z'),
      download('u3', 'nova', 'item-a', '2025-03-10T10:00:00.000Z'),
      download('u4', 'agency', 'item-a', '2025-03-11T10:00:00.000Z'),
      download('u5', null, 'item-b', '2025-03-12T10:00:00.000Z'),
      download('u6', 'tj', 'item-b', '2025-04-12T10:00:00.000Z'),
    ];
    const live = [
      download('u1', 'omaha', 'item-a', '2025-05-10T10:00:00.000Z'),
      download('u7', 'tj', 'item-a', '2025-05-11T10:00:00.000Z'),
      download('u8', 'tj', 'item-c', '2025-05-12T10:00:00.000Z'),
    ];
    // What an older release left: raw events and counters, no usage.
    const before = new DownloadStatisticsAggregate();
    const eventItems = old.map((event) => before.add(event));
    await batchPutItems([...eventItems, ...before.counterItems()] as unknown as Record<string, unknown>[]);
    // Downloads recorded live by this release before the backfill ran.
    for (const event of live) await recordDownload(event);
    expect(await partition('item-a')).toContainEqual(
      expect.objectContaining({ sk: 'USAGE', downloads: 2, schools: 2 }),
    );

    const report = await backfillContentUsage(new Date('2025-06-01T00:00:00Z'));
    expect(report).toEqual({ ran: true, events: 9, items: 3 });

    const everything = new DownloadStatisticsAggregate();
    for (const event of [...old, ...live]) everything.add(event);
    const expected = everything.contentUsageItems();
    for (const contentId of ['item-a', 'item-b', 'item-c']) {
      const stored = await partition(contentId);
      const want = expected.filter((item) => item.pk === contentUsagePartition(contentId));
      expect(stored).toHaveLength(want.length);
      for (const item of want) {
        const { backfilled: _backfilled, ...fields } = item as typeof item & { backfilled?: boolean };
        expect(stored).toContainEqual(expect.objectContaining(fields));
      }
    }
    expect(await partition('item-a')).toContainEqual(
      expect.objectContaining({ sk: 'USAGE', downloads: 6, schools: 3, backfilled: true }),
    );

    // Done: a second run reads nothing and changes nothing.
    expect(await backfillContentUsage()).toEqual({ ran: false, events: 0, items: 0 });
    await recordDownload(download('u9', 'nova', 'item-b', '2025-06-02T10:00:00.000Z'));
    expect(await partition('item-b')).toContainEqual(
      expect.objectContaining({ sk: 'USAGE', downloads: 3, schools: 2 }),
    );
  });
});
