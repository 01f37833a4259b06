import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { IndexName } from '#shared/table';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { env } from '../lib/env.ts';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../lib/errors.ts';
import {
  decodePageToken,
  encodePageToken,
  INVALID_PAGE_TOKEN_MESSAGE,
  type PageKey,
  pageKeyOf,
} from '../lib/page-token.ts';
import { KEY_ATTRIBUTES, type TableKey } from './keys.ts';

/**
 * The few DynamoDB operations every access pattern is built from: paged Query,
 * batched reads and writes with retry of unprocessed keys, and conditional create.
 */

/** DynamoDB's limit of keys in one BatchGetItem. */
export const BATCH_GET_MAX = 100;
/** DynamoDB's limit of requests in one BatchWriteItem. */
export const BATCH_WRITE_MAX = 25;
/** Rounds of retrying unprocessed keys before giving up (throttling). */
const BATCH_ATTEMPTS = 6;

/** A page of items (spec §7: `nextPageToken` null on the last page). */
export interface Page<T> {
  readonly items: T[];
  readonly nextPageToken: string | null;
}

/** The name of the physical table (from the environment, checked once). */
export function tableName(): string {
  return env().tableName;
}

/** A condition on the sort key of a Query, e.g. `#sk >= :from`. */
export interface SortKeyCondition {
  readonly expression: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
}

/** A FilterExpression applied after the key condition. */
export interface QueryFilter {
  readonly expression: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
}

/** One paged read of an index, possibly across several partitions read one after the other. */
export interface PagedQuery {
  readonly index: 'table' | IndexName;
  /** Partition values to read, in order; a token resumes in the partition it names. */
  readonly partitions: readonly string[];
  readonly sortKey?: SortKeyCondition;
  readonly filter?: QueryFilter;
  /** Items wanted on this page (1…). */
  readonly limit: number;
  readonly pageToken?: string | undefined;
  /** false reads the sort key backwards (newest first). Default true. */
  readonly forward?: boolean;
  /**
   * A filtered read only: items DynamoDB reads per Query (its `Limit`, before the
   * filter) when more than `limit`, so a rare match costs fewer round trips. Default `limit`.
   */
  readonly readLimit?: number;
}

/**
 * Reads one page: Query after Query until `limit` items are collected or the last
 * partition has no more (LastEvaluatedKey absent). The token of the next page resumes
 * exactly after the last item returned: DynamoDB's LastEvaluatedKey when the page
 * ends where DynamoDB's did, the key of that last item when the page stops inside a
 * DynamoDB page (a filtered read asks for whole pages and may collect more than it
 * needs). A read without filter is one Query in the normal case.
 * A page also ends where DynamoDB ended one of its own pages at its 1 MB cap (fewer
 * items scanned than asked for), so an API response stays near 1 MB whatever the
 * item sizes: 300 items of the spec's 100,000-character HTML would otherwise exceed
 * Lambda's 6 MB response limit. Callers page on by `nextPageToken` as always.
 * @throws ValidationError for a page token that does not belong to this read.
 */
export async function queryPage<T>(query: PagedQuery): Promise<Page<T>> {
  const keyAttributes = KEY_ATTRIBUTES[query.index];
  const partitionKey = query.index === 'table' ? TABLE.partitionKey : TABLE.indexes[query.index].partitionKey;
  const start = decodePageToken(query.pageToken, { keyAttributes, partitionKey, partitions: query.partitions });
  let partitionIndex = start ? query.partitions.indexOf(start[partitionKey] ?? '') : 0;
  let exclusiveStartKey: PageKey | undefined = start;
  const items: T[] = [];

  while (partitionIndex < query.partitions.length) {
    const remaining = query.limit - items.length;
    const names: Record<string, string> = { '#pk': partitionKey, ...query.sortKey?.names, ...query.filter?.names };
    const values: Record<string, unknown> = {
      ':pk': query.partitions[partitionIndex],
      ...query.sortKey?.values,
      ...query.filter?.values,
    };
    const input: QueryCommandInput = {
      TableName: tableName(),
      KeyConditionExpression: query.sortKey ? `#pk = :pk AND ${query.sortKey.expression}` : '#pk = :pk',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: query.forward ?? true,
      // A filter drops items after Limit is applied, so a filtered read asks for a whole page each round.
      Limit: query.filter ? Math.max(query.limit, query.readLimit ?? 0) : remaining,
      ...(query.index === 'table' ? {} : { IndexName: TABLE.indexes[query.index].indexName }),
      ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
      ...(exclusiveStartKey ? { ExclusiveStartKey: exclusiveStartKey } : {}),
    };
    const output = await sendQuery(input, exclusiveStartKey !== undefined && exclusiveStartKey === start);
    const returned = (output.Items ?? []) as Record<string, unknown>[];
    const lastEvaluatedKey = output.LastEvaluatedKey as PageKey | undefined;

    if (returned.length >= remaining) {
      const taken = returned.slice(0, remaining);
      items.push(...(taken as T[]));
      const cutInside = returned.length > remaining;
      const morePartitions = partitionIndex < query.partitions.length - 1;
      const last = taken.at(-1);
      if (cutInside && last) return { items, nextPageToken: encodePageToken(pageKeyOf(last, keyAttributes)) };
      if (lastEvaluatedKey) return { items, nextPageToken: encodePageToken(lastEvaluatedKey) };
      if (morePartitions && last) {
        return { items, nextPageToken: encodePageToken(pageKeyOf(last, keyAttributes)) };
      }
      return { items, nextPageToken: null };
    }

    items.push(...(returned as T[]));
    const cutAtSizeCap = lastEvaluatedKey !== undefined && (output.ScannedCount ?? 0) < (input.Limit ?? 0);
    if (cutAtSizeCap && lastEvaluatedKey && items.length > 0) {
      return { items, nextPageToken: encodePageToken(lastEvaluatedKey) };
    }
    if (lastEvaluatedKey) {
      exclusiveStartKey = lastEvaluatedKey;
    } else {
      partitionIndex += 1;
      exclusiveStartKey = undefined;
    }
  }
  return { items, nextPageToken: null };
}

/**
 * One Query. DynamoDB rejects a start key outside the key condition (a token of a
 * "new or updated" page resumed without the cut-off, or the reverse) with a
 * ValidationException; when the start key came from the caller's token, that is the
 * caller's 400, not our 500.
 */
async function sendQuery(input: QueryCommandInput, startsFromToken: boolean): Promise<QueryCommandOutput> {
  try {
    return await dynamoDocumentClient.send(new QueryCommand(input));
  } catch (error) {
    if (startsFromToken && error instanceof Error && error.name === 'ValidationException') {
      throw new ValidationError([{ path: 'query.pageToken', message: INVALID_PAGE_TOKEN_MESSAGE }], undefined, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Every item of one table partition whose sort key begins with `sortKeyPrefix` (all of
 * it without one), in sort-key order: Query after Query until DynamoDB's last page. For
 * partitions bounded by a rule (a user's saved items, reviews, collections), never for
 * a growing list a screen pages through. `attributes`, when given, is the projection.
 */
export async function queryPartition<T>(
  partition: string,
  options: { readonly sortKeyPrefix?: string; readonly attributes?: readonly string[] } = {},
): Promise<T[]> {
  const names: Record<string, string> = { '#pk': TABLE.partitionKey };
  const values: Record<string, unknown> = { ':pk': partition };
  let condition = '#pk = :pk';
  if (options.sortKeyPrefix !== undefined) {
    names['#sk'] = TABLE.sortKey;
    values[':prefix'] = options.sortKeyPrefix;
    condition += ' AND begins_with(#sk, :prefix)';
  }
  options.attributes?.forEach((name, i) => {
    names[`#a${i}`] = name;
  });
  const projection = options.attributes
    ? { ProjectionExpression: options.attributes.map((_, i) => `#a${i}`).join(', ') }
    : {};
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ...projection,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as T[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Reads items by key with BatchGetItem (100 keys a request), retrying unprocessed
 * keys with backoff. Duplicate keys are read once. Order of the result is undefined;
 * missing items are simply absent. `attributes`, when given, limits what is read to
 * those attribute names (a projection).
 * @throws Error when keys stay unprocessed after several rounds.
 */
export async function batchGetItems<T>(keys: readonly TableKey[], attributes?: readonly string[]): Promise<T[]> {
  const projection = attributes
    ? {
        ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
      }
    : {};
  const unique = [...new Map(keys.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  const found: T[] = [];
  for (let offset = 0; offset < unique.length; offset += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = unique
      .slice(offset, offset + BATCH_GET_MAX)
      .map((key) => ({ pk: key.pk, sk: key.sk }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= BATCH_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed.`);
      if (attempt > 0) await backoff(attempt);
      const output: BatchGetCommandOutput = await dynamoDocumentClient.send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projection } } }),
      );
      found.push(...((output.Responses?.[tableName()] ?? []) as T[]));
      pending = output.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return found;
}

/**
 * Writes items with BatchWriteItem (25 a request), retrying unprocessed items with
 * backoff. A batch put carries no condition: callers use it only for items they have
 * just checked to be absent and whose content is fully determined by their key
 * (reference data), so a concurrent writer would write the same item.
 * @throws Error when items stay unprocessed after several rounds.
 */
export async function batchPutItems(items: readonly Record<string, unknown>[]): Promise<void> {
  for (let offset = 0; offset < items.length; offset += BATCH_WRITE_MAX) {
    let pending = items.slice(offset, offset + BATCH_WRITE_MAX).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= BATCH_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed.`);
      if (attempt > 0) await backoff(attempt);
      const output = await dynamoDocumentClient.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
      );
      pending = (output.UnprocessedItems?.[tableName()] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
    }
  }
}

/**
 * The TransactWriteItems step that puts `item` only when no item has its key (the
 * condition every new item of a transaction carries): a transaction with one such
 * step for an existing key is cancelled whole.
 */
export function putNewItemStep(item: Record<string, unknown>): {
  Put: {
    TableName: string;
    Item: Record<string, unknown>;
    ConditionExpression: string;
    ExpressionAttributeNames: Record<string, string>;
  };
} {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...item },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
    },
  };
}

/** One step of a TransactWriteItems (Put, Update, Delete or ConditionCheck). */
type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Sends one TransactWriteItems of `steps`. When DynamoDB cancels it, `conflict` gets
 * the index of the first step whose condition failed (-1 when none did, e.g. a
 * conflict with a concurrent transaction) and the cancellation; the error it answers
 * is thrown (with the cancellation as its `cause`, by convention), and null rethrows
 * the cancellation. Any other error is rethrown as it is.
 */
export async function transactWrite(
  steps: readonly TransactWriteItem[],
  conflict: (failedIndex: number, cancellation: TransactionCanceledException) => Error | null,
): Promise<void> {
  try {
    await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: [...steps] }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const failed = (error.CancellationReasons ?? []).findIndex((reason) => reason?.Code === 'ConditionalCheckFailed');
      const mapped = conflict(failed, error);
      if (mapped) throw mapped;
    }
    throw error;
  }
}

/**
 * Sends one TransactWriteItems of `steps`, trying again (after a short jittered
 * backoff) while DynamoDB cancels it for a collision with a concurrent transaction on
 * the same items, at most `attempts` tries. When a step's condition failed,
 * `conditionFailed` gets the index of the first such step and the cancellation, and
 * answers the value to return (the write is over), `undefined` to try again (what it
 * read shows the write may now succeed), or throws (a 409, by convention with the
 * cancellation as `cause`). Answers null when the transaction was written. Used by the
 * per-user counted writes (the library, issue 26 item 1; collections, item 2).
 * @throws ServiceUnavailableError(`busyMessage`) after `attempts` cancelled tries; any
 *   other error of the SDK as it is.
 */
export async function transactWriteRetried<T>(
  steps: readonly TransactWriteItem[],
  {
    attempts,
    busyMessage,
    conditionFailed,
  }: {
    attempts: number;
    busyMessage: string;
    conditionFailed: (
      failedIndex: number,
      cancellation: TransactionCanceledException,
    ) => T | undefined | Promise<T | undefined>;
  },
): Promise<T | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: [...steps] }));
      return null;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const failed = (error.CancellationReasons ?? []).findIndex((reason) => reason?.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const answer = await conditionFailed(failed, error);
        if (answer !== undefined) return answer;
      }
      if (attempt >= attempts) throw new ServiceUnavailableError(busyMessage, { cause: error });
      await backoff(attempt);
    }
  }
}

/**
 * Creates one item, conditional on its key being absent.
 * @throws ConflictError(`conflictMessage`) when an item with that key exists.
 */
export async function createItem(item: Record<string, unknown>, conflictMessage: string): Promise<void> {
  try {
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ConflictError(conflictMessage, { cause: error });
    throw error;
  }
}

function backoff(attempt: number): Promise<void> {
  const ms = Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
