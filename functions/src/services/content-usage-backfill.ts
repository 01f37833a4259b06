import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import {
  type ContentUsageItem,
  contentUsageBackfillDoneItem,
  contentUsageSchoolItem,
  SCHOOL_CATEGORIES,
} from '../data/content-usage.ts';
import { tableName } from '../data/dynamo.ts';
import {
  CONTENT_USAGE_SCHOOL_PREFIX,
  contentUsageBackfillKey,
  contentUsageKey,
  contentUsagePartition,
  ENTITY_TYPES,
  statisticCounterPartition,
  statisticEventsPartition,
} from '../data/keys.ts';
import { DOWNLOAD_STATISTIC_CATEGORY, TOTAL_VALUE } from '../domain/download-statistics.ts';

/**
 * The one-off backfill of content usage (issue 26 item 4; decision record 071): the
 * usage items and school markers of the downloads recorded before usage was, counted
 * from the raw events `STAT_EVENTS#contentfiledownload#<YYYY-MM>`. It runs in the
 * update-notices Lambda (every 15 minutes, 15-minute timeout, one at a time) and in the
 * local housekeeping loop, until its `CONTENT_USAGE_BACKFILL` / `DONE` item exists;
 * after that a run costs one GetItem.
 *
 * Exact while downloads go on: a download recorded live sets `since` on its item's
 * usage (its own timestamp, the first time), so the backfill counts only the raw
 * events before `since`; each item is finished by one conditional UpdateItem that
 * sets `backfilled`, so an item is backfilled once, and a school marker is never
 * counted twice (see {@link backfillItem}). A run cut short resumes: finished items
 * are skipped.
 */

/** What one run did. */
export interface ContentUsageBackfillReport {
  /** False when the backfill had finished before (nothing read but its DONE item). */
  readonly ran: boolean;
  /** Raw download events read. */
  readonly events: number;
  /** Content items whose usage was completed by this run. */
  readonly items: number;
}

/** Attempts per item when a live download changes its usage meanwhile. */
const ITEM_ATTEMPTS = 5;

interface PastDownload {
  readonly timestamp: string;
  readonly school: string | null;
}

/** The months (`YYYY-MM`) with downloads: the `total` counters of the `month` time frame. */
async function monthsWithDownloads(): Promise<string[]> {
  const months: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#subject': 'subject', '#period': 'period' },
        ExpressionAttributeValues: {
          ':pk': statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'total', 'month'),
        },
        ProjectionExpression: '#subject, #period',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of output.Items ?? []) {
      if (item.subject === TOTAL_VALUE && typeof item.period === 'string') months.push(item.period);
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return months;
}

/** Every raw download event of `month`, by content item: its time and its school (if a school). */
async function readMonth(month: string, into: Map<string, PastDownload[]>): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: {
          '#pk': TABLE.partitionKey,
          '#contentId': 'contentId',
          '#timestamp': 'timestamp',
          '#metadata': 'metadata',
          '#units': 'businessUnits',
        },
        ExpressionAttributeValues: { ':pk': statisticEventsPartition(DOWNLOAD_STATISTIC_CATEGORY, month) },
        ProjectionExpression: '#contentId, #timestamp, #metadata.#units',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of output.Items ?? []) {
      count += 1;
      if (typeof item.contentId !== 'string' || typeof item.timestamp !== 'string') continue;
      const units = Object.entries((item.metadata?.businessUnits ?? {}) as Record<string, { category?: string }>);
      const school = units.find(([, unit]) => SCHOOL_CATEGORIES.has(unit.category ?? ''))?.[0] ?? null;
      const list = into.get(item.contentId) ?? [];
      list.push({ timestamp: item.timestamp, school });
      into.set(item.contentId, list);
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** The number of school markers of an item (a consistent, paged COUNT Query). */
async function countSchoolMarkers(contentId: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': contentUsagePartition(contentId), ':prefix': CONTENT_USAGE_SCHOOL_PREFIX },
        Select: 'COUNT',
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    count += output.Count ?? 0;
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/**
 * Completes one item's usage with its past downloads (those before `since`): Puts the
 * school markers of those downloads (a marker that exists is the same item: a school
 * already counted), counts the item's markers, then ONE conditional UpdateItem `ADD
 * downloads <past>`, `SET schools = <markers>, backfilled = true`, on condition that
 * it is not backfilled and neither `schools` nor `since` changed since they were read:
 * a live download that added a school meanwhile makes it read and try again. Answers
 * false when the item was backfilled already.
 * @throws Error when live downloads kept changing the item for {@link ITEM_ATTEMPTS} attempts.
 */
async function backfillItem(contentId: string, downloads: readonly PastDownload[]): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await dynamoDocumentClient.send(
      new GetCommand({ TableName: tableName(), Key: contentUsageKey(contentId), ConsistentRead: true }),
    );
    const usage = Item as ContentUsageItem | undefined;
    if (usage?.backfilled) return false;
    const since = usage?.since;
    const past = since === undefined ? downloads : downloads.filter((download) => download.timestamp < since);
    const schools = new Set(past.flatMap((download) => (download.school ? [download.school] : [])));
    for (const school of schools) {
      await dynamoDocumentClient.send(
        new PutCommand({ TableName: tableName(), Item: contentUsageSchoolItem(contentId, school) }),
      );
    }
    const markers = await countSchoolMarkers(contentId);
    const unchanged = usage
      ? `attribute_not_exists(#backfilled) AND #schools = :before AND ${since === undefined ? 'attribute_not_exists(#since)' : '#since = :since'}`
      : 'attribute_not_exists(#pk)';
    try {
      await dynamoDocumentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: contentUsageKey(contentId),
          UpdateExpression:
            'SET #entityType = :entityType, #contentId = :contentId, #schools = :schools, #backfilled = :true ADD #downloads :past',
          ConditionExpression: unchanged,
          ExpressionAttributeNames: {
            '#entityType': 'entityType',
            '#contentId': 'contentId',
            '#schools': 'schools',
            '#backfilled': 'backfilled',
            '#downloads': 'downloads',
            ...(usage ? { '#since': 'since' } : { '#pk': TABLE.partitionKey }),
          },
          ExpressionAttributeValues: {
            ':entityType': ENTITY_TYPES.contentUsage,
            ':contentId': contentId,
            ':schools': markers,
            ':true': true,
            ':past': past.length,
            ...(usage ? { ':before': usage.schools ?? 0 } : {}),
            ...(usage && since !== undefined ? { ':since': since } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= ITEM_ATTEMPTS) throw error;
    }
  }
}

/**
 * Runs the backfill unless it has finished before (see the module's comment): reads
 * every raw download event (the months with a `total` counter), completes each item's
 * usage, then writes the DONE item. Answers what it did.
 * @throws Error of DynamoDB; the next run resumes.
 */
export async function backfillContentUsage(now: Date = new Date()): Promise<ContentUsageBackfillReport> {
  const done = await dynamoDocumentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: contentUsageBackfillKey(),
      ProjectionExpression: '#pk',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
    }),
  );
  if (done.Item) return { ran: false, events: 0, items: 0 };
  const byContent = new Map<string, PastDownload[]>();
  let events = 0;
  for (const month of await monthsWithDownloads()) events += await readMonth(month, byContent);
  let items = 0;
  for (const [contentId, downloads] of byContent) {
    if (await backfillItem(contentId, downloads)) items += 1;
  }
  await dynamoDocumentClient.send(
    new PutCommand({ TableName: tableName(), Item: { ...contentUsageBackfillDoneItem(now), events, items } }),
  );
  return { ran: true, events, items };
}
