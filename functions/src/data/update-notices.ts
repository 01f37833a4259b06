import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import type { TransactWriteItem } from './catalog.ts';
import { type Page, putNewItemStep, queryPage, tableName, transactWrite } from './dynamo.ts';
import {
  contentDownloaderKey,
  contentDownloadersPartition,
  ENTITY_TYPES,
  pendingUpdateNoticeIndexKey,
  UPDATE_NOTICE_ENTRIES_PARTITION,
  UPDATE_NOTICES_PENDING_PARTITION,
  updateNoticeEntryIndexKey,
  updateNoticeEntryKey,
  updateNoticeKey,
  updateNoticeSettingsKey,
  userKey,
  userMessageKey,
} from './keys.ts';
import type { OutboxItem } from './messages.ts';

/**
 * Access patterns of update notices (keys.ts section "Update notices"; issue 25 item 5;
 * decision record 066): who downloaded an item, the notices a publish queues, the
 * account-menu message and digest entry each downloader gets, each user's e-mail
 * settings, and the daily digest's write.
 */

/** Content items whose downloader records are written at once (one PutItem each). */
const DOWNLOADER_WRITES_IN_FLIGHT = 10;

/**
 * Records that `userId` downloaded something of each of `contentIds` at `timestamp`
 * (ISO): one idempotent PutItem per item of `DOWNLOADERS#<contentId>` / `USER#<userId>`
 * (a second download only moves `downloadedTimestamp`). Called right after the
 * download's statistics transaction and before the download URL is answered, so
 * everyone who got a URL is on record (decision record 066).
 */
export async function recordContentDownloaders(
  userId: string,
  contentIds: readonly string[],
  timestamp: string,
): Promise<void> {
  const unique = [...new Set(contentIds)];
  for (let start = 0; start < unique.length; start += DOWNLOADER_WRITES_IN_FLIGHT) {
    await Promise.all(
      unique.slice(start, start + DOWNLOADER_WRITES_IN_FLIGHT).map((contentId) =>
        dynamoDocumentClient.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...contentDownloaderKey(contentId, userId),
              entityType: ENTITY_TYPES.contentDownloader,
              contentId,
              userId,
              downloadedTimestamp: timestamp,
            },
          }),
        ),
      ),
    );
  }
}

/** One page of the ids of the users who downloaded `contentId` (one Query of its partition), in user-id order. */
export async function listContentDownloaders(
  contentId: string,
  options: { readonly limit: number; readonly pageToken?: string | undefined },
): Promise<Page<string>> {
  const page = await queryPage<{ userId: string }>({
    index: 'table',
    partitions: [contentDownloadersPartition(contentId)],
    limit: options.limit,
    pageToken: options.pageToken,
  });
  return { items: page.items.map((item) => item.userId), nextPageToken: page.nextPageToken };
}

/** A notice queued by one publish: which item, which revision, its note, when it was published (ISO). */
export interface UpdateNoticeRecord {
  readonly contentId: string;
  readonly revisionId: string;
  readonly note: string;
  readonly publishedTimestamp: string;
}

/**
 * The queued notice of one publish as a transaction element (issue 25 item 5): a Put on
 * the pending index, conditional on the notice not existing yet. A publish writes it in
 * its own transaction, beside its revision (decision records 065, 066), so no publish
 * commits without its notice.
 */
export function updateNoticePut(notice: UpdateNoticeRecord, queuedTimestamp: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...updateNoticeKey(notice.contentId, notice.revisionId),
        ...pendingUpdateNoticeIndexKey(notice.publishedTimestamp, notice.contentId, notice.revisionId),
        entityType: ENTITY_TYPES.updateNotice,
        ...notice,
        queuedTimestamp,
      },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
    },
  };
}

/**
 * Queues a notice (ONE conditional PutItem, {@link updateNoticePut}), on the pending
 * index until delivered.
 * @returns false when this revision's notice was queued already (nothing written).
 */
export async function putUpdateNotice(notice: UpdateNoticeRecord, queuedTimestamp: string): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(new PutCommand(updateNoticePut(notice, queuedTimestamp).Put));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** One page of the notices still to deliver, oldest publish first (gsi1 `UPDATE_NOTICES_PENDING`). */
export async function listPendingUpdateNotices(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<UpdateNoticeRecord>> {
  const page = await queryPage<UpdateNoticeRecord>({
    index: 'gsi1',
    partitions: [UPDATE_NOTICES_PENDING_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
  return {
    items: page.items.map(({ contentId, revisionId, note, publishedTimestamp }) => ({
      contentId,
      revisionId,
      note,
      publishedTimestamp,
    })),
    nextPageToken: page.nextPageToken,
  };
}

/** Takes a delivered notice off the pending index, recording when and to how many users. */
export async function markUpdateNoticeDelivered(
  notice: UpdateNoticeRecord,
  deliveredTimestamp: string,
  recipients: number,
): Promise<void> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: updateNoticeKey(notice.contentId, notice.revisionId),
        UpdateExpression: 'SET deliveredTimestamp = :at, recipients = :recipients REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(gsi1pk)',
        ExpressionAttributeValues: { ':at': deliveredTimestamp, ':recipients': recipients },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** What one downloader is told about one notice: the message (spec §3 Message) and the digest entry's facts. */
export interface NoticeDelivery {
  readonly userId: string;
  readonly notice: UpdateNoticeRecord;
  readonly messageId: string;
  readonly message: string;
  /** The change log's portal path (`/courseware/<alias>#change-log`). */
  readonly link: string;
  readonly contentName: string;
}

/**
 * Delivers one notice to one user in ONE transaction: the user must exist; the user's
 * message about the item (deterministic id: a later notice replaces its text) and the
 * item's entry for the next digest (each update's day and note appended), both only when
 * what they hold is older than this notice. So a delivery run twice, or an older notice
 * delivered after a newer one, writes nothing.
 * @returns false when nothing was written (delivered already, a newer one is there, or no such user).
 */
export async function deliverUpdateNotice(delivery: NoticeDelivery): Promise<boolean> {
  const { userId, notice } = delivery;
  const newer = 'attribute_not_exists(#pk) OR publishedTimestamp < :ts';
  const steps: TransactWriteItem[] = [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: userKey(userId),
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...userMessageKey(userId, delivery.messageId),
          entityType: ENTITY_TYPES.message,
          version: 1,
          id: delivery.messageId,
          message: delivery.message,
          link: delivery.link,
          contentId: notice.contentId,
          revisionId: notice.revisionId,
          publishedTimestamp: notice.publishedTimestamp,
        },
        ConditionExpression: newer,
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':ts': notice.publishedTimestamp },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: updateNoticeEntryKey(userId, notice.contentId),
        UpdateExpression:
          'SET entityType = :type, userId = :userId, contentId = :contentId, #name = :name, link = :link, revisionId = :revisionId, publishedTimestamp = :ts, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, updates = list_append(if_not_exists(updates, :none), :update)',
        ConditionExpression: newer,
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#name': 'name' },
        ExpressionAttributeValues: {
          ':type': ENTITY_TYPES.updateNoticeEntry,
          ':userId': userId,
          ':contentId': notice.contentId,
          ':name': delivery.contentName,
          ':link': delivery.link,
          ':revisionId': notice.revisionId,
          ':ts': notice.publishedTimestamp,
          ':gsi1pk': updateNoticeEntryIndexKey(userId, notice.contentId).gsi1pk,
          ':gsi1sk': updateNoticeEntryIndexKey(userId, notice.contentId).gsi1sk,
          ':none': [],
          ':update': [{ publishedTimestamp: notice.publishedTimestamp, note: notice.note }],
        },
      },
    },
  ];
  try {
    await transactWrite(steps, (failed) => (failed >= 0 ? new NothingToWriteError() : null));
    return true;
  } catch (error) {
    if (error instanceof NothingToWriteError) return false;
    throw error;
  }
}

class NothingToWriteError extends Error {
  override readonly name = 'NothingToWriteError';
}

/** One item that changed since a user's last digest, as stored for the digest. */
export interface UpdateNoticeEntry {
  readonly userId: string;
  readonly contentId: string;
  readonly name: string;
  readonly link: string;
  readonly publishedTimestamp: string;
  readonly updates: readonly { readonly publishedTimestamp: string; readonly note: string }[];
}

/** One page of the digest entries of every user, ordered by user then item (gsi1 `UPDATE_NOTICE_ENTRIES`). */
export async function listUpdateNoticeEntries(options: {
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<UpdateNoticeEntry>> {
  const page = await queryPage<UpdateNoticeEntry>({
    index: 'gsi1',
    partitions: [UPDATE_NOTICE_ENTRIES_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
  });
  return {
    items: page.items.map(({ userId, contentId, name, link, publishedTimestamp, updates }) => ({
      userId,
      contentId,
      name,
      link,
      publishedTimestamp,
      updates,
    })),
    nextPageToken: page.nextPageToken,
  };
}

/** A user's update-notice settings: opted out of the e-mail, the unsubscribe secret, the day (`YYYY-MM-DD`) of the last digest. */
export interface UpdateNoticeSettingsRecord {
  readonly userId: string;
  readonly emailOptOut: boolean;
  readonly unsubscribeSecret?: string;
  readonly digestDay?: string;
}

/** The settings of `userId` (consistent read); a user without a settings item gets the e-mail. */
export async function getUpdateNoticeSettings(userId: string): Promise<UpdateNoticeSettingsRecord> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: updateNoticeSettingsKey(userId), ConsistentRead: true }),
  );
  const item = output.Item as Partial<UpdateNoticeSettingsRecord> | undefined;
  return {
    userId,
    emailOptOut: item?.emailOptOut === true,
    ...(item?.unsubscribeSecret ? { unsubscribeSecret: item.unsubscribeSecret } : {}),
    ...(item?.digestDay ? { digestDay: item.digestDay } : {}),
  };
}

/** Turns the digest e-mail of `userId` on (`emailOptOut` false) or off (one UpdateItem, creating the settings item). */
export async function setUpdateNoticeEmailOptOut(userId: string, emailOptOut: boolean): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: updateNoticeSettingsKey(userId),
      UpdateExpression: 'SET emailOptOut = :optOut, userId = :userId, entityType = :type',
      ExpressionAttributeValues: {
        ':optOut': emailOptOut,
        ':userId': userId,
        ':type': ENTITY_TYPES.updateNoticeSettings,
      },
    }),
  );
}

/**
 * The one-click unsubscribe: the e-mail goes off and the secret is dropped, on the
 * condition that the stored secret is still `secret` (so a token works once).
 * @returns false when the secret did not match (used already, or never issued).
 */
export async function unsubscribeUpdateNoticeEmail(userId: string, secret: string): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: updateNoticeSettingsKey(userId),
        UpdateExpression: 'SET emailOptOut = :on REMOVE unsubscribeSecret',
        ConditionExpression: 'unsubscribeSecret = :secret',
        ExpressionAttributeValues: { ':on': true, ':secret': secret },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Which stored entry a digest covered: the item and the publish it read, so a newer update stays for the next one. */
export interface CoveredEntry {
  readonly contentId: string;
  readonly publishedTimestamp: string;
}

function entryDeleteStep(userId: string, entry: CoveredEntry): TransactWriteItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: updateNoticeEntryKey(userId, entry.contentId),
      ConditionExpression: 'publishedTimestamp = :ts',
      ExpressionAttributeValues: { ':ts': entry.publishedTimestamp },
    },
  };
}

/**
 * Records one user's daily digest in ONE transaction: the day and the unsubscribe
 * secret on the settings item (condition: no digest this day, and the secret is the one
 * the e-mail names or none yet), each covered entry deleted (condition: still the
 * publish the digest read) and the outbox message of the e-mail. So a digest run twice
 * the same day, or two runs at once, write one e-mail per user and day, never two.
 * @returns false when a condition refused it: nothing was written.
 */
export async function recordUpdateNoticeDigest(
  userId: string,
  day: string,
  secret: string,
  covered: readonly CoveredEntry[],
  outbox: OutboxItem,
): Promise<boolean> {
  const steps: TransactWriteItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: updateNoticeSettingsKey(userId),
        UpdateExpression:
          'SET digestDay = :day, unsubscribeSecret = :secret, userId = :userId, entityType = :type, emailOptOut = if_not_exists(emailOptOut, :off)',
        ConditionExpression:
          '(attribute_not_exists(digestDay) OR digestDay <> :day) AND (attribute_not_exists(unsubscribeSecret) OR unsubscribeSecret = :secret) AND (attribute_not_exists(emailOptOut) OR emailOptOut = :off)',
        ExpressionAttributeValues: {
          ':day': day,
          ':secret': secret,
          ':userId': userId,
          ':type': ENTITY_TYPES.updateNoticeSettings,
          ':off': false,
        },
      },
    },
    ...covered.map((entry) => entryDeleteStep(userId, entry)),
    putNewItemStep({ ...outbox }),
  ];
  try {
    await transactWrite(steps, (failed) => (failed >= 0 ? new NothingToWriteError() : null));
    return true;
  } catch (error) {
    if (error instanceof NothingToWriteError) return false;
    throw error;
  }
}

/**
 * Drops entries no e-mail will name (the user opted out, or has no address), each with
 * one conditional DeleteItem (still the publish read), so opting in again does not
 * bring a flood of old changes. The account-menu messages stay.
 * @returns how many were dropped.
 */
export async function dropUpdateNoticeEntries(userId: string, covered: readonly CoveredEntry[]): Promise<number> {
  let dropped = 0;
  for (const entry of covered) {
    try {
      await dynamoDocumentClient.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: updateNoticeEntryKey(userId, entry.contentId),
          ConditionExpression: 'publishedTimestamp = :ts',
          ExpressionAttributeValues: { ':ts': entry.publishedTimestamp },
        }),
      );
      dropped += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return dropped;
}
