import * as contentDeletes from '../../services/content-delete.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/content-subtrees/{id}?version=&descendants=` (issue 21 item 12;
 * decision record 034): deletes the item and every descendant, all or nothing, then
 * their files (`services/content-delete.ts`). 409 when the root's version or the
 * number of descendants is not the one confirmed, or when archived descendants are
 * hidden from the caller. Answers `{ id, parentId, deleted }`.
 */
export const deleteContentSubtree = defineRoute('deleteContentSubtree', ({ path, query, caller }) =>
  contentDeletes.deleteContentSubtree(path.id, query, caller),
);
