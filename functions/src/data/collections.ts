import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { COLLECTION_LIMITS, type CollectionVisibility } from '#shared/contracts/collection';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import { batchGetItems, type Page, queryPage, tableName, transactWriteRetried } from './dynamo.ts';
import {
  CURATED_COLLECTIONS_PARTITION,
  collectionKey,
  collectionSettingsKey,
  curatedCollectionIndexKey,
  ENTITY_TYPES,
  ownerCollectionIndexKey,
  ownerCollectionsPartition,
} from './keys.ts';

/**
 * Collections in the table (issue 26 item 2; decision record 073; keys.ts section
 * "Collections"): one item per collection with its ordered entries; a create or a
 * delete is ONE transaction with the owner's count; a change replaces the item on the
 * condition that its version is still the one the owner read.
 */

/** One entry as stored: the item, the owner's note, and the item's name when it was added. */
export interface CollectionEntryRecord {
  readonly contentId: string;
  readonly note: string;
  readonly name: string;
}

/** A collection as stored (without keys). Timestamps are ISO 8601 UTC. */
export interface CollectionRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly ownerName: string;
  readonly name: string;
  readonly description: string;
  readonly visibility: CollectionVisibility;
  readonly entries: readonly CollectionEntryRecord[];
  readonly createdTimestamp: string;
  readonly modifiedTimestamp: string;
  readonly version: number;
}

/** The 409 of a create beyond {@link COLLECTION_LIMITS.perUser}. */
export const COLLECTIONS_FULL_MESSAGE = `You can keep at most ${COLLECTION_LIMITS.perUser} collections. Delete one first.`;
/** The 409 of a change to a collection changed since it was read. */
export const COLLECTION_CHANGED_MESSAGE = 'This collection was changed elsewhere. Reload it and try again.';
/** The 503 after every attempt collided. */
export const COLLECTIONS_BUSY_MESSAGE = 'Your collections are busy right now. Try again in a moment.';

const WRITE_ATTEMPTS = 4;
const INDEX_ATTRIBUTES = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] as const;

/** The stored item of a record: its key, its owner's-list key and, when curated, the curated-list key. */
function itemOf(record: CollectionRecord): Record<string, unknown> {
  return {
    ...collectionKey(record.id),
    entityType: ENTITY_TYPES.collection,
    ...record,
    entries: record.entries.map((entry) => ({ ...entry })),
    ...ownerCollectionIndexKey(record.ownerId, record.modifiedTimestamp, record.id),
    ...(record.visibility === 'curated' ? curatedCollectionIndexKey(record.modifiedTimestamp, record.id) : {}),
  };
}

/** The record of a stored item (keys and index keys dropped). */
function recordOf(item: Record<string, unknown>): CollectionRecord {
  const copy: Record<string, unknown> = { ...item };
  for (const name of ['pk', 'sk', 'entityType', ...INDEX_ATTRIBUTES]) delete copy[name];
  return copy as unknown as CollectionRecord;
}

/** A collection by id, or null (`consistent` for a read a change is computed from). */
export async function getCollectionRecord(
  id: string,
  options: { readonly consistent?: boolean } = {},
): Promise<CollectionRecord | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: collectionKey(id), ConsistentRead: options.consistent === true }),
  );
  return output.Item ? recordOf(output.Item) : null;
}

/**
 * Which of `ids` name a curated collection now (issue 26 item 2, the page builder's
 * collections widget; decision record 076): one BatchGetItem of the id and visibility
 * of each (at most 100 keys a request). Missing ones are simply not in the set.
 */
export async function curatedCollectionIds(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const items = await batchGetItems<{ id: string; visibility: CollectionVisibility }>(ids.map(collectionKey), [
    'id',
    'visibility',
  ]);
  return new Set(items.filter((item) => item.visibility === 'curated').map((item) => item.id));
}

/** The owner's count step: `ADD count <delta>`, bounded by the limit when adding. */
function countStep(ownerId: string, delta: 1 | -1) {
  return {
    Update: {
      TableName: tableName(),
      Key: collectionSettingsKey(ownerId),
      UpdateExpression: 'SET #entityType = :entityType ADD #count :delta',
      ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(#count) OR #count < :max' } : {}),
      ExpressionAttributeNames: { '#entityType': 'entityType', '#count': 'count' },
      ExpressionAttributeValues: {
        ':entityType': ENTITY_TYPES.collectionSettings,
        ':delta': delta,
        ...(delta > 0 ? { ':max': COLLECTION_LIMITS.perUser } : {}),
      },
    },
  };
}

/** Sends one transaction, retrying collisions; maps a failed condition at `index` to `conflict`. */
async function transact(
  items: Record<string, unknown>[],
  conflicts: readonly (string | null)[],
): Promise<'done' | 'missing'> {
  const answer = await transactWriteRetried(items as never, {
    attempts: WRITE_ATTEMPTS,
    busyMessage: COLLECTIONS_BUSY_MESSAGE,
    conditionFailed: (failed, cancellation) => {
      const message = conflicts[failed];
      if (message === null) return 'missing' as const;
      if (message !== undefined) throw new ConflictError(message, { cause: cancellation });
      return undefined;
    },
  });
  return answer ?? 'done';
}

/**
 * Stores a new collection: ONE transaction of the item (new only) and the owner's
 * count (`ADD 1` while below {@link COLLECTION_LIMITS.perUser}).
 * @throws ConflictError {@link COLLECTIONS_FULL_MESSAGE}; ServiceUnavailableError after repeated collisions.
 */
export async function createCollectionRecord(record: CollectionRecord): Promise<void> {
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: itemOf(record),
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      countStep(record.ownerId, 1),
    ],
    [COLLECTION_CHANGED_MESSAGE, COLLECTIONS_FULL_MESSAGE],
  );
}

/**
 * Replaces a collection with `next` (whose `version` is the one read plus 1) on the
 * condition that the stored version is still `next.version - 1`.
 * @throws ConflictError {@link COLLECTION_CHANGED_MESSAGE} when it changed or went meanwhile.
 */
export async function replaceCollectionRecord(next: CollectionRecord): Promise<void> {
  try {
    await dynamoDocumentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': next.version - 1 },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new ConflictError(COLLECTION_CHANGED_MESSAGE, { cause: error });
    }
    throw error;
  }
}

/**
 * Deletes a collection of `ownerId`: ONE transaction of the delete (only while it
 * exists) and `ADD -1` to the owner's count. Answers false when it was already gone.
 */
export async function deleteCollectionRecord(ownerId: string, id: string): Promise<boolean> {
  const outcome = await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: collectionKey(id),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      countStep(ownerId, -1),
    ],
    [null],
  );
  return outcome === 'done';
}

/**
 * One page of an owner's collections, most recently changed first (gsi1).
 * @throws ValidationError for a page token of another read.
 */
export async function listOwnerCollectionsPage(
  ownerId: string,
  options: { readonly limit: number; readonly pageToken?: string | undefined },
): Promise<Page<CollectionRecord>> {
  const page = await queryPage<Record<string, unknown>>({
    index: 'gsi1',
    partitions: [ownerCollectionsPartition(ownerId)],
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return { items: page.items.map(recordOf), nextPageToken: page.nextPageToken };
}

/**
 * One page of the curated collections, most recently changed first (gsi2, sparse).
 * @throws ValidationError for a page token of another read.
 */
export async function listCuratedCollectionsPage(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<CollectionRecord>> {
  const page = await queryPage<Record<string, unknown>>({
    index: 'gsi2',
    partitions: [CURATED_COLLECTIONS_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return { items: page.items.map(recordOf), nextPageToken: page.nextPageToken };
}

/** Every collection of an owner (at most {@link COLLECTION_LIMITS.perUser}), most recently changed first. */
export async function listAllOwnerCollections(ownerId: string): Promise<CollectionRecord[]> {
  const all: CollectionRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listOwnerCollectionsPage(ownerId, { limit: COLLECTION_LIMITS.perUser, pageToken });
    all.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return all;
}
