import { getContentById } from '../../data/content.ts';
import { setSubtreeStatus } from '../../data/content-subtree.ts';
import { toContent } from '../../data/items.ts';
import { readSubtree } from '../../services/content-subtree.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PATCH /api/v1/content-subtrees/{id}` (issue 21 item 12; decision record 034):
 * archives (`archived`) the item and every descendant not yet archived, or restores
 * (`unpublished`, spec §4) the item and every archived descendant — all or nothing,
 * each item conditional on the version read, after checking that the root's version
 * and the number of descendants are the ones the editor confirmed (409 otherwise).
 * Answers the root as saved and how many items changed.
 */
export const setContentSubtreeStatus = defineRoute('setContentSubtreeStatus', async ({ path, body, caller }) => {
  const subtree = await readSubtree(path.id, caller?.principal ?? null, body);
  const include = body.status === 'archived' ? () => true : (item: { status: string }) => item.status === 'archived';
  const changed = await setSubtreeStatus(subtree, body.status, (item) => item.id === subtree.root.id || include(item));
  const saved = await getContentById(subtree.root.id);
  return { content: toContent(saved ?? subtree.root), changed };
});
