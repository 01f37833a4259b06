import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { LIBRARY_FULL_MESSAGE, LIBRARY_LIMITS } from '#shared/contracts/library';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import type { DownloadHistoryItem } from './downloads.ts';
import { type Page, queryPage, queryPartition, tableName, transactWriteRetried } from './dynamo.ts';
import {
  downloadHistoryPartition,
  ENTITY_TYPES,
  libraryPartition,
  librarySettingsKey,
  SAVED_CONTENT_PREFIX,
  savedContentIndexKey,
  savedContentKey,
  type TableKey,
} from './keys.ts';

/**
 * Access patterns of My library (issue 26 item 1; decision record 072; keys.ts rows
 * "is this item saved by this user", "one user's saved items", "one user's downloads").
 * Every function takes the user's id and reaches that user's partitions only.
 */

/** A saved item as stored: whose, which item, when, and the item's name at that time. */
export interface SavedContentRecord {
  readonly userId: string;
  readonly contentId: string;
  readonly savedTimestamp: string;
  readonly contentName: string;
}

type SavedContentItem = SavedContentRecord & TableKey & { readonly entityType: string };

/** Attempts of a save or removal that collided with another write of the same library. */
const LIBRARY_WRITE_ATTEMPTS = 4;

/** The 503 after every attempt collided (two saves of one user at the very same moment, repeatedly). */
export const LIBRARY_BUSY_MESSAGE = 'Your library is busy right now. Try again in a moment.';

function recordOf(item: SavedContentItem): SavedContentRecord {
  return {
    userId: item.userId,
    contentId: item.contentId,
    savedTimestamp: item.savedTimestamp,
    contentName: item.contentName,
  };
}

/** The saved item of `contentId` in `userId`'s library, or null (a consistent GetItem). */
export async function getSavedContent(userId: string, contentId: string): Promise<SavedContentRecord | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: savedContentKey(userId, contentId), ConsistentRead: true }),
  );
  return output.Item ? recordOf(output.Item as SavedContentItem) : null;
}

/**
 * Saves an item in a user's library: ONE TransactWriteItems of the saved item (new
 * only) and the library's count (`ADD 1` while below {@link LIBRARY_LIMITS.savedPerUser}).
 * Saving an item already saved changes nothing and answers the existing record, so a
 * save is idempotent and keeps its first time.
 * @throws ConflictError {@link LIBRARY_FULL_MESSAGE} when the library is full.
 * @throws ServiceUnavailableError after {@link LIBRARY_WRITE_ATTEMPTS} collisions.
 */
export async function saveContentFor(
  record: SavedContentRecord,
): Promise<{ readonly record: SavedContentRecord; readonly created: boolean }> {
  const item: SavedContentItem = {
    ...record,
    ...savedContentKey(record.userId, record.contentId),
    ...savedContentIndexKey(record.userId, record.savedTimestamp, record.contentId),
    entityType: ENTITY_TYPES.savedContent,
  };
  const existing = await transactWriteRetried(
    [
      {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: librarySettingsKey(record.userId),
          UpdateExpression: 'SET #entityType = :entityType, #userId = :userId ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#entityType': 'entityType', '#userId': 'userId', '#count': 'count' },
          ExpressionAttributeValues: {
            ':entityType': ENTITY_TYPES.librarySettings,
            ':userId': record.userId,
            ':one': 1,
            ':max': LIBRARY_LIMITS.savedPerUser,
          },
        },
      },
    ],
    {
      attempts: LIBRARY_WRITE_ATTEMPTS,
      busyMessage: LIBRARY_BUSY_MESSAGE,
      conditionFailed: async (failed, cancellation) => {
        if (failed === 1) throw new ConflictError(LIBRARY_FULL_MESSAGE, { cause: cancellation });
        // Saved already; removed again between the write and the read: try once more.
        return (await getSavedContent(record.userId, record.contentId)) ?? undefined;
      },
    },
  );
  return existing ? { record: existing, created: false } : { record, created: true };
}

/**
 * Removes an item from a user's library: ONE TransactWriteItems deleting the saved
 * item (only when present) and `ADD -1` to the count. Removing an item that is not
 * saved changes nothing: answers false.
 * @throws ServiceUnavailableError after {@link LIBRARY_WRITE_ATTEMPTS} collisions.
 */
export async function removeSavedContentFor(userId: string, contentId: string): Promise<boolean> {
  const absent = await transactWriteRetried(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: savedContentKey(userId, contentId),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: librarySettingsKey(userId),
          UpdateExpression: 'ADD #count :minusOne',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ],
    { attempts: LIBRARY_WRITE_ATTEMPTS, busyMessage: LIBRARY_BUSY_MESSAGE, conditionFailed: () => 'absent' as const },
  );
  return absent === null;
}

/**
 * One page of a user's saved items, most recently saved first: one Query of gsi1
 * (the library's partition there holds the saved items only).
 * @throws ValidationError for a page token of another read.
 */
export async function listSavedContentPage(
  userId: string,
  options: { readonly limit: number; readonly pageToken?: string | undefined },
): Promise<Page<SavedContentRecord>> {
  const page = await queryPage<SavedContentItem>({
    index: 'gsi1',
    partitions: [libraryPartition(userId)],
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return { items: page.items.map(recordOf), nextPageToken: page.nextPageToken };
}

/**
 * The ids of every item a user saved (a Query of the library's partition projected on
 * `contentId`; at most {@link LIBRARY_LIMITS.savedPerUser}, one request in practice).
 */
export async function listSavedContentIds(userId: string): Promise<string[]> {
  const items = await queryPartition<{ contentId?: unknown }>(libraryPartition(userId), {
    sortKeyPrefix: SAVED_CONTENT_PREFIX,
    attributes: ['contentId'],
  });
  return items.flatMap((item) => (typeof item.contentId === 'string' ? [item.contentId] : []));
}

/**
 * One page of a user's downloads, newest first: one Query of the user's history partition.
 * @throws ValidationError for a page token of another read.
 */
export async function listDownloadHistoryPage(
  userId: string,
  options: { readonly limit: number; readonly pageToken?: string | undefined },
): Promise<Page<DownloadHistoryItem>> {
  return queryPage<DownloadHistoryItem>({
    index: 'table',
    partitions: [downloadHistoryPartition(userId)],
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
}
