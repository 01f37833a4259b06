import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  SAVED_SEARCH_LIMIT_MESSAGE,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_NOT_FOUND_MESSAGE,
  type SavedSearchQuery,
} from '#shared/contracts/saved-search';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { TransactWriteItem } from './catalog.ts';
import { type Page, putNewItemStep, queryPage, tableName, transactWrite } from './dynamo.ts';
import {
  ENTITY_TYPES,
  SAVED_SEARCH_ALERTS_PARTITION,
  SAVED_SEARCH_PREFIX,
  savedSearchAlertIndexKey,
  savedSearchesPartition,
  savedSearchKey,
  savedSearchSettingsKey,
  type TableKey,
} from './keys.ts';
import type { OutboxItem } from './messages.ts';

/**
 * Access patterns of saved searches (keys.ts rows "one user's saved searches" and
 * "every saved search with alerts on"; issue 24 item 8; decision record 061).
 */

/**
 * A saved search as stored: whose, its name, the search (`SavedSearchQuery`), whether
 * the weekly digest covers it, and the points new items are counted from (ISO).
 */
export interface SavedSearchRecord {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly query: SavedSearchQuery;
  readonly alerts: boolean;
  readonly createdTimestamp: string;
  readonly seenTimestamp: string;
  readonly digestTimestamp: string;
  readonly version: number;
}

/** A stored {@link SavedSearchRecord}; on the alerts index (gsi1) while `alerts` is on. */
export type SavedSearchItem = SavedSearchRecord &
  TableKey & { readonly entityType: string; readonly gsi1pk?: string; readonly gsi1sk?: string };

/** The settings item of a user's saved searches: how many, the unsubscribe secret, the ISO week of the last digest. */
export interface SavedSearchSettings {
  readonly userId: string;
  readonly count: number;
  readonly unsubscribeSecret: string;
  readonly digestWeek?: string;
}

function recordOf(item: SavedSearchItem): SavedSearchRecord {
  return {
    id: item.id,
    userId: item.userId,
    name: item.name,
    query: item.query,
    alerts: item.alerts,
    createdTimestamp: item.createdTimestamp,
    seenTimestamp: item.seenTimestamp,
    digestTimestamp: item.digestTimestamp,
    version: item.version,
  };
}

/** Every saved search of `userId` (one Query of the user's partition, all pages), newest first. */
export async function listSavedSearchesOf(userId: string): Promise<SavedSearchRecord[]> {
  const items: SavedSearchItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': savedSearchesPartition(userId), ':prefix': SAVED_SEARCH_PREFIX },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as SavedSearchItem[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items
    .map(recordOf)
    .sort((a, b) => b.createdTimestamp.localeCompare(a.createdTimestamp) || b.id.localeCompare(a.id));
}

/** One saved search of `userId`, or null (another user's is never found: the key names the owner). */
export async function getSavedSearch(userId: string, id: string): Promise<SavedSearchRecord | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: savedSearchKey(userId, id), ConsistentRead: true }),
  );
  return output.Item ? recordOf(output.Item as SavedSearchItem) : null;
}

/** The settings item of `userId`'s saved searches, or null before the first save. */
export async function getSavedSearchSettings(userId: string): Promise<SavedSearchSettings | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: savedSearchSettingsKey(userId), ConsistentRead: true }),
  );
  return (output.Item as SavedSearchSettings | undefined) ?? null;
}

function itemOf(record: SavedSearchRecord): SavedSearchItem {
  return {
    ...record,
    ...savedSearchKey(record.userId, record.id),
    entityType: ENTITY_TYPES.savedSearch,
    ...(record.alerts ? savedSearchAlertIndexKey(record.userId, record.id) : {}),
  };
}

/**
 * Stores a new saved search in one transaction with its user's settings item, whose
 * count goes up by one on the condition that it is below `SAVED_SEARCH_LIMITS.perUser`
 * (so two concurrent saves cannot pass the bound); the first save also stores the
 * user's unsubscribe secret `secret`.
 * @throws ConflictError (409, {@link SAVED_SEARCH_LIMIT_MESSAGE}) when the user has 20 already.
 */
export async function createSavedSearch(record: SavedSearchRecord, secret: string): Promise<void> {
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: savedSearchSettingsKey(record.userId),
          UpdateExpression:
            'SET #count = if_not_exists(#count, :zero) + :one, unsubscribeSecret = if_not_exists(unsubscribeSecret, :secret), userId = :userId, entityType = :type, #version = if_not_exists(#version, :zero) + :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count', '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':max': SAVED_SEARCH_LIMITS.perUser,
            ':secret': secret,
            ':userId': record.userId,
            ':type': ENTITY_TYPES.savedSearchSettings,
          },
        },
      },
      putNewItemStep({ ...itemOf(record) }),
    ],
    (failed, cancellation) =>
      failed === 0 ? new ConflictError(SAVED_SEARCH_LIMIT_MESSAGE, { cause: cancellation }) : null,
  );
}

/** What an update of a saved search changes: its name, its alerts, its seen point (ISO). */
export interface SavedSearchChanges {
  readonly name?: string | undefined;
  readonly alerts?: boolean | undefined;
  readonly seenTimestamp?: string | undefined;
}

/**
 * Changes one saved search of `userId` (one conditional UpdateItem): turning alerts on
 * puts it on the alerts index, off takes it off. A seen point only moves forward.
 * @returns the stored record after the change.
 * @throws NotFoundError when the user has no such saved search.
 */
export async function updateSavedSearch(
  userId: string,
  id: string,
  changes: SavedSearchChanges,
): Promise<SavedSearchRecord> {
  const sets = ['#version = #version + :one'];
  const removes: string[] = [];
  const names: Record<string, string> = { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute };
  const values: Record<string, unknown> = { ':one': 1 };
  if (changes.name !== undefined) {
    sets.push('#name = :name');
    names['#name'] = 'name';
    values[':name'] = changes.name;
  }
  if (changes.alerts !== undefined) {
    sets.push('alerts = :alerts');
    values[':alerts'] = changes.alerts;
    if (changes.alerts) {
      const index = savedSearchAlertIndexKey(userId, id);
      sets.push('gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
      values[':gsi1pk'] = index.gsi1pk;
      values[':gsi1sk'] = index.gsi1sk;
    } else {
      removes.push('gsi1pk', 'gsi1sk');
    }
  }
  let condition = 'attribute_exists(#pk)';
  if (changes.seenTimestamp !== undefined) {
    sets.push('seenTimestamp = :seen');
    values[':seen'] = changes.seenTimestamp;
    condition += ' AND seenTimestamp <= :seen';
  }
  try {
    const output = await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: savedSearchKey(userId, id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf(output.Attributes as SavedSearchItem);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // A seen point that would move backwards is no change: answer what is stored.
    const stored = await getSavedSearch(userId, id);
    if (stored && changes.seenTimestamp !== undefined) return stored;
    throw new NotFoundError(SAVED_SEARCH_NOT_FOUND_MESSAGE, { cause: error });
  }
}

/**
 * Deletes one saved search of `userId`, in one transaction with the count of the
 * user's settings item going down by one.
 * @returns the deleted record.
 * @throws NotFoundError when the user has no such saved search.
 */
export async function deleteSavedSearch(userId: string, id: string): Promise<SavedSearchRecord> {
  const stored = await getSavedSearch(userId, id);
  if (!stored) throw new NotFoundError(SAVED_SEARCH_NOT_FOUND_MESSAGE);
  await transactWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: savedSearchKey(userId, id),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: savedSearchSettingsKey(userId),
          UpdateExpression: 'SET #count = #count - :one, #version = #version + :one',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count', '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
    (failed, cancellation) =>
      failed === 0 ? new NotFoundError(SAVED_SEARCH_NOT_FOUND_MESSAGE, { cause: cancellation }) : null,
  );
  return stored;
}

/**
 * One page of the saved searches whose alerts are on, ordered by user then id (gsi1
 * `SAVED_SEARCH_ALERTS`, which projects the whole item): what the weekly digest reads.
 */
export async function listAlertingSavedSearches(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<SavedSearchRecord>> {
  const page = await queryPage<SavedSearchItem>({
    index: 'gsi1',
    partitions: [SAVED_SEARCH_ALERTS_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
  return { items: page.items.map(recordOf), nextPageToken: page.nextPageToken };
}

/** How a digest moves one saved search's point: from what the digest read to the newest item it mailed (ISO). */
export interface DigestAdvance {
  readonly id: string;
  readonly from: string;
  readonly to: string;
}

/**
 * Records one user's digest in ONE transaction: the week on the settings item (on the
 * condition that no digest of that week was recorded), each saved search's digest
 * point moved (on the condition that it is still where the digest read it), and the
 * outbox message of the e-mail. So a digest run twice, or two runs at once, write one
 * e-mail per user and week, never two.
 * @returns false when the transaction was refused by a condition (already sent this
 *   week, or a search changed meanwhile): nothing was written.
 */
export async function recordSavedSearchDigest(
  userId: string,
  week: string,
  advances: readonly DigestAdvance[],
  outbox: OutboxItem,
): Promise<boolean> {
  const steps: TransactWriteItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: savedSearchSettingsKey(userId),
        UpdateExpression: 'SET digestWeek = :week, #version = #version + :one',
        ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(digestWeek) OR digestWeek <> :week)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
        ExpressionAttributeValues: { ':week': week, ':one': 1 },
      },
    },
    ...advances.map(
      (advance): TransactWriteItem => ({
        Update: {
          TableName: tableName(),
          Key: savedSearchKey(userId, advance.id),
          UpdateExpression: 'SET digestTimestamp = :to, #version = #version + :one',
          ConditionExpression: 'attribute_exists(#pk) AND digestTimestamp = :from',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':to': advance.to, ':from': advance.from, ':one': 1 },
        },
      }),
    ),
    putNewItemStep({ ...outbox }),
  ];
  try {
    await transactWrite(steps, (failed) => (failed >= 0 ? new DigestRefusedError() : null));
    return true;
  } catch (error) {
    if (error instanceof DigestRefusedError) return false;
    throw error;
  }
}

class DigestRefusedError extends Error {
  override readonly name = 'DigestRefusedError';
}

/**
 * Turns the alerts of every saved search of `userId` off (the digest's unsubscribe):
 * one conditional UpdateItem per search whose alerts are on.
 * @returns how many were turned off (0 when none was on).
 */
export async function turnOffSavedSearchAlerts(userId: string): Promise<number> {
  let turnedOff = 0;
  for (const search of await listSavedSearchesOf(userId)) {
    if (!search.alerts) continue;
    try {
      await dynamoDocumentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: savedSearchKey(userId, search.id),
          UpdateExpression: 'SET alerts = :off, #version = #version + :one REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(#pk) AND alerts = :on',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':off': false, ':on': true, ':one': 1 },
        }),
      );
      turnedOff += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return turnedOff;
}
