import { editContent } from '../../services/content-edit.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/content-items/{id}` (spec §7 "Update content by id", a full object):
 * answers the saved item with its new `version`; a stale `version` is a 409
 * "Content was changed by someone else. Reload to see the changes." (decision record 015).
 */
export const replaceContent = defineRoute('replaceContent', async ({ path, body, caller }) => {
  const { version, ...changes } = body;
  return editContent(path.id, changes, version, 'replace', caller);
});
