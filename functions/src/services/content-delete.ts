import {
  CONTENT_HAS_CHILDREN_MESSAGE,
  CONTENT_HAS_LESSONS_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
  CONTENT_STALE_MESSAGE,
} from '#shared/contracts/content';
import { SUBTREE_HIDDEN_MESSAGE } from '#shared/contracts/content-subtree';
import { deleteContent as deleteContentItem, getContentById } from '../data/content.ts';
import { deleteSubtree, getLessonFiles, getSubtreeFiles, getSubtreeLessons } from '../data/content-subtree.ts';
import { detachFileStep, discardFiles, getFilesByIds } from '../data/files.ts';
import { countLessons } from '../data/lessons.ts';
import { visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { contentAuditEvent } from './content-audit.ts';
import { purgeContent } from './content-purge.ts';
import { readSubtree } from './content-subtree.ts';
import { bucketOf } from './file-rules.ts';

/**
 * Deletes one content item (spec §7 "Delete content by id"): an item without
 * children or lessons, with its alias guard, its entry in the parent's `children`
 * and the detaching of its files, in one transaction with its `content.delete` audit
 * event (issue 21 item 19); then its files and their objects (decision record 020: a
 * file whose deletion fails keeps the TTL the detaching gave it, for the upload
 * sweeper), then what it left under its keys — draft and the draft's uploads,
 * revisions, downloader records, update notices, publishing schedule — by the purge
 * its transaction recorded (issue 25 item 3, `purgeContent`; a failed purge is
 * housekeeping's). Returns `{ id, parentId }`. With `expectedVersion` (bulk actions, issue 25
 * item 8), an item at another version is a 409 {@link CONTENT_STALE_MESSAGE}.
 * @throws NotFoundError (404) for an item missing or hidden from `caller`;
 *   ConflictError (409) for one with children or lessons (decision records 015, 021),
 *   or at another version than `expectedVersion`.
 */
export async function deleteContent(
  id: string,
  caller: Caller,
  expectedVersion?: number,
): Promise<{ id: string; parentId: string | null }> {
  const item = await getContentById(id);
  if (!item || !visibleInDetail(item.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  if (expectedVersion !== undefined && item.version !== expectedVersion) {
    throw new ConflictError(CONTENT_STALE_MESSAGE);
  }
  if (item.children.length > 0) throw new ConflictError(CONTENT_HAS_CHILDREN_MESSAGE);
  if ((await countLessons(item.id)).count > 0) throw new ConflictError(CONTENT_HAS_LESSONS_MESSAGE);
  const parent = item.parentId ? await getContentById(item.parentId) : null;
  const files = (await getFilesByIds(item.files.map((file) => file.id))).filter((file) => file.metadata.id === item.id);
  const now = new Date();
  await deleteContentItem(
    item,
    parent,
    files.map((file) => detachFileStep(file.id, item.id, now)),
    contentAuditEvent(caller, item, null),
  );
  if (files.length > 0) await discardFiles(files, bucketOf, now);
  await purgeContent([item.id], now);
  return { id: item.id, parentId: item.parentId };
}

/**
 * Deletes an item and every descendant (issue 21 item 12; decision record 034), with
 * their alias guards, lessons and the root's entry in its parent's `children`, all or
 * nothing; then their files and lesson artifacts (objects, then records: none is
 * orphaned, a failure is left to the TTL the delete gave them), then each item's
 * remains by its purge (issue 25 item 3, as `deleteContent`). `confirmed` is the
 * root's version and the number of descendants the editor confirmed.
 * Returns `{ id, parentId, deleted }` (`deleted` counts the root too).
 * @throws ConflictError (409) when the root's version or the number of descendants is
 *   not the one confirmed, or when a caller who may not see archived content would
 *   delete archived descendants; NotFoundError, ValidationError as `readSubtree`.
 */
export async function deleteContentSubtree(
  id: string,
  confirmed: { readonly version: number; readonly descendants: number },
  caller: Caller,
): Promise<{ id: string; parentId: string | null; deleted: number }> {
  const viewer = caller?.principal ?? null;
  const subtree = await readSubtree(id, viewer, confirmed);
  if (subtree.descendants.some((item) => !visibleInDetail(item.status, viewer))) {
    throw new ConflictError(SUBTREE_HIDDEN_MESSAGE);
  }
  const items = [subtree.root, ...subtree.descendants];
  const parent = subtree.root.parentId ? await getContentById(subtree.root.parentId) : null;
  const files = await getSubtreeFiles(items);
  const lessons = await getSubtreeLessons(items);
  const lessonFiles = await getLessonFiles(lessons);
  const now = new Date();
  await deleteSubtree({ subtree, parent, files, lessons, lessonFiles }, now);
  await discardFiles([...files, ...lessonFiles], bucketOf, now);
  await purgeContent(
    items.map((item) => item.id),
    now,
  );
  return { id: subtree.root.id, parentId: subtree.root.parentId, deleted: items.length };
}
