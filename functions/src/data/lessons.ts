import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { LESSON_NOT_FOUND_MESSAGE, LESSON_STALE_MESSAGE, type Lesson } from '#shared/contracts/lesson';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { TransactWriteItem } from './catalog.ts';
import { type TransactionStep, transact } from './content.ts';
import { type Page, queryPage, tableName } from './dynamo.ts';
import type { LessonItem } from './items.ts';
import { LESSON_ENTITY_TYPE, lessonIndexKey, lessonKey, lessonsPartition } from './keys.ts';

/**
 * Access patterns of lessons (keys.ts "Lessons"; decision record 021): a lesson by
 * id, the lessons of a content item in index order (gsi2), and lesson writes that
 * carry their artifacts' attach / detach steps (`data/files.ts`) in the same
 * TransactWriteItems. Lesson writes never touch the content item.
 */

/** DynamoDB's limit of elements in one TransactWriteItems. */
export const TRANSACTION_MAX_ITEMS = 100;

/** Message of the 409 when an artifact file changed (attached elsewhere, removed) while the lesson was being saved. */
export const LESSON_FILES_CHANGED_MESSAGE = 'A file of the lesson changed meanwhile. Upload it again and retry.';
/** Message of the 409 when concurrent writers kept colliding on the same items. */
export const LESSON_BUSY_MESSAGE = 'The lesson is being changed by someone else right now. Try again.';

/** The stored form of a lesson: its table key and its gsi2 key under its content item. */
export function lessonItemOf(lesson: Lesson): LessonItem {
  return {
    ...lesson,
    ...lessonKey(lesson.id),
    ...lessonIndexKey(lesson.contentId, lesson.index, lesson.id),
    entityType: LESSON_ENTITY_TYPE,
  };
}

/** One lesson by id (consistent GetItem), or null. Costs 1 request. */
export async function getLesson(id: string): Promise<LessonItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: lessonKey(id), ConsistentRead: true }),
  );
  return (output.Item as LessonItem | undefined) ?? null;
}

/** Options of {@link listLessons}. */
export interface ListLessonsOptions {
  readonly contentId: string;
  /** Lessons wanted on this page (1…). */
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * A page of the lessons of a content item in index order (ties by id): one Query of
 * gsi2 partition `LESSONS#<contentId>` in the normal case. gsi2 is eventually
 * consistent: a lesson saved a moment ago may be missing or stale; get it by id.
 * @throws ValidationError (400 at `query.pageToken`) for a token of another read.
 */
export function listLessons(options: ListLessonsOptions): Promise<Page<LessonItem>> {
  return queryPage<LessonItem>({
    index: 'gsi2',
    partitions: [lessonsPartition(options.contentId)],
    limit: options.limit,
    pageToken: options.pageToken,
  });
}

/** How many lessons a content item has, and the highest index among them (null without lessons). */
export interface LessonCount {
  readonly count: number;
  readonly lastIndex: number | null;
}

/**
 * Counts the lessons of a content item (Select COUNT over gsi2, page by page) and
 * reads the last one's index (one backwards Query of 1 item). Eventually consistent.
 */
export async function countLessons(contentId: string): Promise<LessonCount> {
  const { gsi2 } = TABLE.indexes;
  const base = {
    TableName: tableName(),
    IndexName: gsi2.indexName,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': gsi2.partitionKey },
    ExpressionAttributeValues: { ':pk': lessonsPartition(contentId) },
  };
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({ ...base, Select: 'COUNT', ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    count += output.Count ?? 0;
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  if (count === 0) return { count, lastIndex: null };
  const last = await dynamoDocumentClient.send(new QueryCommand({ ...base, ScanIndexForward: false, Limit: 1 }));
  const index = (last.Items?.[0] as Partial<LessonItem> | undefined)?.index;
  return { count, lastIndex: typeof index === 'number' ? index : null };
}

/**
 * Creates a lesson (version 1) in ONE TransactWriteItems with `fileSteps` (the
 * attach steps of its new artifacts, `attachFileStep` of data/files.ts), the lesson
 * conditional on its id being new. Nothing is written when any condition fails.
 * @throws ConflictError "Lesson already exists." for a taken id,
 *   {@link LESSON_FILES_CHANGED_MESSAGE} when a file step's condition fails, or
 *   {@link LESSON_BUSY_MESSAGE} after 3 transaction conflicts.
 */
export async function createLesson(lesson: Lesson, fileSteps: readonly TransactWriteItem[]): Promise<LessonItem> {
  const item = lessonItemOf({ ...lesson, version: 1 });
  await transactLesson([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      conflict: 'Lesson already exists.',
    },
    ...fileSteps.map((step) => ({ item: step, conflict: LESSON_FILES_CHANGED_MESSAGE })),
  ]);
  return item;
}

/**
 * Replaces a lesson in ONE TransactWriteItems with `fileSteps` (attach steps of new
 * artifacts, detach steps of dropped ones): the Put is conditional on the stored
 * `version` being `expectedVersion`, and the lesson is stored at `expectedVersion + 1`.
 * @throws ConflictError {@link LESSON_STALE_MESSAGE} for a stale version (or a lesson
 *   deleted meanwhile), {@link LESSON_FILES_CHANGED_MESSAGE} when a file step fails,
 *   {@link LESSON_BUSY_MESSAGE} after 3 transaction conflicts.
 */
export async function updateLesson(
  lesson: Lesson,
  expectedVersion: number,
  fileSteps: readonly TransactWriteItem[],
): Promise<LessonItem> {
  const item = lessonItemOf({ ...lesson, version: expectedVersion + 1 });
  await transactLesson([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
      conflict: LESSON_STALE_MESSAGE,
    },
    ...fileSteps.map((step) => ({ item: step, conflict: LESSON_FILES_CHANGED_MESSAGE })),
  ]);
  return item;
}

/**
 * Deletes a lesson, conditional on it existing, in ONE TransactWriteItems with
 * `fileSteps` (the detach steps of its artifacts, at most 99).
 * @throws NotFoundError {@link LESSON_NOT_FOUND_MESSAGE} when it is already gone;
 *   ConflictError as {@link createLesson}.
 */
export async function deleteLesson(id: string, fileSteps: readonly TransactWriteItem[]): Promise<void> {
  try {
    await transactLesson([
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: lessonKey(id),
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          },
        },
        conflict: LESSON_NOT_FOUND_MESSAGE,
      },
      ...fileSteps.map((step) => ({ item: step, conflict: LESSON_FILES_CHANGED_MESSAGE })),
    ]);
  } catch (error) {
    if (error instanceof ConflictError && error.message === LESSON_NOT_FOUND_MESSAGE) {
      throw new NotFoundError(LESSON_NOT_FOUND_MESSAGE, { cause: error });
    }
    throw error;
  }
}

/**
 * Runs file steps on their own, in transactions of at most 100 (for the artifacts of
 * a deleted lesson beyond what fitted its delete transaction).
 * @throws ConflictError {@link LESSON_FILES_CHANGED_MESSAGE} when a step's condition fails.
 */
export async function runFileSteps(fileSteps: readonly TransactWriteItem[]): Promise<void> {
  for (let offset = 0; offset < fileSteps.length; offset += TRANSACTION_MAX_ITEMS) {
    await transactLesson(
      fileSteps
        .slice(offset, offset + TRANSACTION_MAX_ITEMS)
        .map((step) => ({ item: step, conflict: LESSON_FILES_CHANGED_MESSAGE })),
    );
  }
}

/** Runs lesson steps as ONE transaction (data/content.ts `transact`), busy → {@link LESSON_BUSY_MESSAGE}. */
function transactLesson(steps: readonly TransactionStep[]): Promise<void> {
  return transact(steps, LESSON_BUSY_MESSAGE);
}
