import {
  CONTENT_NOT_FOUND_MESSAGE,
  CONTENT_STALE_MESSAGE,
  type Content,
  type CreateContentRequest,
} from '#shared/contracts/content';
import { createContent as createContentItem, getContentById, updateContent } from '../data/content.ts';
import { getContentReferences } from '../data/content-references.ts';
import { toContent } from '../data/items.ts';
import {
  applyContentChanges,
  type ContentChanges,
  kuOutcomeErrors,
  missingReferences,
  newContentRecord,
  scheduleErrors,
} from '../domain/content-edit.ts';
import { newId } from '../domain/ids.ts';
import { type Viewer, visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { contentAuditEvent } from './content-audit.ts';
import { publicationOf } from './content-publish.ts';

/** Message of the 409 for editing archived content other than restoring it (spec §4 "Content modes"). */
export const ARCHIVED_READ_ONLY_MESSAGE = 'Archived content cannot be edited. Restore it first.';

/**
 * The save shared by `PUT` and `PATCH /api/v1/content-items/{id}` (spec §4 "Saving
 * content", decision record 015): reads the item (hidden from the caller → 404 like
 * missing), refuses a stale `version` at once (409, nothing written), resolves the
 * contributors and knowledge items named, applies the edit and writes it in one
 * transaction (`updateContent`). Archived content only takes a status change
 * (restore). The change's audit event (`content.update`, `.archive` or `.restore`,
 * with the fields that changed; issue 21 item 19) is part of the transaction, and so
 * is a revision when the item is published after the write (issue 25 item 3: the
 * status change scheduled publishing and bulk publish go through).
 * A `publishAt` must be in the future on an item that stays unpublished (400,
 * `scheduleErrors`); the schedule's index item is written or removed in the same
 * transaction, and publishing clears it (issue 25 item 7, decision record 068).
 * `kuOutcomes` must name the item's KUs after the edit and their outcomes (400 at
 * `body.kuOutcomes.i…`, issue 27 item 4). Returns the stored item.
 * @throws NotFoundError, ConflictError, ValidationError (unknown references, outcomes).
 */
export async function editContent(
  id: string,
  changes: ContentChanges,
  version: number,
  mode: 'patch' | 'replace',
  caller: Caller,
): Promise<Content> {
  const viewer: Viewer = caller?.principal ?? null;
  const current = await getContentById(id);
  if (!current || !visibleInDetail(current.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  if (current.version !== version) throw new ConflictError(CONTENT_STALE_MESSAGE);
  const onlyStatus = mode === 'patch' && Object.keys(changes).every((key) => key === 'status');
  if (current.status === 'archived' && !onlyStatus) throw new ConflictError(ARCHIVED_READ_ONLY_MESSAGE);
  const now = new Date();
  const unschedulable = scheduleErrors(current, changes, now);
  if (unschedulable.length > 0) throw new ValidationError(unschedulable);
  const refs = await getContentReferences(changes);
  const missing = missingReferences(changes, refs);
  if (missing.length > 0) throw new ValidationError(missing);
  const edited = applyContentChanges(current, changes, mode, refs, now);
  const outcomeErrors = kuOutcomeErrors(edited, changes, refs, 'body.');
  if (outcomeErrors.length > 0) throw new ValidationError(outcomeErrors);
  // Every write that leaves the item published stores a revision (issue 25 item 3).
  const publication = publicationOf(current, edited, version + 1, caller, null, now);
  const record = publication?.record ?? edited;
  const saved = await updateContent(
    record,
    version,
    current.urlAlias,
    contentAuditEvent(caller, current, record),
    current.publishAt ?? null,
    publication ? publication.steps : [],
  );
  return toContent(saved);
}

/**
 * Creates a content item (spec §7 "Create content"): a child when `parentId` names a
 * parent the caller can see, else 404; its alias guard, its place in the parent's
 * `children`, the catalog revision bump and the `content.create` audit event (issue
 * 21 item 19) in one transaction, and so is its revision when it is created
 * published (issue 25 item 3, decision record 065: every publish stores one).
 * Returns the new item's id.
 * @throws NotFoundError (404), ValidationError (unknown references), ConflictError
 *   "URL alias is already in use." (409).
 */
export async function createContent(input: CreateContentRequest, caller: Caller): Promise<{ id: string }> {
  const { parentId, ...fields } = input;
  const parent = parentId ? await getContentById(parentId) : null;
  if (parentId && (!parent || !visibleInDetail(parent.status, caller?.principal ?? null))) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  const refs = await getContentReferences(fields);
  const missing = missingReferences(fields, refs);
  if (missing.length > 0) throw new ValidationError(missing);
  const now = new Date();
  const created = newContentRecord({ id: newId(), fields, parent, refs, now });
  const outcomeErrors = kuOutcomeErrors(created, fields, refs, 'body.');
  if (outcomeErrors.length > 0) throw new ValidationError(outcomeErrors);
  // Created published is a publish: its revision in the same transaction (issue 25 item 3).
  const publication = publicationOf(null, created, 1, caller, null, now);
  const record = publication?.record ?? created;
  await createContentItem(record, {
    attachToParent: true,
    audit: contentAuditEvent(caller, null, record),
    extraSteps: publication?.steps ?? [],
  });
  return { id: record.id };
}
