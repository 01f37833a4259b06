import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { REVIEWS_BUSY_MESSAGE, type ReviewStatus } from '#shared/contracts/review';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError, ServiceUnavailableError } from '../lib/errors.ts';
import type { TransactWriteItem } from './catalog.ts';
import { batchGetItems, type Page, queryPage, queryPartition, tableName } from './dynamo.ts';
import {
  contentReviewsPartition,
  ENTITY_TYPES,
  RATINGS_PARTITION,
  REVIEWS_MODERATION_PARTITION,
  ratingAggregateIndexKey,
  ratingAggregateKey,
  reviewIdIndexKey,
  reviewIdPartition,
  reviewKey,
  reviewModerationIndexKey,
  type TableKey,
  userReviewKey,
  userReviewsPartition,
  visibleReviewIndexKey,
} from './keys.ts';

/**
 * Ratings and reviews in the table (issue 26 item 3; decision record 070; keys.ts
 * section "Ratings and reviews"). Every change of a review is ONE TransactWriteItems:
 * the review written (or deleted) on the condition that it is still the version that
 * was read, and the item's rating aggregate adjusted by `ADD sum, count` with the
 * difference the change makes to the ratings shown — so concurrent raters never lose
 * an update, and the aggregate always equals the sum and count of the visible
 * reviews. The first write of a user's review also puts a pointer `USER_REVIEWS#<userId>` /
 * `CONTENT#<contentId>` and its deletion deletes it, in the same transaction, so one
 * Query finds every review of a user (their data export and deletion, issue 26 item 5;
 * decision record 075). A cancelled transaction (the review changed meanwhile, or another
 * transaction held an item) is read again and retried, at most
 * {@link REVIEW_WRITE_ATTEMPTS} times.
 */

/** A contributor's response, as stored on the review. */
export interface ReviewResponseRecord {
  readonly text: string;
  readonly authorName: string;
  readonly authorUserId: string;
  readonly createdTimestamp: string;
}

/** One user's rating and review of one content item, without its keys. */
export interface ReviewRecord {
  readonly id: string;
  readonly contentId: string;
  readonly userId: string;
  readonly authorName: string;
  readonly rating: number;
  readonly text: string;
  readonly status: ReviewStatus;
  readonly createdTimestamp: string;
  readonly modifiedTimestamp: string;
  readonly response: ReviewResponseRecord | null;
  readonly hiddenReason: string | null;
  readonly hiddenTimestamp: string | null;
  /** Reports ever made (one per reporter). */
  readonly reportCount: number;
  /** Reports since the last restore: the review is in the moderation queue while > 0 or hidden. */
  readonly openReports: number;
  /** The notes of the open reports, oldest first. */
  readonly reportNotes: readonly string[];
  /** When the review entered the moderation queue (first open report, or hidden); null when not in it. */
  readonly moderationSince: string | null;
  readonly version: number;
}

/** The stored review: the record with its table key and the sparse index keys it is in. */
export type ReviewItem = ReviewRecord & TableKey & { readonly entityType: typeof ENTITY_TYPES.review };

/** The sum and count of an item's counted (visible) ratings. */
export interface RatingTotals {
  readonly sum: number;
  readonly count: number;
}

/** Attempts of one review change before it gives up with a 503 (the house pattern of `RECORD_DOWNLOAD_ATTEMPTS`). */
export const REVIEW_WRITE_ATTEMPTS = 8;

/** A rating counts (in the aggregate, the average and the count) only while its review is visible. */
export function countedRating(review: Pick<ReviewRecord, 'rating' | 'status'> | null): RatingTotals {
  return review && review.status === 'visible' ? { sum: review.rating, count: 1 } : { sum: 0, count: 0 };
}

/** The stored item of a record: its key, and the public-list, moderation and by-id index keys that apply. */
export function reviewItemOf(record: ReviewRecord): ReviewItem {
  return {
    ...reviewKey(record.contentId, record.userId),
    entityType: ENTITY_TYPES.review,
    ...record,
    ...(record.status === 'visible'
      ? visibleReviewIndexKey(record.contentId, record.modifiedTimestamp, record.userId)
      : {}),
    ...(record.moderationSince ? reviewModerationIndexKey(record.moderationSince, record.id) : {}),
    ...reviewIdIndexKey(record.id),
  } as ReviewItem;
}

const INDEX_ATTRIBUTES = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'] as const;

/** The record of a stored item (keys and index keys dropped). */
export function reviewRecordOf(item: Record<string, unknown>): ReviewRecord {
  const copy: Record<string, unknown> = { ...item };
  for (const name of ['pk', 'sk', 'entityType', ...INDEX_ATTRIBUTES]) delete copy[name];
  return copy as unknown as ReviewRecord;
}

/** One user's review of one item (a consistent GetItem), or null. */
export async function getReview(contentId: string, userId: string): Promise<ReviewRecord | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: reviewKey(contentId, userId), ConsistentRead: true }),
  );
  return output.Item ? reviewRecordOf(output.Item) : null;
}

/**
 * A review by its id: the by-id index (gsi3) names its key, then a consistent GetItem
 * reads it as it is now. Null when no review has this id.
 */
export async function getReviewById(id: string): Promise<ReviewRecord | null> {
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE.indexes.gsi3.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.indexes.gsi3.partitionKey },
      ExpressionAttributeValues: { ':pk': reviewIdPartition(id) },
      Limit: 1,
    }),
  );
  const found = output.Items?.[0];
  if (!found) return null;
  const current = await getReview(String(found.contentId), String(found.userId));
  return current && current.id === id ? current : null;
}

/** The sum and count of an item's counted ratings (a consistent GetItem); zeros without any. */
export async function getRatingTotals(contentId: string): Promise<RatingTotals> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: ratingAggregateKey(contentId), ConsistentRead: true }),
  );
  return { sum: Number(output.Item?.sum ?? 0), count: Number(output.Item?.count ?? 0) };
}

/** Every item's rating totals with at least one counted rating, by content id: one paged Query of gsi1 `RATINGS`. */
export async function listRatingTotals(): Promise<Map<string, RatingTotals>> {
  const totals = new Map<string, RatingTotals>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE.indexes.gsi1.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.indexes.gsi1.partitionKey, '#sum': 'sum', '#count': 'count' },
        ExpressionAttributeValues: { ':pk': RATINGS_PARTITION },
        ProjectionExpression: 'contentId, #sum, #count',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of output.Items ?? []) {
      const count = Number(item.count ?? 0);
      if (typeof item.contentId === 'string' && count > 0) {
        totals.set(item.contentId, { sum: Number(item.sum ?? 0), count });
      }
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return totals;
}

/** One page of an item's visible reviews, most recently written first (gsi1, read backwards). */
export async function listVisibleReviews(
  contentId: string,
  limit: number,
  pageToken: string | undefined,
): Promise<Page<ReviewRecord>> {
  const page = await queryPage<Record<string, unknown>>({
    index: 'gsi1',
    partitions: [contentReviewsPartition(contentId)],
    limit,
    pageToken,
    forward: false,
  });
  return { ...page, items: page.items.map(reviewRecordOf) };
}

/** One page of the moderation queue (reported or hidden reviews), the longest waiting first (gsi2). */
export async function listModerationQueue(limit: number, pageToken: string | undefined): Promise<Page<ReviewRecord>> {
  const page = await queryPage<Record<string, unknown>>({
    index: 'gsi2',
    partitions: [REVIEWS_MODERATION_PARTITION],
    limit,
    pageToken,
  });
  return { ...page, items: page.items.map(reviewRecordOf) };
}

/** A further element of a review change's transaction, with the 409 message when its condition fails. */
export interface ReviewExtraStep {
  readonly item: TransactWriteItem;
  readonly conflict: string;
}

/** What a change makes of the review read: the next record (null deletes it), and further steps. */
export interface ReviewChange {
  readonly next: ReviewRecord | null;
  readonly extra?: readonly ReviewExtraStep[];
}

/** What {@link changeReview} did. */
export interface ReviewChangeResult {
  readonly review: ReviewRecord | null;
  /** Transactions sent (1 when the first one went through; each more is a conflict retried). */
  readonly attempts: number;
  /** True when the counted ratings of the item changed (the aggregate was adjusted). */
  readonly aggregateChanged: boolean;
}

/** The Update of an item's aggregate by a difference of sum and count (created at the first rating). */
function aggregateUpdate(contentId: string, delta: RatingTotals): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: ratingAggregateKey(contentId),
      UpdateExpression:
        'ADD #sum :sum, #count :count SET #type = :type, contentId = :contentId, #g1pk = :g1pk, #g1sk = :g1sk',
      ExpressionAttributeNames: {
        '#sum': 'sum',
        '#count': 'count',
        '#type': TABLE.entityTypeAttribute,
        '#g1pk': TABLE.indexes.gsi1.partitionKey,
        '#g1sk': TABLE.indexes.gsi1.sortKey,
      },
      ExpressionAttributeValues: {
        ':sum': delta.sum,
        ':count': delta.count,
        ':type': ENTITY_TYPES.ratingAggregate,
        ':contentId': contentId,
        ':g1pk': ratingAggregateIndexKey(contentId).gsi1pk,
        ':g1sk': ratingAggregateIndexKey(contentId).gsi1sk,
      },
    },
  };
}

/**
 * The pointer step of a change that creates or deletes a review (none when it only
 * replaces one): the user's pointer to the item, put or deleted with the review.
 */
function pointerSteps(contentId: string, userId: string, current: ReviewRecord | null, next: ReviewRecord | null) {
  if (!current && next) {
    const item = {
      ...userReviewKey(userId, contentId),
      entityType: ENTITY_TYPES.userReview,
      contentId,
      reviewId: next.id,
    };
    return [{ Put: { TableName: tableName(), Item: item } } satisfies TransactWriteItem];
  }
  if (current && !next)
    return [{ Delete: { TableName: tableName(), Key: userReviewKey(userId, contentId) } } satisfies TransactWriteItem];
  return [];
}

/** The review's own step: put the next version, or delete, on the condition that it is still what was read. */
function reviewStep(
  contentId: string,
  userId: string,
  current: ReviewRecord | null,
  next: ReviewRecord | null,
): TransactWriteItem {
  const condition: { ConditionExpression: string; ExpressionAttributeNames: Record<string, string> } & {
    ExpressionAttributeValues?: Record<string, unknown>;
  } = current
    ? {
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': current.version },
      }
    : { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': TABLE.partitionKey } };
  if (next) return { Put: { TableName: tableName(), Item: reviewItemOf(next), ...condition } };
  return { Delete: { TableName: tableName(), Key: reviewKey(contentId, userId), ...condition } };
}

/**
 * Changes one user's review of one item: reads it (consistently), asks `decide` what
 * to make of it, and writes that in ONE transaction with the aggregate's adjustment
 * (the counted rating after minus before, {@link countedRating}) and `decide`'s extra
 * steps. When the review's condition fails (it changed meanwhile) or another
 * transaction held an item, it reads again and decides again, up to
 * {@link REVIEW_WRITE_ATTEMPTS} times with jittered exponential backoff. `decide` may
 * throw (a 404 or 409 of the use case) and may answer `next` equal to the current
 * record to write nothing.
 * @throws ConflictError with an extra step's message when that step's condition fails;
 *   ServiceUnavailableError {@link REVIEWS_BUSY_MESSAGE} after the last attempt;
 *   whatever `decide` throws; any other DynamoDB error unchanged.
 */
export async function changeReview(
  contentId: string,
  userId: string,
  decide: (current: ReviewRecord | null) => ReviewChange,
): Promise<ReviewChangeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getReview(contentId, userId);
    const change = decide(current);
    if (change.next === current) return { review: current, attempts: attempt, aggregateChanged: false };
    const before = countedRating(current);
    const after = countedRating(change.next);
    const delta = { sum: after.sum - before.sum, count: after.count - before.count };
    const aggregateChanged = delta.sum !== 0 || delta.count !== 0;
    const extra = change.extra ?? [];
    const steps: TransactWriteItem[] = [
      reviewStep(contentId, userId, current, change.next),
      ...extra.map((step) => step.item),
      ...(aggregateChanged ? [aggregateUpdate(contentId, delta)] : []),
      ...pointerSteps(contentId, userId, current, change.next),
    ];
    try {
      await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: steps }));
      return { review: change.next, attempts: attempt, aggregateChanged };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failedExtra = extra.findIndex((_, i) => reasons[i + 1]?.Code === 'ConditionalCheckFailed');
      if (failedExtra >= 0) throw new ConflictError((extra[failedExtra] as ReviewExtraStep).conflict, { cause: error });
      const retryable = reasons.some(
        (reason) => reason?.Code === 'ConditionalCheckFailed' || reason?.Code === 'TransactionConflict',
      );
      if (!retryable) throw error;
      if (attempt >= REVIEW_WRITE_ATTEMPTS) throw new ServiceUnavailableError(REVIEWS_BUSY_MESSAGE, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** Math.min(attempt, 6) * (0.5 + Math.random())));
    }
  }
}

/**
 * The ids of every content item one user has a review of (the pointers written with
 * the reviews; issue 26 item 5), in id order; one Query per 1 MB page.
 */
export async function listReviewedContentIds(userId: string): Promise<string[]> {
  const items = await queryPartition<{ contentId: string }>(userReviewsPartition(userId), {
    attributes: ['contentId'],
  });
  return items.map((item) => item.contentId);
}

/** One user's reviews of the given items (BatchGetItem, 100 keys a request); missing ones are absent, order undefined. */
export async function getReviewsOf(userId: string, contentIds: readonly string[]): Promise<ReviewRecord[]> {
  const items = await batchGetItems<Record<string, unknown>>(contentIds.map((id) => reviewKey(id, userId)));
  return items.map(reviewRecordOf);
}
