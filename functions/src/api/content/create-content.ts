import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { createContent as createContentItem, getContentById } from '../../data/content.ts';
import { getContentReferences } from '../../data/content-references.ts';
import { missingReferences, newContentRecord } from '../../domain/content-edit.ts';
import { newId } from '../../domain/ids.ts';
import { visibleInDetail } from '../../domain/visibility.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { contentAuditEvent } from './content-audit.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/content` (spec §7 "Create content"): creates the item (a child when
 * `parentId` names a parent the caller can see, else 404), its alias guard, its
 * place in the parent's `children` and the catalog revision bump in one transaction.
 * Answers 201 `{ id }`; a taken alias is a 409 "URL alias is already in use.". The
 * `content.create` audit event is part of the transaction (issue 21 item 19).
 */
export const createContent = defineRoute('createContent', async ({ body, caller }) => {
  const { parentId, ...fields } = body;
  const parent = parentId ? await getContentById(parentId) : null;
  if (parentId && (!parent || !visibleInDetail(parent.status, caller?.principal ?? null))) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  const refs = await getContentReferences(fields);
  const missing = missingReferences(fields, refs);
  if (missing.length > 0) throw new ValidationError(missing);
  const record = newContentRecord({ id: newId(), fields, parent, refs, now: new Date() });
  await createContentItem(record, { attachToParent: true, audit: contentAuditEvent(caller, null, record) });
  return { id: record.id };
});
