import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import {
  type CounterIncrement,
  counterIncrements,
  type DistinctUserIncrement,
  DOWNLOAD_STATISTIC_CATEGORY,
  type DownloadFacts,
  distinctUserIncrements,
  PREVIEW_STATISTIC_CATEGORY,
  type StatisticCategory,
  TOTAL_VALUE,
} from '../domain/download-statistics.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import type { TransactWriteItem } from './catalog.ts';
import {
  type ContentUsageItem,
  type ContentUsageSchoolItem,
  ContentUsageTally,
  contentUsageMarkerKeys,
  contentUsageSteps,
} from './content-usage.ts';
import { batchGetItems, tableName } from './dynamo.ts';
import {
  downloadHistoryKey,
  ENTITY_TYPES,
  statisticBucketId,
  statisticCounterKey,
  statisticCounterPartition,
  statisticEventKey,
  statisticUserMarkerKey,
  type TableKey,
} from './keys.ts';

/**
 * Download events and their statistics (spec §3 "Raw download data point",
 * "Statistic bucket"; ARCHITECTURE.md "Statistics"; decision record 022; keys.ts
 * rows "raw download events of one month", "counters of one metric and time frame",
 * "has this user been counted in this period").
 *
 * One download is ONE TransactWriteItems: the raw event, every counter it increments
 * and the distinct-user markers, so the counters always equal the count of raw
 * events in their period and a user is counted once per period; and the all-time
 * usage of the item with its school marker (issue 26 item 4, data/content-usage.ts).
 */

/** A business unit as a download event records it (spec §3 "businessUnits": name, category, region). */
export interface DownloadBusinessUnit {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly region: string;
}

/** One download, fully resolved by the caller. `timestamp` is ISO 8601 UTC. */
export interface DownloadEvent {
  /** The event's id (a new entity id). */
  readonly id: string;
  readonly timestamp: string;
  readonly user: { readonly id: string; readonly name: string; readonly email: string | null };
  /** The file (or bundle) downloaded, and the name it is saved as. */
  readonly file: { readonly id: string; readonly name: string };
  /**
   * The content item the file was downloaded from (a lesson artifact: the lesson's
   * content), with its tags; `id` null for a category bundle, whose `name` is the
   * category's bundle title.
   */
  readonly downloadedFrom: {
    readonly id: string | null;
    readonly name: string;
    readonly tags: readonly string[];
    /**
     * The item's last publish before the download (ISO; null when never published or
     * for a category bundle): the version the user's download history names (issue 26
     * item 1). Absent on events that predate it and on the seeded history.
     */
    readonly publishedTimestamp?: string | null;
  };
  /** The top-most ancestor of `downloadedFrom` (itself when top-level); null for a category bundle. */
  readonly topMostContent: { readonly id: string; readonly name: string } | null;
  /** The user's business unit; null when the user has none. */
  readonly businessUnit: DownloadBusinessUnit | null;
  /** True for a generated (synthetic) download of the seeded history (seed/download-history.ts). */
  readonly synthetic?: boolean;
}

/**
 * The stored raw event (spec §3 "Raw download data point"), pk
 * `STAT_EVENTS#contentfiledownload#<YYYY-MM>`, sk `<timestamp>#<id>`. Besides the
 * spec's `id`, `timestamp` and `metadata`, it carries `userId`, `contentId` and
 * `topMostContentId` (null for a category bundle) for later queries.
 */
export interface DownloadEventItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.downloadEvent;
  readonly id: string;
  readonly timestamp: string;
  readonly userId: string;
  readonly contentId: string | null;
  readonly topMostContentId: string | null;
  readonly metadata: {
    readonly userName: string;
    readonly userEmail: string | null;
    readonly fileName: string;
    readonly fileId: string;
    readonly downloadedFrom: { readonly contentName: string; readonly tags: readonly string[] };
    readonly topMostContent: { readonly contentName: string } | null;
    /** Keyed by business unit id; empty without a business unit. */
    readonly businessUnits: Readonly<
      Record<string, { readonly name: string; readonly category: string; readonly region: string }>
    >;
  };
  /** Present (true) only on a generated event of the seeded history. */
  readonly synthetic?: true;
}

/**
 * A stored counter (spec §3 "Statistic bucket"), pk
 * `STAT#contentfiledownload#<metric>#<timeFrame>`, sk `<period>#<subject>`: `id` the
 * bucket id `contentfiledownload#<metric>#<subject>#<timeFrame>#<period>`, `label`
 * what people read, `value` the count.
 */
export interface StatisticCounterItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.statisticCounter;
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly category: string;
  readonly metric: string;
  readonly timeFrame: string;
  readonly period: string;
  /** What is counted: `all`, a business unit id, a category, a region, a content id, a file id. */
  readonly subject: string;
  /**
   * `businessUnit` counters only: the unit's category (`K12`, `college`, `university`,
   * `government`, or `unknown` without a unit), so the top units of one category are
   * read from one metric.
   */
  readonly group?: string;
}

/**
 * A stored distinct-user marker, pk
 * `STAT_USER#contentfiledownload#<timeFrame>#<period>#<userId>`, sk `SEEN`: the user
 * is counted in the `users` counter of that period. `expiresAt` (the table's TTL
 * attribute, epoch seconds) is the period's end plus a day.
 */
export interface StatisticUserMarkerItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.statisticUserMarker;
  readonly userId: string;
  readonly timeFrame: string;
  readonly period: string;
  readonly expiresAt: number;
}

/** Attempts of one download's transaction before it gives up (a marker raced, or a transaction conflict). */
export const RECORD_DOWNLOAD_ATTEMPTS = 5;

/** 503 message when a download could not be recorded after {@link RECORD_DOWNLOAD_ATTEMPTS}. */
export const DOWNLOAD_BUSY_MESSAGE = 'Downloads are busy right now. Try again in a moment.';

/**
 * The stored raw event of a download (of a preview with `category`
 * {@link PREVIEW_STATISTIC_CATEGORY}: the same shape in its own partitions, issue 24 item 1).
 */
export function downloadEventItem(
  event: DownloadEvent,
  category: StatisticCategory = DOWNLOAD_STATISTIC_CATEGORY,
): DownloadEventItem {
  const unit = event.businessUnit;
  return {
    ...statisticEventKey(category, event.timestamp, event.id),
    entityType: ENTITY_TYPES.downloadEvent,
    id: event.id,
    timestamp: event.timestamp,
    userId: event.user.id,
    contentId: event.downloadedFrom.id,
    topMostContentId: event.topMostContent?.id ?? null,
    metadata: {
      userName: event.user.name,
      userEmail: event.user.email,
      fileName: event.file.name,
      fileId: event.file.id,
      downloadedFrom: { contentName: event.downloadedFrom.name, tags: [...event.downloadedFrom.tags] },
      topMostContent: event.topMostContent ? { contentName: event.topMostContent.name } : null,
      businessUnits: unit ? { [unit.id]: { name: unit.name, category: unit.category, region: unit.region } } : {},
    },
    ...(event.synthetic ? { synthetic: true as const } : {}),
  };
}

function factsOf(event: DownloadEvent): DownloadFacts {
  return {
    fileId: event.file.id,
    fileName: event.file.name,
    content: event.downloadedFrom.id ? { id: event.downloadedFrom.id, name: event.downloadedFrom.name } : null,
    businessUnit: event.businessUnit,
  };
}

/**
 * The stored counter of one bucket (spec §3 "Statistic bucket") holding `count`:
 * its key, bucket id, label, parts and, for `businessUnit`, the unit's `group`
 * (the copy of an `inGroupPartition` increment is keyed in its group's partition,
 * with the same bucket id). {@link recordDownload} writes this shape with `ADD value 1`; a bulk writer of a
 * generated history writes it with the final count.
 */
export function statisticCounterItem(
  increment: CounterIncrement,
  count: number,
  category: StatisticCategory = DOWNLOAD_STATISTIC_CATEGORY,
): StatisticCounterItem {
  const { metric, timeFrame, period, value } = increment;
  const partitionGroup = increment.inGroupPartition ? increment.group : undefined;
  return {
    ...statisticCounterKey(category, metric, timeFrame, period, value, partitionGroup),
    entityType: ENTITY_TYPES.statisticCounter,
    id: statisticBucketId(category, metric, timeFrame, period, value),
    label: increment.label,
    value: count,
    category,
    metric,
    timeFrame,
    period,
    subject: value,
    ...(increment.group === undefined ? {} : { group: increment.group }),
  };
}

/** The marker saying `userId` is counted in the period of one distinct-user increment (TTL: the increment's). */
export function statisticUserMarkerItem(
  userId: string,
  increment: DistinctUserIncrement,
  category: StatisticCategory = DOWNLOAD_STATISTIC_CATEGORY,
): StatisticUserMarkerItem {
  return {
    ...markerKey(userId, increment, category),
    entityType: ENTITY_TYPES.statisticUserMarker,
    userId,
    timeFrame: increment.timeFrame,
    period: increment.period,
    [TABLE.ttlAttribute]: increment.markerExpiresAt,
  } as StatisticUserMarkerItem;
}

/**
 * One download in its user's download history (issue 26 item 1; decision record 072;
 * keys.ts row "one user's downloads"): pk `DOWNLOAD_HISTORY#<userId>`, sk
 * `<timestamp>#<eventId>`, with the file, the content item (null id for a category
 * bundle) and the version downloaded, as they were at the download.
 */
export interface DownloadHistoryItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.downloadHistoryEntry;
  readonly id: string;
  readonly userId: string;
  readonly timestamp: string;
  readonly fileId: string;
  readonly fileName: string;
  readonly contentId: string | null;
  readonly contentName: string;
  readonly publishedTimestamp: string | null;
}

/** The {@link DownloadHistoryItem} of one download event. */
export function downloadHistoryItem(event: DownloadEvent): DownloadHistoryItem {
  return {
    ...downloadHistoryKey(event.user.id, event.timestamp, event.id),
    entityType: ENTITY_TYPES.downloadHistoryEntry,
    id: event.id,
    userId: event.user.id,
    timestamp: event.timestamp,
    fileId: event.file.id,
    fileName: event.file.name,
    contentId: event.downloadedFrom.id,
    contentName: event.downloadedFrom.name,
    publishedTimestamp: event.downloadedFrom.publishedTimestamp ?? null,
  };
}

/** `ADD value 1` on a counter, (re)setting every other attribute of {@link statisticCounterItem}. */
function counterUpdate(increment: CounterIncrement, category: StatisticCategory): TransactWriteItem {
  const { pk, sk, value: _count, ...attributes } = statisticCounterItem(increment, 1, category);
  const entries = Object.entries(attributes);
  return {
    Update: {
      TableName: tableName(),
      Key: { pk, sk },
      UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :a${i}`).join(', ')} ADD #value :one`,
      ExpressionAttributeNames: {
        ...Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
        '#value': 'value',
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([, attribute], i) => [`:a${i}`, attribute])),
        ':one': 1,
      },
    },
  };
}

/** The key of the user's marker of the period of one distinct-user increment. */
function markerKey(
  userId: string,
  increment: { timeFrame: string; period: string },
  category: StatisticCategory,
): TableKey {
  return statisticUserMarkerKey(category, increment.timeFrame, increment.period, userId);
}

/**
 * The transaction of one download, given which of the user's period markers exist:
 * the raw event (conditional on being new), every counter, and per time frame either
 * a new marker (conditional on still being absent) with the `users` counter, or a
 * check that the marker is still there.
 */
function downloadTransaction(
  event: DownloadEvent,
  seen: ReadonlySet<string>,
  category: StatisticCategory,
): TransactWriteItem[] {
  const timestamp = new Date(event.timestamp);
  const facts = factsOf(event);
  const steps: TransactWriteItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: downloadEventItem(event, category),
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
    },
    ...counterIncrements(facts, timestamp).map((increment) => counterUpdate(increment, category)),
  ];
  // The user's own history (issue 26 item 1): downloads only, never previews or the seeded history.
  if (category === DOWNLOAD_STATISTIC_CATEGORY && !event.synthetic)
    steps.push({ Put: { TableName: tableName(), Item: downloadHistoryItem(event) } });
  for (const increment of distinctUserIncrements(facts, timestamp)) {
    const key = markerKey(event.user.id, increment, category);
    if (seen.has(key.pk)) {
      steps.push({
        ConditionCheck: {
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      });
      continue;
    }
    steps.push(
      {
        Put: {
          TableName: tableName(),
          Item: statisticUserMarkerItem(event.user.id, increment, category),
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      counterUpdate(increment, category),
    );
  }
  steps.push(...contentUsageSteps(event, seen, category));
  return steps;
}

/**
 * The partition keys of the user's markers that exist now (BatchGetItem of the four
 * periods), and of the item's school marker (issue 26 item 4, data/content-usage.ts).
 */
async function existingMarkers(event: DownloadEvent, category: StatisticCategory): Promise<Set<string>> {
  const keys = distinctUserIncrements(factsOf(event), new Date(event.timestamp)).map((increment) =>
    markerKey(event.user.id, increment, category),
  );
  keys.push(...contentUsageMarkerKeys(event, category));
  const found = await batchGetItems<TableKey>(keys, [TABLE.partitionKey]);
  return new Set(found.map((item) => item.pk));
}

/**
 * Records one download: the raw event and every counter of spec §3 "Statistic
 * bucket" (`data/keys.ts`, `domain/download-statistics.ts`) in ONE
 * TransactWriteItems, after reading which distinct-user markers of the user exist.
 * When the transaction is cancelled because a marker changed meanwhile (a
 * concurrent download of the same user) or another transaction held a counter
 * (`TransactionConflict`), the markers are read again and it is retried, up to
 * {@link RECORD_DOWNLOAD_ATTEMPTS} times with jittered exponential backoff. With
 * `category` {@link PREVIEW_STATISTIC_CATEGORY} it records a preview instead, in its
 * own event partitions and counters, so download figures never include previews
 * (issue 24 item 1; decision record 058). An event
 * id that exists already is recorded once: the retry answers without writing.
 * @throws ServiceUnavailableError {@link DOWNLOAD_BUSY_MESSAGE} when every attempt
 *   collided; any other error of DynamoDB unchanged.
 */
export async function recordDownload(
  event: DownloadEvent,
  category: StatisticCategory = DOWNLOAD_STATISTIC_CATEGORY,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const steps = downloadTransaction(event, await existingMarkers(event, category), category);
    try {
      await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: steps }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      // The raw event's own condition: it is recorded already (a retried request), so are its counters.
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return;
      const retryable = reasons.some(
        (reason) => reason?.Code === 'ConditionalCheckFailed' || reason?.Code === 'TransactionConflict',
      );
      if (!retryable) throw error;
      if (attempt >= RECORD_DOWNLOAD_ATTEMPTS)
        throw new ServiceUnavailableError(DOWNLOAD_BUSY_MESSAGE, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 15 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

/**
 * The items of many downloads, aggregated in memory (the bulk path of a generated
 * history, seed/download-history.ts): {@link add} answers each raw event's item;
 * {@link counterItems} the final counters, exactly as {@link recordDownload} would
 * have left them after recording the same downloads one by one into a table without
 * statistics; {@link markerItems} the distinct-user markers. Memory grows with the
 * number of distinct counters and (user, period) pairs, not with the raw events.
 */
export class DownloadStatisticsAggregate {
  private readonly counters = new Map<string, { increment: CounterIncrement; count: number }>();
  private readonly markers = new Map<string, StatisticUserMarkerItem>();
  private readonly usage = new ContentUsageTally();
  private added = 0;

  /** Counts one download and answers its raw event item (not kept). */
  add(event: DownloadEvent): DownloadEventItem {
    const timestamp = new Date(event.timestamp);
    const facts = factsOf(event);
    for (const increment of counterIncrements(facts, timestamp)) this.count(increment);
    for (const increment of distinctUserIncrements(facts, timestamp)) {
      const marker = statisticUserMarkerItem(event.user.id, increment);
      if (this.markers.has(marker.pk)) continue;
      this.markers.set(marker.pk, marker);
      this.count(increment);
    }
    this.usage.add(event);
    this.added += 1;
    return downloadEventItem(event);
  }

  /** How many downloads were added. */
  get size(): number {
    return this.added;
  }

  /** Every counter with its final count. */
  counterItems(): StatisticCounterItem[] {
    return [...this.counters.values()].map(({ increment, count }) => statisticCounterItem(increment, count));
  }

  /**
   * The distinct-user markers whose TTL is after `now` (markers of ended periods
   * would only be removed by TTL: nothing can be counted in those periods again).
   */
  markerItems(now: Date): StatisticUserMarkerItem[] {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    return [...this.markers.values()].filter((marker) => marker.expiresAt > nowSeconds);
  }

  /**
   * The all-time usage items and school markers of the added downloads (issue 26
   * item 4, data/content-usage.ts), usage items with `backfilled: true`.
   */
  contentUsageItems(): (ContentUsageItem | ContentUsageSchoolItem)[] {
    return [...this.usage.usageItems(), ...this.usage.markerItems()];
  }

  private count(increment: CounterIncrement): void {
    const key = `${increment.metric}#${increment.timeFrame}#${increment.period}#${increment.value}#${increment.inGroupPartition ? 'group' : ''}`;
    const counter = this.counters.get(key);
    if (counter) counter.count += 1;
    else this.counters.set(key, { increment, count: 1 });
  }
}

/**
 * How many downloads the table has counted (the sum of the `total` counters of the
 * `year` time frame): 0 when it holds no download statistics. One Query.
 */
export async function countedDownloads(category: StatisticCategory = DOWNLOAD_STATISTIC_CATEGORY): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: {
          ':pk': statisticCounterPartition(category, 'total', 'year'),
        },
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of output.Items ?? []) {
      if (item.subject === TOTAL_VALUE) total += Number(item.value ?? 0);
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return total;
}

/**
 * All-time downloads per content item (decision record 052, "most downloaded"): the
 * `content` counters of the `year` time frame summed per content id, from one
 * paged Query of partition `STAT#contentfiledownload#content#year` (one row per
 * item and year with downloads, so the cost follows items × years, never the
 * number of downloads). Items never downloaded are absent.
 */
export async function contentDownloadTotals(): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#subject': 'subject', '#value': 'value' },
        ExpressionAttributeValues: {
          ':pk': statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, 'content', 'year'),
        },
        ProjectionExpression: '#subject, #value',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of output.Items ?? []) {
      if (typeof item.subject !== 'string') continue;
      totals.set(item.subject, (totals.get(item.subject) ?? 0) + Number(item.value ?? 0));
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return totals;
}
