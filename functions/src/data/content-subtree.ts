import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CONTENT_STALE_MESSAGE } from '#shared/contracts/content';
import type { ContentStatus } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { chunkSteps, type PlannedStep } from '../domain/content-subtree.ts';
import { logger } from '../lib/logger.ts';
import { catalogRevisionUpdate, type TransactWriteItem } from './catalog.ts';
import { contentPurgeMarkerStep, getContentByIds, type TransactionStep, transact } from './content.ts';
import { batchGetItems, queryPage, tableName } from './dynamo.ts';
import type { ContentItem, FileItem, LessonItem } from './items.ts';
import {
  aliasGuardKey,
  contentKey,
  contentPurgeKey,
  fileKey,
  lessonKey,
  lessonsPartition,
  statusIndexKey,
} from './keys.ts';

/**
 * Reading and writing a content item together with all its descendants (issue 21
 * item 12; decision record 034). Every write is planned as pairs of a step and its
 * undo; the steps run as ONE TransactWriteItems when they fit (≤ 100 elements,
 * ≤ ~4 MB), else in consistent batches, each one transaction with its own catalog
 * revision bump, and a batch that fails makes the batches already written be undone
 * (in reverse order), so that the whole write is all-or-nothing as far as readers
 * after the answer can tell.
 */

/** The root, then its descendants in breadth-first order (parents before their children). */
export interface ContentSubtreeItems {
  readonly root: ContentItem;
  readonly descendants: readonly ContentItem[];
}

/**
 * Reads the descendants of `root` level by level through the `children` lists
 * (one BatchGetItem per level and 100 ids). Children listed but missing are skipped.
 * Stops with `null` once more than `maxDescendants` are found.
 */
export async function getContentSubtree(
  root: ContentItem,
  maxDescendants: number,
): Promise<ContentSubtreeItems | null> {
  const descendants: ContentItem[] = [];
  const seen = new Set<string>([root.id]);
  let level: readonly ContentItem[] = [root];
  while (level.length > 0) {
    const ids = level.flatMap((item) => item.children.map((ref) => ref.id)).filter((id) => !seen.has(id));
    if (ids.length === 0) break;
    for (const id of ids) seen.add(id);
    if (descendants.length + ids.length > maxDescendants) return null;
    const found = new Map((await getContentByIds(ids)).map((item) => [item.id, item]));
    level = ids.flatMap((id) => {
      const item = found.get(id);
      return item ? [item] : [];
    });
    descendants.push(...level);
  }
  return { root, descendants };
}

/**
 * Like {@link getContentSubtree}, for readers (issue 27 item 2): the descendants of
 * `root` that `keep` accepts, breadth-first, read level by level with one
 * BatchGetItem per level and 100 ids, projected on `attributes` (which must name
 * `id` and `children`); the children of an item `keep` refuses are not read, so a
 * hidden item hides its subtree as the item page does. Stops with `null` once more
 * than `maxDescendants` are kept.
 */
export async function getKeptDescendants<T extends Pick<ContentItem, 'id' | 'children'>>(
  root: Pick<ContentItem, 'id' | 'children'>,
  keep: (item: T) => boolean,
  attributes: readonly string[],
  maxDescendants: number,
): Promise<T[] | null> {
  const descendants: T[] = [];
  const seen = new Set<string>([root.id]);
  let level: readonly Pick<ContentItem, 'id' | 'children'>[] = [root];
  while (level.length > 0) {
    const ids = level.flatMap((item) => (item.children ?? []).map((ref) => ref.id)).filter((id) => !seen.has(id));
    if (ids.length === 0) break;
    for (const id of ids) seen.add(id);
    const found = new Map((await batchGetItems<T>(ids.map(contentKey), attributes)).map((item) => [item.id, item]));
    const kept = ids.flatMap((id) => {
      const item = found.get(id);
      return item && keep(item) ? [item] : [];
    });
    if (descendants.length + kept.length > maxDescendants) return null;
    descendants.push(...kept);
    level = kept;
  }
  return descendants;
}

/** The stored files of `items` (only those still owned by their item). */
export async function getSubtreeFiles(items: readonly ContentItem[]): Promise<FileItem[]> {
  const owner = new Map(items.flatMap((item) => item.files.map((file) => [file.id, item.id] as const)));
  if (owner.size === 0) return [];
  const files = await batchGetItems<FileItem>([...owner.keys()].map(fileKey));
  return files.filter((file) => file.metadata.id === owner.get(file.id));
}

/** Every lesson of each of `items` (gsi2, ≤ 100 per item by decision record 021). */
export async function getSubtreeLessons(items: readonly ContentItem[]): Promise<LessonItem[]> {
  const lessons: LessonItem[] = [];
  for (const item of items) {
    let pageToken: string | undefined;
    do {
      const page = await queryPage<LessonItem>({
        index: 'gsi2',
        partitions: [lessonsPartition(item.id)],
        limit: 100,
        pageToken,
      });
      lessons.push(...page.items);
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
  }
  return lessons;
}

/** The artifact files of `lessons` that each lesson still owns. */
export async function getLessonFiles(lessons: readonly LessonItem[]): Promise<FileItem[]> {
  const owner = new Map(
    lessons.flatMap((lesson) =>
      [...lesson.urls, ...lesson.pages.flatMap((page) => page.urls)].map((url) => [url.fileId, lesson.id] as const),
    ),
  );
  if (owner.size === 0) return [];
  const files = await batchGetItems<FileItem>([...owner.keys()].map(fileKey));
  return files.filter((file) => file.metadata.id === owner.get(file.id));
}

/** Alias guards of `items` that still name their item. */
async function getAliasGuards(items: readonly ContentItem[]): Promise<Map<string, Record<string, unknown>>> {
  const guards = await batchGetItems<Record<string, unknown> & { pk: string; contentId?: string }>(
    items.map((item) => aliasGuardKey(item.urlAlias)),
  );
  const byAlias = new Map(items.map((item) => [aliasGuardKey(item.urlAlias).pk, item.id]));
  return new Map(guards.filter((guard) => byAlias.get(guard.pk) === guard.contentId).map((guard) => [guard.pk, guard]));
}

const absent = {
  ConditionExpression: 'attribute_not_exists(#pk)',
  ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
};

function restorePut(item: Record<string, unknown>): TransactWriteItem {
  return { Put: { TableName: tableName(), Item: item, ...absent } };
}

/** Size of an element as DynamoDB counts it, roughly (JSON bytes). */
function sizeOf(item: TransactWriteItem): number {
  return Buffer.byteLength(JSON.stringify(item), 'utf8');
}

function planned(step: TransactWriteItem, undo: TransactWriteItem | null): PlannedStep<TransactWriteItem> {
  return { step, undo, size: sizeOf(step), undoSize: undo ? sizeOf(undo) : 0 };
}

/**
 * The status change of one item (an Update, not a Put: 100 items of 100 kB
 * descriptions would pass the 4 MB of a transaction): status, `modifiedTimestamp`,
 * the gsi3 keys and `version` + 1, conditional on the version read; its undo puts
 * the four back, conditional on the version it left.
 */
function statusStep(item: ContentItem, status: ContentStatus, now: string): PlannedStep<TransactWriteItem> {
  const update = (
    values: { status: ContentStatus; modified: string; version: number },
    expected: number,
  ): TransactWriteItem => {
    const index = statusIndexKey(values.status, values.modified, item.id);
    return {
      Update: {
        TableName: tableName(),
        Key: contentKey(item.id),
        UpdateExpression:
          'SET #status = :status, #modified = :modified, #gsi3pk = :gsi3pk, #gsi3sk = :gsi3sk, #version = :version',
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#modified': 'modifiedTimestamp',
          '#gsi3pk': TABLE.indexes.gsi3.partitionKey,
          '#gsi3sk': TABLE.indexes.gsi3.sortKey,
          '#version': TABLE.versionAttribute,
        },
        ExpressionAttributeValues: {
          ':status': values.status,
          ':modified': values.modified,
          ':gsi3pk': index.gsi3pk,
          ':gsi3sk': index.gsi3sk,
          ':version': values.version,
          ':expected': expected,
        },
      },
    };
  };
  return planned(
    update({ status, modified: now, version: item.version + 1 }, item.version),
    update({ status: item.status, modified: item.modifiedTimestamp, version: item.version }, item.version + 1),
  );
}

/**
 * Sets `status` on the root and on every descendant whose status differs and that
 * `include` accepts (archive: every one not archived; restore: every archived one),
 * each conditional on the version read (spec §4 "Content status"; decision record
 * 034). Returns how many items changed.
 * @throws ConflictError {@link CONTENT_STALE_MESSAGE} when any of them changed since
 *   it was read (nothing is left changed), {@link BUSY_MESSAGE} after repeated
 *   transaction conflicts.
 */
export async function setSubtreeStatus(
  subtree: ContentSubtreeItems,
  status: ContentStatus,
  include: (item: ContentItem) => boolean,
  now: Date = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const items = [subtree.root, ...subtree.descendants].filter((item) => item.status !== status && include(item));
  await runPlanned(items.map((item) => statusStep(item, status, at)));
  return items.length;
}

/** What a subtree delete removes besides the content items (read by the caller beforehand). */
export interface SubtreeDeletion {
  readonly subtree: ContentSubtreeItems;
  /** The root's parent, whose `children` entry goes; null for a top-level item. */
  readonly parent: ContentItem | null;
  readonly files: readonly FileItem[];
  readonly lessons: readonly LessonItem[];
  readonly lessonFiles: readonly FileItem[];
}

/**
 * Deletes the root and every descendant with their alias guards, their lessons, the
 * root's entry in its parent's `children` (the parent's version goes up, as in
 * `deleteContent`), and detaches (TTL now, `detachFileStep`'s rule) every file of
 * theirs — deepest items first, each item after its files and lessons, every element
 * conditional on what was read (version, owner), and a purge marker per item (issue 25
 * item 3, `data/content-purge.ts`). The file objects are the caller's
 * to delete AFTER this returns (`discardFiles`), so none is lost to a failed delete
 * and none is orphaned.
 * @throws ConflictError {@link CONTENT_STALE_MESSAGE} when anything changed since it
 *   was read (nothing is left deleted), {@link BUSY_MESSAGE} after repeated conflicts.
 */
export async function deleteSubtree(deletion: SubtreeDeletion, now: Date = new Date()): Promise<void> {
  const { subtree, parent } = deletion;
  const items = [subtree.root, ...subtree.descendants];
  const guards = await getAliasGuards(items);
  const ttl = Math.floor(now.getTime() / 1000);
  const fileSteps = (files: readonly FileItem[]) =>
    new Map(
      files.map((file) => {
        const names = {
          '#ttl': TABLE.ttlAttribute,
          '#metadata': 'metadata',
          '#owner': 'id',
          '#version': TABLE.versionAttribute,
        };
        const step: TransactWriteItem = {
          Update: {
            TableName: tableName(),
            Key: fileKey(file.id),
            UpdateExpression: 'SET #ttl = :now, #version = :next',
            ConditionExpression: '#metadata.#owner = :owner AND #version = :expected',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ':now': ttl,
              ':owner': file.metadata.id,
              ':next': file.version + 1,
              ':expected': file.version,
            },
          },
        };
        const hadTtl = typeof (file as unknown as Record<string, unknown>)[TABLE.ttlAttribute] === 'number';
        const undo: TransactWriteItem = {
          Update: {
            TableName: tableName(),
            Key: fileKey(file.id),
            UpdateExpression: hadTtl ? 'SET #ttl = :ttl, #version = :version' : 'REMOVE #ttl SET #version = :version',
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute, '#version': TABLE.versionAttribute },
            ExpressionAttributeValues: {
              ':version': file.version,
              ':expected': file.version + 1,
              ...(hadTtl ? { ':ttl': (file as unknown as Record<string, unknown>)[TABLE.ttlAttribute] } : {}),
            },
          },
        };
        return [file.id, { owner: file.metadata.id, step: planned(step, undo) }] as const;
      }),
    );
  const contentFiles = fileSteps(deletion.files);
  const lessonFiles = fileSteps(deletion.lessonFiles);
  const stepsOfOwner = (steps: typeof contentFiles, owner: string) =>
    [...steps.values()].filter((entry) => entry.owner === owner).map((entry) => entry.step);

  const depth = new Map<string, number>([[subtree.root.id, 0]]);
  for (const item of subtree.descendants) depth.set(item.id, (depth.get(item.parentId ?? '') ?? 0) + 1);
  const deepestFirst = [...items].sort((a, b) => (depth.get(b.id) ?? 0) - (depth.get(a.id) ?? 0));

  const plan: PlannedStep<TransactWriteItem>[] = [];
  for (const item of deepestFirst) {
    for (const lesson of deletion.lessons.filter((candidate) => candidate.contentId === item.id)) {
      plan.push(...stepsOfOwner(lessonFiles, lesson.id));
      plan.push(
        planned(
          {
            Delete: {
              TableName: tableName(),
              Key: lessonKey(lesson.id),
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': TABLE.versionAttribute },
              ExpressionAttributeValues: { ':expected': lesson.version },
            },
          },
          restorePut(lesson as unknown as Record<string, unknown>),
        ),
      );
    }
    plan.push(...stepsOfOwner(contentFiles, item.id));
    const guard = guards.get(aliasGuardKey(item.urlAlias).pk);
    if (guard) {
      plan.push(
        planned(
          {
            Delete: {
              TableName: tableName(),
              Key: aliasGuardKey(item.urlAlias),
              ConditionExpression: '#contentId = :id',
              ExpressionAttributeNames: { '#contentId': 'contentId' },
              ExpressionAttributeValues: { ':id': item.id },
            },
          },
          restorePut(guard),
        ),
      );
    }
    plan.push(
      planned(
        {
          Delete: {
            TableName: tableName(),
            Key: contentKey(item.id),
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': TABLE.versionAttribute },
            ExpressionAttributeValues: { ':expected': item.version },
          },
        },
        restorePut(item as unknown as Record<string, unknown>),
      ),
    );
    // Its remains (draft, revisions, downloaders, notices, schedule) are the purge's (issue 25 item 3).
    plan.push(
      planned(contentPurgeMarkerStep(item.id, now).item, {
        Delete: { TableName: tableName(), Key: contentPurgeKey(item.id) },
      }),
    );
  }
  const position = parent?.children.findIndex((ref) => ref.id === subtree.root.id) ?? -1;
  if (parent && position >= 0) {
    plan.push(
      planned(
        {
          Update: {
            TableName: tableName(),
            Key: contentKey(parent.id),
            UpdateExpression: `REMOVE #children[${position}] SET #version = :next`,
            ConditionExpression: `#children[${position}].#id = :id AND #version = :expected`,
            ExpressionAttributeNames: { '#children': 'children', '#id': 'id', '#version': TABLE.versionAttribute },
            ExpressionAttributeValues: {
              ':id': subtree.root.id,
              ':next': parent.version + 1,
              ':expected': parent.version,
            },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: contentKey(parent.id),
            UpdateExpression: 'SET #children = :children, #version = :version',
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#children': 'children', '#version': TABLE.versionAttribute },
            ExpressionAttributeValues: {
              ':children': parent.children,
              ':version': parent.version,
              ':expected': parent.version + 1,
            },
          },
        },
      ),
    );
  }
  await runPlanned(plan);
}

/**
 * Runs planned steps: all in ONE transaction when they fit, else batch after batch
 * ({@link chunkSteps}: ≤ 99 elements and the byte budget, plus the catalog revision
 * bump in each). When a batch fails, the undo steps of the batches written so far
 * run in reverse order (conditional on what those batches left), then the batch's
 * error is rethrown.
 * @throws ConflictError {@link CONTENT_STALE_MESSAGE} for a failed condition;
 *   {@link BUSY_MESSAGE} after repeated conflicts; any other error unchanged.
 */
async function runPlanned(plan: readonly PlannedStep<TransactWriteItem>[]): Promise<void> {
  const batches = chunkSteps(plan);
  const done: PlannedStep<TransactWriteItem>[][] = [];
  for (const batch of batches) {
    try {
      await transact(batchSteps(batch.map((entry) => entry.step)));
    } catch (error) {
      await undoBatches(done);
      throw error;
    }
    done.push(batch);
  }
}

function batchSteps(items: readonly TransactWriteItem[]): TransactionStep[] {
  return [...items.map((item) => ({ item, conflict: CONTENT_STALE_MESSAGE })), { item: catalogRevisionUpdate() }];
}

/**
 * Undoes written batches, last first. An undo that cannot be written (something
 * changed the item meanwhile: practically never, the items are mid-delete) is
 * logged with the ids left as they are, and the remaining undos still run.
 */
async function undoBatches(done: readonly PlannedStep<TransactWriteItem>[][]): Promise<void> {
  const undos = done
    .toReversed()
    .flatMap((batch) => batch.toReversed())
    .flatMap((entry) => (entry.undo ? [{ ...entry, step: entry.undo, size: entry.undoSize }] : []));
  for (const batch of chunkSteps(undos)) {
    try {
      await dynamoDocumentClient.send(
        new TransactWriteCommand({
          TransactItems: [...batch.map((entry) => entry.step), catalogRevisionUpdate()],
        }),
      );
    } catch (error) {
      logger.error('Undo of a content subtree write failed; these elements stay as the write left them', {
        keys: batch.map(
          (entry) => entry.step.Put?.Item?.pk ?? entry.step.Update?.Key?.pk ?? entry.step.Delete?.Key?.pk,
        ),
        error: String(error),
      });
    }
  }
}
