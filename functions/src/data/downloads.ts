import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import {
  type CounterIncrement,
  counterIncrements,
  DOWNLOAD_STATISTIC_CATEGORY,
  type DownloadFacts,
  distinctUserIncrements,
} from '../domain/download-statistics.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import type { TransactWriteItem } from './catalog.ts';
import { batchGetItems, tableName } from './dynamo.ts';
import {
  ENTITY_TYPES,
  statisticBucketId,
  statisticCounterKey,
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
 * events in their period and a user is counted once per period.
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
  readonly downloadedFrom: { readonly id: string | null; readonly name: string; readonly tags: readonly string[] };
  /** The top-most ancestor of `downloadedFrom` (itself when top-level); null for a category bundle. */
  readonly topMostContent: { readonly id: string; readonly name: string } | null;
  /** The user's business unit; null when the user has none. */
  readonly businessUnit: DownloadBusinessUnit | null;
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
}

/** Attempts of one download's transaction before it gives up (a marker raced, or a transaction conflict). */
export const RECORD_DOWNLOAD_ATTEMPTS = 5;

/** 503 message when a download could not be recorded after {@link RECORD_DOWNLOAD_ATTEMPTS}. */
export const DOWNLOAD_BUSY_MESSAGE = 'Downloads are busy right now. Try again in a moment.';

/** The stored raw event of a download. */
export function downloadEventItem(event: DownloadEvent): DownloadEventItem {
  const unit = event.businessUnit;
  return {
    ...statisticEventKey(DOWNLOAD_STATISTIC_CATEGORY, event.timestamp, event.id),
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
  };
}

function factsOf(event: DownloadEvent): DownloadFacts {
  return {
    fileId: event.file.id,
    fileName: event.file.name,
    topMostContent: event.topMostContent,
    businessUnit: event.businessUnit,
  };
}

/** `ADD value 1` on a counter, (re)setting its bucket id, label and parts. */
function counterUpdate(increment: CounterIncrement): TransactWriteItem {
  const { metric, timeFrame, period, value } = increment;
  return {
    Update: {
      TableName: tableName(),
      Key: statisticCounterKey(DOWNLOAD_STATISTIC_CATEGORY, metric, timeFrame, period, value),
      UpdateExpression:
        'SET #id = :id, #label = :label, #entityType = :entityType, #category = :category, #metric = :metric, #timeFrame = :timeFrame, #period = :period, #subject = :subject ADD #value :one',
      ExpressionAttributeNames: {
        '#id': 'id',
        '#label': 'label',
        '#entityType': 'entityType',
        '#category': 'category',
        '#metric': 'metric',
        '#timeFrame': 'timeFrame',
        '#period': 'period',
        '#subject': 'subject',
        '#value': 'value',
      },
      ExpressionAttributeValues: {
        ':id': statisticBucketId(DOWNLOAD_STATISTIC_CATEGORY, metric, timeFrame, period, value),
        ':label': increment.label,
        ':entityType': ENTITY_TYPES.statisticCounter,
        ':category': DOWNLOAD_STATISTIC_CATEGORY,
        ':metric': metric,
        ':timeFrame': timeFrame,
        ':period': period,
        ':subject': value,
        ':one': 1,
      },
    },
  };
}

/** The key of the user's marker of the period of one distinct-user increment. */
function markerKey(userId: string, increment: { timeFrame: string; period: string }): TableKey {
  return statisticUserMarkerKey(DOWNLOAD_STATISTIC_CATEGORY, increment.timeFrame, increment.period, userId);
}

/**
 * The transaction of one download, given which of the user's period markers exist:
 * the raw event (conditional on being new), every counter, and per time frame either
 * a new marker (conditional on still being absent) with the `users` counter, or a
 * check that the marker is still there.
 */
function downloadTransaction(event: DownloadEvent, seen: ReadonlySet<string>): TransactWriteItem[] {
  const timestamp = new Date(event.timestamp);
  const facts = factsOf(event);
  const steps: TransactWriteItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: downloadEventItem(event),
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
    },
    ...counterIncrements(facts, timestamp).map(counterUpdate),
  ];
  for (const increment of distinctUserIncrements(facts, timestamp)) {
    const key = markerKey(event.user.id, increment);
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
          Item: {
            ...key,
            entityType: ENTITY_TYPES.statisticUserMarker,
            userId: event.user.id,
            timeFrame: increment.timeFrame,
            period: increment.period,
            [TABLE.ttlAttribute]: increment.markerExpiresAt,
          },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      counterUpdate(increment),
    );
  }
  return steps;
}

/** The partition keys of the user's markers that exist now (BatchGetItem of the four periods). */
async function existingMarkers(event: DownloadEvent): Promise<Set<string>> {
  const keys = distinctUserIncrements(factsOf(event), new Date(event.timestamp)).map((increment) =>
    markerKey(event.user.id, increment),
  );
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
 * {@link RECORD_DOWNLOAD_ATTEMPTS} times with jittered exponential backoff. An event
 * id that exists already is recorded once: the retry answers without writing.
 * @throws ServiceUnavailableError {@link DOWNLOAD_BUSY_MESSAGE} when every attempt
 *   collided; any other error of DynamoDB unchanged.
 */
export async function recordDownload(event: DownloadEvent): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const steps = downloadTransaction(event, await existingMarkers(event));
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
