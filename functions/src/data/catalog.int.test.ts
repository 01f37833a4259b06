import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUSES, type ContentStatus } from '#shared/enums';
import { dynamoDbClient, dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { contentRecord } from '../test-support/content-record.ts';
import { startTestStack } from '../test-support/stack.ts';
import {
  bumpCatalogRevision,
  catalogContentPages,
  catalogRevisionUpdate,
  getCatalogRevision,
  listCatalogContent,
} from './catalog.ts';
import { createContent } from './content.ts';
import { batchPutItems, tableName } from './dynamo.ts';
import type { ContentItem } from './items.ts';
import {
  catalogRevisionKey,
  childIndexKey,
  contentAliasIndexKey,
  contentKey,
  ENTITY_TYPES,
  statusIndexKey,
} from './keys.ts';

let stack: Awaited<ReturnType<typeof startTestStack>>;
const sent: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'countCatalogRequestsForTest' },
  );
});
afterAll(async () => {
  await stack?.stop();
});

/** A stored content item written directly (BatchWriteItem), for volume. */
function storedItem(name: string, status: ContentStatus, modified: string): ContentItem {
  const record = contentRecord(name, { status, modifiedTimestamp: modified });
  return {
    ...record,
    ...contentKey(record.id),
    ...contentAliasIndexKey(record.urlAlias),
    ...childIndexKey(null, 0, record.id),
    ...statusIndexKey(status, modified, record.id),
    entityType: ENTITY_TYPES.content,
    version: 1,
  };
}

describe('the catalog revision', () => {
  it('reads 0 before any content write was recorded', async () => {
    expect(await getCatalogRevision()).toBe(0);
  });

  it('counts up by one per bump and returns the new value', async () => {
    const first = await bumpCatalogRevision();
    const second = await bumpCatalogRevision();
    expect(second).toBe(first + 1);
    expect(await getCatalogRevision()).toBe(second);
  });

  it('counts up in the same transaction as a content write, and not when that write fails', async () => {
    const before = await getCatalogRevision();
    const record = contentRecord('Catalog revision in a transaction');
    const put = (id: string) => ({
      Put: {
        TableName: tableName(),
        Item: { ...contentKey(id), entityType: ENTITY_TYPES.content, version: 1 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    await dynamoDocumentClient.send(
      new TransactWriteCommand({ TransactItems: [put(record.id), catalogRevisionUpdate()] }),
    );
    expect(await getCatalogRevision()).toBe(before + 1);

    // The same id again: the condition fails, so the whole transaction, bump included, is cancelled.
    await expect(
      dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: [put(record.id), catalogRevisionUpdate()] })),
    ).rejects.toThrow();
    expect(await getCatalogRevision()).toBe(before + 1);
  });

  it('keeps its item under CATALOG / REVISION with its entity type and time of change', async () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    await bumpCatalogRevision(now);
    const { Item } = await dynamoDocumentClient.send(
      new GetCommand({ TableName: tableName(), Key: catalogRevisionKey() }),
    );
    expect(Item).toMatchObject({
      pk: 'CATALOG',
      sk: 'REVISION',
      entityType: 'CatalogRevision',
      modifiedTimestamp: '2026-11-21T10:00:00.000Z',
      revision: await getCatalogRevision(),
    });
  });
});

describe('listing the catalog', () => {
  it('reads every content item of every status, each once, page by page without Scan', async () => {
    // 1,150 published items need two pages of 1,000; one item of each other status.
    const published = Array.from({ length: 1150 }, (_, i) =>
      storedItem(`Catalog listing ${i}`, 'published', new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()),
    );
    const others = CONTENT_STATUSES.filter((status) => status !== 'published').map((status) =>
      storedItem(`Catalog listing ${status}`, status, '2026-02-01T00:00:00.000Z'),
    );
    await batchPutItems([...published, ...others] as unknown as Record<string, unknown>[]);
    await createContent(contentRecord('Catalog listing created', { status: 'unlisted' }));

    sent.length = 0;
    const pages: number[] = [];
    for await (const page of catalogContentPages()) pages.push(page.length);
    const reads = [...sent];
    const all = await listCatalogContent();

    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(reads)).toEqual(new Set(['QueryCommand']));
    expect(pages.reduce((sum, n) => sum + n, 0)).toBe(all.length);
    const ids = all.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = [...published, ...others].map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining(expected));
    expect(new Set(all.map((item) => item.status))).toEqual(new Set(CONTENT_STATUSES));
    expect(all.every((item) => item.entityType === ENTITY_TYPES.content)).toBe(true);
  });
});
