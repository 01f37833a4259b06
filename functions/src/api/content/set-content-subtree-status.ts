import { changeSubtreeStatus } from '../../services/content-subtree.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PATCH /api/v1/content-subtrees/{id}` (issue 21 item 12; decision record 034):
 * archives or restores the item and its descendants, all or nothing
 * ({@link changeSubtreeStatus}). Answers the root as saved and how many items changed.
 */
export const setContentSubtreeStatus = defineRoute('setContentSubtreeStatus', async ({ path, body, caller }) =>
  changeSubtreeStatus(path.id, caller?.principal ?? null, body),
);
