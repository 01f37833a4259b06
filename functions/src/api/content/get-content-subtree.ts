import { getSubtreeFiles } from '../../data/content-subtree.ts';
import { countByCategory } from '../../domain/content-subtree.ts';
import { readSubtree } from '../../services/content-subtree.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/content-subtrees/{id}` (issue 21 item 12; decision record 034): what
 * an archive, restore or delete with descendants would touch — the root's name,
 * status and version, how many descendants (by category, and how many archived),
 * and how many files — for the confirmation the editor ticks.
 */
export const getContentSubtree = defineRoute('getContentSubtree', async ({ path, caller }) => {
  const { root, descendants } = await readSubtree(path.id, caller?.principal ?? null);
  const files = await getSubtreeFiles([root, ...descendants]);
  return {
    id: root.id,
    name: root.name,
    status: root.status,
    categories: root.categories,
    version: root.version,
    descendants: descendants.length,
    archived: descendants.filter((item) => item.status === 'archived').length,
    files: files.length,
    byCategory: countByCategory(descendants),
  };
});
