import {
  CONTENT_HAS_CHILDREN_MESSAGE,
  CONTENT_HAS_LESSONS_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
} from '#shared/contracts/content';
import { deleteContent as deleteContentItem, getContentById } from '../../data/content.ts';
import { detachFileStep, discardFiles, getFilesByIds } from '../../data/files.ts';
import { countLessons } from '../../data/lessons.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { bucketOf } from '../file/file-rules.ts';
import { contentAuditEvent } from './content-audit.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/content-items/{id}` (spec §7 "Delete content by id"): deletes an
 * item without children or lessons, with its alias guard, its entry in the parent's
 * `children` and the detaching of its files, in one transaction; an item with
 * children or lessons is a 409 (decision records 015, 021). After the commit its
 * files and their objects are deleted (decision record 020: a file whose deletion
 * fails keeps the TTL the detaching gave it, for the upload sweeper). Answers
 * `{ id, parentId }` so the SPA goes to the parent or /courseware (spec §2.6). The
 * `content.delete` audit event is part of the transaction (issue 21 item 19).
 */
export const deleteContent = defineRoute('deleteContent', async ({ path, caller }) => {
  const item = await getContentById(path.id);
  if (!item || !visibleInDetail(item.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
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
  return { id: item.id, parentId: item.parentId };
});
