import { SUBTREE_HIDDEN_MESSAGE } from '#shared/contracts/content-subtree';
import { getContentById } from '../../data/content.ts';
import { deleteSubtree, getLessonFiles, getSubtreeFiles, getSubtreeLessons } from '../../data/content-subtree.ts';
import { discardFiles } from '../../data/files.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { ConflictError } from '../../lib/errors.ts';
import { bucketOf } from '../file/file-rules.ts';
import { readSubtree } from './content-subtree-access.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/content-subtrees/{id}?version=&descendants=` (issue 21 item 12;
 * decision record 034): deletes the item and every descendant, with their alias
 * guards, lessons and the root's entry in its parent's `children`, all or nothing;
 * then deletes their files and lesson artifacts (objects, then records: none is
 * orphaned, a failure is left to the TTL the delete gave them). 409 when the root's
 * version or the number of descendants is not the one confirmed, or when a caller
 * who may not see archived content would delete archived descendants.
 * Answers `{ id, parentId, deleted }`.
 */
export const deleteContentSubtree = defineRoute('deleteContentSubtree', async ({ path, query, caller }) => {
  const viewer = caller?.principal ?? null;
  const subtree = await readSubtree(path.id, viewer, query);
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
  return { id: subtree.root.id, parentId: subtree.root.parentId, deleted: items.length };
});
