import { editContent } from '../../services/content-edit.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PATCH /api/v1/content-items/{id}` (spec §7 "Update content by id", partial fields
 * such as name or status): archive is `{ status: 'archived' }`, restore
 * `{ status: 'unpublished' }` (spec §4). Answers the saved item; stale `version` → 409.
 */
export const patchContent = defineRoute('patchContent', async ({ path, body, caller }) => {
  const { version, ...changes } = body;
  return editContent(path.id, changes, version, 'patch', caller);
});
