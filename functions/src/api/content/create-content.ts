import * as contentEdits from '../../services/content-edit.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/content` (spec §7 "Create content"): creates the item, a child when
 * `parentId` names a parent the caller can see (else 404), in one transaction with
 * its `content.create` audit event (`services/content-edit.ts`). Answers 201 `{ id }`;
 * a taken alias is a 409 "URL alias is already in use.".
 */
export const createContent = defineRoute('createContent', ({ body, caller }) =>
  contentEdits.createContent(body, caller),
);
