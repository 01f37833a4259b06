import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { GrantTrack, SubmissionContributor, SubmissionState } from '#shared/contracts/submission';
import {
  SUBMISSION_COMMENTS_FULL_MESSAGE,
  SUBMISSION_LIMITS,
  SUBMISSION_STALE_MESSAGE,
} from '#shared/contracts/submission';
import type { ContentCategory, EducationLevel, ExperienceLevel } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import type { TransactWriteItem } from './catalog.ts';
import type { TransactionStep } from './content.ts';
import { type Page, putNewItemStep, queryPage, tableName } from './dynamo.ts';
import {
  ENTITY_TYPES,
  SUBMISSION_COMMENT_PREFIX,
  submissionCommentKey,
  submissionKey,
  submissionPartition,
  submissionStateIndexKey,
  submissionStatePartition,
  submitterIndexKey,
  submitterPartition,
  type TableKey,
} from './keys.ts';

/**
 * Submissions of courseware and their comment threads (issue 25 item 6; decision
 * record 067; keys.ts "Submissions of courseware"). Every write is an element of one
 * TransactWriteItems that the use case (`services/submissions.ts`) assembles, with
 * the file attaches and the outbox e-mail of the same change.
 */

/** A file a submission carries (attached to the submission: no TTL, decision record 020). */
export interface SubmissionFileRecord {
  readonly id: string;
  readonly name: string;
  readonly filename: string;
  readonly type: string;
}

/** A submission as stored, without its keys. Timestamps are ISO date-times. */
export interface SubmissionRecord {
  readonly id: string;
  readonly state: SubmissionState;
  readonly track: GrantTrack;
  readonly name: string;
  /** Sanitised HTML (as content's description). */
  readonly description: string;
  readonly categories: readonly ContentCategory[];
  readonly educationLevels: readonly EducationLevel[];
  readonly experienceLevels: readonly ExperienceLevel[];
  readonly ksas: readonly { readonly id: string; readonly index: number }[];
  readonly kus: readonly { readonly id: string; readonly index: number }[];
  readonly tkss: readonly { readonly id: string; readonly index: number }[];
  readonly contributor: SubmissionContributor;
  readonly files: readonly SubmissionFileRecord[];
  readonly submitterId: string;
  readonly submitterName: string;
  /** Where the submitter's e-mails go: the account's address, else the contributor's. */
  readonly submitterEmail: string;
  readonly createdTimestamp: string;
  readonly modifiedTimestamp: string;
  readonly stateTimestamp: string;
  readonly declineReason: string | null;
  readonly contentId: string | null;
  readonly commentCount: number;
  readonly version: number;
}

/** A stored submission. */
export type SubmissionItem = SubmissionRecord &
  TableKey & { readonly entityType: typeof ENTITY_TYPES.submission; readonly gsi1pk: string; readonly gsi1sk: string };

/** A comment of a submission's thread as stored, without its keys. */
export interface SubmissionCommentRecord {
  readonly id: string;
  readonly submissionId: string;
  readonly inReplyTo: string | null;
  readonly authorId: string;
  readonly authorName: string;
  readonly authorRole: 'team' | 'submitter';
  readonly text: string;
  readonly decision: 'requestChanges' | 'decline' | 'accept' | null;
  readonly createdTimestamp: string;
}

/** The stored item of a submission at its version, with its table and index keys (pure). */
export function submissionItemOf(record: SubmissionRecord): SubmissionItem {
  return {
    ...record,
    ...submissionKey(record.id),
    ...submitterIndexKey(record.submitterId, record.createdTimestamp, record.id),
    ...submissionStateIndexKey(record.state, record.stateTimestamp, record.id),
    entityType: ENTITY_TYPES.submission,
  };
}

/** The transaction element that creates a submission (version 1), conditional on its id being new. */
export function createSubmissionStep(record: SubmissionRecord): TransactionStep {
  return { item: putNewItemStep({ ...submissionItemOf(record) }) as TransactWriteItem };
}

/**
 * The transaction element that replaces a submission with `next` (whose `version` is
 * the stored one + 1), conditional on the stored one being at `expectedVersion` and
 * in `expectedState`: a stale version or a state changed meanwhile is a 409
 * {@link SUBMISSION_STALE_MESSAGE}.
 */
export function replaceSubmissionStep(
  next: SubmissionRecord,
  expectedVersion: number,
  expectedState: SubmissionState,
): TransactionStep {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...submissionItemOf(next) },
        ConditionExpression: '#version = :expected AND #state = :state',
        ExpressionAttributeNames: { '#version': TABLE.versionAttribute, '#state': 'state' },
        ExpressionAttributeValues: { ':expected': expectedVersion, ':state': expectedState },
      },
    },
    conflict: SUBMISSION_STALE_MESSAGE,
  };
}

/**
 * The two transaction elements of a new comment: the comment (conditional on its key
 * being new) and the submission's `commentCount` + 1, conditional on the submission
 * being in one of `states` with fewer than {@link SUBMISSION_LIMITS.commentsMax}
 * comments (409 {@link SUBMISSION_COMMENTS_FULL_MESSAGE} otherwise). A comment does
 * not change the submission's `version`: it never makes an edit stale. A comment that
 * comes with a state change (a decision) uses {@link commentStep} beside the
 * submission's replace instead.
 */
export function addCommentSteps(
  comment: SubmissionCommentRecord,
  states: readonly SubmissionState[],
): TransactionStep[] {
  const stateValues = Object.fromEntries(states.map((state, position) => [`:s${position}`, state]));
  return [
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: submissionKey(comment.submissionId),
          UpdateExpression: 'SET commentCount = commentCount + :one',
          ConditionExpression: `attribute_exists(#pk) AND commentCount < :max AND #state IN (${Object.keys(stateValues).join(', ')})`,
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#state': 'state' },
          ExpressionAttributeValues: { ':one': 1, ':max': SUBMISSION_LIMITS.commentsMax, ...stateValues },
        },
      },
      conflict: SUBMISSION_COMMENTS_FULL_MESSAGE,
    },
    commentStep(comment),
  ];
}

/** The transaction element that stores a comment, conditional on its key being new. */
export function commentStep(comment: SubmissionCommentRecord): TransactionStep {
  return {
    item: putNewItemStep({
      ...comment,
      ...submissionCommentKey(comment.submissionId, comment.createdTimestamp, comment.id),
      entityType: ENTITY_TYPES.submissionComment,
    }) as TransactWriteItem,
  };
}

/**
 * A submission with its comments, oldest comment first (one consistent Query of its
 * partition, paged to the end), or null when there is no such submission.
 */
export async function getSubmissionWithComments(
  id: string,
): Promise<{ submission: SubmissionRecord; comments: SubmissionCommentRecord[] } | null> {
  let submission: SubmissionRecord | null = null;
  const comments: SubmissionCommentRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': submissionPartition(id) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of output.Items ?? []) {
      if (item.entityType === ENTITY_TYPES.submission) submission = recordOf(item as SubmissionItem);
      else if (String(item.sk).startsWith(SUBMISSION_COMMENT_PREFIX)) comments.push(commentOf(item));
    }
    start = output.LastEvaluatedKey;
  } while (start);
  return submission ? { submission, comments } : null;
}

/** One submitter's submissions, newest first (gsi1), at most `limit` (one page). */
export async function listSubmitterSubmissions(userId: string, limit: number): Promise<SubmissionRecord[]> {
  const page = await queryPage<SubmissionItem>({
    index: 'gsi1',
    partitions: [submitterPartition(userId)],
    limit,
    forward: false,
  });
  return page.items.map(recordOf);
}

/**
 * One page of the submissions in `state`, the longest waiting first (gsi2, by the
 * time each entered the state).
 * @throws ValidationError for a page token that does not belong to this read.
 */
export async function listSubmissionsByState(
  state: SubmissionState,
  limit: number,
  pageToken: string | undefined,
): Promise<Page<SubmissionRecord>> {
  const page = await queryPage<SubmissionItem>({
    index: 'gsi2',
    partitions: [submissionStatePartition(state)],
    limit,
    pageToken,
  });
  return { ...page, items: page.items.map(recordOf) };
}

function recordOf(item: SubmissionItem): SubmissionRecord {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    entityType: _entityType,
    ...record
  } = item as SubmissionItem & {
    gsi2pk?: string;
    gsi2sk?: string;
  };
  const { gsi2pk: _gsi2pk, gsi2sk: _gsi2sk, ...rest } = record as typeof record & { gsi2pk?: string; gsi2sk?: string };
  return rest;
}

function commentOf(item: Record<string, unknown>): SubmissionCommentRecord {
  return {
    id: item.id as string,
    submissionId: item.submissionId as string,
    inReplyTo: (item.inReplyTo as string | null) ?? null,
    authorId: item.authorId as string,
    authorName: item.authorName as string,
    authorRole: item.authorRole as SubmissionCommentRecord['authorRole'],
    text: item.text as string,
    decision: (item.decision as SubmissionCommentRecord['decision']) ?? null,
    createdTimestamp: item.createdTimestamp as string,
  };
}
