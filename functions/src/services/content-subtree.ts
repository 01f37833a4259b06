import { CONTENT_NOT_FOUND_MESSAGE, CONTENT_STALE_MESSAGE } from '#shared/contracts/content';
import {
  CONTENT_SUBTREE_MAX_DESCENDANTS,
  type ContentSubtreeStatusChange,
  type ContentSubtreeStatusRequest,
  SUBTREE_CHANGED_MESSAGE,
  SUBTREE_TOO_LARGE_MESSAGE,
} from '#shared/contracts/content-subtree';
import { getContentById } from '../data/content.ts';
import { type ContentSubtreeItems, getContentSubtree, setSubtreeStatus } from '../data/content-subtree.ts';
import { toContent } from '../data/items.ts';
import { type Viewer, visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';

/**
 * Reads a content item and all its descendants for a subtree route (decision record
 * 034): the root hidden from `viewer` (or missing) is a 404 like missing content;
 * more than {@link CONTENT_SUBTREE_MAX_DESCENDANTS} descendants is a 400 at `path.id`.
 * With `confirmed`, the root's version and the number of descendants must be the
 * ones the editor confirmed, else 409 (stale root, or {@link SUBTREE_CHANGED_MESSAGE}).
 * @throws NotFoundError, ValidationError, ConflictError as above.
 */
export async function readSubtree(
  id: string,
  viewer: Viewer,
  confirmed?: { readonly version: number; readonly descendants: number },
): Promise<ContentSubtreeItems> {
  const root = await getContentById(id);
  if (!root || !visibleInDetail(root.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  if (confirmed && root.version !== confirmed.version) throw new ConflictError(CONTENT_STALE_MESSAGE);
  const subtree = await getContentSubtree(root, CONTENT_SUBTREE_MAX_DESCENDANTS);
  if (!subtree) throw new ValidationError([{ path: 'path.id', message: SUBTREE_TOO_LARGE_MESSAGE }]);
  if (confirmed && subtree.descendants.length !== confirmed.descendants) {
    throw new ConflictError(SUBTREE_CHANGED_MESSAGE);
  }
  return subtree;
}

/**
 * Archives or restores a subtree (issue 21 item 12; decision record 034): `archived`
 * archives the item `id` and every descendant not yet archived; `unpublished` (spec §4)
 * restores the item and every archived descendant — all or nothing, each item
 * conditional on the version read, after {@link readSubtree} checked the confirmed
 * root version and descendant count. Returns the root as saved and how many items
 * changed.
 * @throws NotFoundError, ValidationError, ConflictError as {@link readSubtree}; a
 * ConflictError when an item changed between the read and the write.
 */
export async function changeSubtreeStatus(
  id: string,
  viewer: Viewer,
  request: ContentSubtreeStatusRequest,
): Promise<ContentSubtreeStatusChange> {
  const subtree = await readSubtree(id, viewer, request);
  const include = request.status === 'archived' ? () => true : (item: { status: string }) => item.status === 'archived';
  const changed = await setSubtreeStatus(
    subtree,
    request.status,
    (item) => item.id === subtree.root.id || include(item),
  );
  const saved = await getContentById(subtree.root.id);
  return { content: toContent(saved ?? subtree.root), changed };
}
