import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackEmailStatus } from '#shared/contracts/feedback';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { createItem, type Page, queryPage, tableName } from './dynamo.ts';
import {
  ENTITY_TYPES,
  FEEDBACK_PENDING_PARTITION,
  feedbackKey,
  pendingFeedbackIndexKey,
  type TableKey,
} from './keys.ts';

/** Access patterns of content feedback (keys.ts row "content feedback by id"; decision record 018). */

/** A screenshot kept with feedback: its object in the private bucket, the user's file name, type and size (bytes). */
export interface FeedbackScreenshotRecord {
  readonly objectKey: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

/**
 * One piece of content feedback as stored: who sent it (user id, display name,
 * e-mail), the content (id and name at the time), the message, the screenshot, when
 * (ISO), and whether the e-mail went out (`emailStatus`, with SES's `emailMessageId`).
 */
export interface FeedbackRecord {
  readonly id: string;
  readonly contentId: string;
  readonly contentName: string;
  readonly userId: string;
  readonly userName: string;
  readonly userEmail: string | null;
  readonly message: string;
  readonly screenshot: FeedbackScreenshotRecord | null;
  readonly createdTimestamp: string;
  readonly emailStatus: FeedbackEmailStatus;
  readonly emailMessageId?: string;
  /** Failed sends so far (the request's own try included); absent before the first failure. */
  readonly emailAttempts?: number;
}

/** A stored {@link FeedbackRecord}. */
export interface FeedbackItem extends FeedbackRecord, TableKey {
  readonly entityType: typeof ENTITY_TYPES.feedback;
  readonly version: number;
}

/**
 * Stores feedback (version 1), conditional on its id being new. Pending feedback is
 * also written to the sparse pending index (gsi1 `FEEDBACK_PENDING`), which the
 * feedback re-sender reads.
 * @throws ConflictError when feedback with this id exists.
 */
export async function createFeedback(record: FeedbackRecord): Promise<FeedbackItem> {
  const item: FeedbackItem = {
    ...record,
    ...feedbackKey(record.id),
    ...(record.emailStatus === 'pending' ? pendingFeedbackIndexKey(record.createdTimestamp, record.id) : {}),
    entityType: ENTITY_TYPES.feedback,
    version: 1,
  };
  await createItem({ ...item }, 'Feedback already exists.');
  return item;
}

/** Records that the feedback's e-mail was accepted by SES with `messageId`, and takes it off the pending index. */
export async function markFeedbackSent(id: string, messageId: string): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: feedbackKey(id),
      UpdateExpression:
        'SET emailStatus = :sent, emailMessageId = :messageId, #version = #version + :one REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':sent': 'sent', ':messageId': messageId, ':one': 1 },
    }),
  );
}

/** One piece of feedback by id (consistent read), or null. */
export async function getFeedback(id: string): Promise<FeedbackItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: feedbackKey(id), ConsistentRead: true }),
  );
  return (output.Item as FeedbackItem | undefined) ?? null;
}

/** Records one more failed send of the feedback's e-mail (`emailAttempts` + 1); it stays pending. */
export async function recordFeedbackAttempt(id: string): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: feedbackKey(id),
      UpdateExpression: 'SET emailAttempts = if_not_exists(emailAttempts, :zero) + :one, #version = #version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    }),
  );
}

/**
 * Feedback whose e-mail is still pending, oldest first, created before `before`
 * (ISO; so a request still sending its own e-mail is left alone), one page of at
 * most `limit` (gsi1 `FEEDBACK_PENDING`; the index holds the keys and the whole
 * item, as gsi1 projects all attributes).
 */
export function listPendingFeedback(options: {
  readonly before: string;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}): Promise<Page<FeedbackItem>> {
  return queryPage<FeedbackItem>({
    index: 'gsi1',
    partitions: [FEEDBACK_PENDING_PARTITION],
    sortKey: { expression: '#sk < :before', names: { '#sk': 'gsi1sk' }, values: { ':before': options.before } },
    limit: options.limit,
    pageToken: options.pageToken,
  });
}
