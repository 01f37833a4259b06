import * as contentDeletes from '../../services/content-delete.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/content-items/{id}` (spec §7 "Delete content by id"): deletes an
 * item without children or lessons (else 409), with its files and its `content.delete`
 * audit event (`services/content-delete.ts`). Answers `{ id, parentId }` so the SPA
 * goes to the parent or /courseware (spec §2.6).
 */
export const deleteContent = defineRoute('deleteContent', ({ path, caller }) =>
  contentDeletes.deleteContent(path.id, caller),
);
