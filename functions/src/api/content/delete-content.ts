import { CONTENT_HAS_CHILDREN_MESSAGE, CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { deleteContent as deleteContentItem, getContentById } from '../../data/content.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/**
 * `DELETE /api/v1/content-items/{id}` (spec §7 "Delete content by id"): deletes an
 * item without children, with its alias guard and its entry in the parent's
 * `children`, in one transaction; an item with children is a 409 (decision record
 * 015). Answers `{ id, parentId }` so the SPA goes to the parent or /courseware
 * (spec §2.6).
 */
export const deleteContent = defineRoute('deleteContent', async ({ path, caller }) => {
  const item = await getContentById(path.id);
  if (!item || !visibleInDetail(item.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  if (item.children.length > 0) throw new ConflictError(CONTENT_HAS_CHILDREN_MESSAGE);
  const parent = item.parentId ? await getContentById(item.parentId) : null;
  await deleteContentItem(item, parent);
  return { id: item.id, parentId: item.parentId };
});
