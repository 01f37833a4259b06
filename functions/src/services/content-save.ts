import type { FieldError } from '#shared/contracts/common';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import type { RevisionSummary } from '#shared/contracts/content-draft';
import type { ParsedSaveContentRequest, SavedContent } from '#shared/contracts/content-save';
import type { UploadKind } from '#shared/contracts/file';
import type { TransactionStep } from '../data/content.ts';
import { getContentById, getContentByIds } from '../data/content.ts';
import { getContentReferences } from '../data/content-references.ts';
import { assertSaveSize, commitContentSave, prepareContentSave } from '../data/content-save.ts';
import { getContributorsByIds } from '../data/contributors.ts';
import { discardFiles, getFilesByIds, isUnattachedReady } from '../data/files.ts';
import { type ContentItem, type FileItem, toContent } from '../data/items.ts';
import { planContentSave, type SavePlan } from '../domain/content-save.ts';
import { newId } from '../domain/ids.ts';
import { visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { contentAuditEvent } from './content-audit.ts';
import { ARCHIVED_READ_ONLY_MESSAGE } from './content-edit.ts';
import { publicationOf } from './content-publish.ts';
import { bucketOf, uploadKindOf } from './file-rules.ts';
import { keepNamedHtmlImages } from './html-images.ts';

/**
 * The content save of `POST /api/v1/content-saves` (spec §4 "Saving content, in order", §5 "Content
 * editing", "Contributor"; decision record 020): reads the item (or a new item's
 * parent: hidden or missing → 404; archived item → 409), the children, the changed
 * contributors, the references and every file the save names; checks each new
 * upload (the caller's own, Ready, unattached, of kind `content` for files and
 * `portrait` for portraits: else 400 at its field); plans the six steps and counts
 * them (more than 100 → 400); then writes them as ONE transaction. If the write
 * fails, whatever the reason, nothing is written and the uploads the save named are
 * deleted before the error is rethrown; once it committed, the files it detached are
 * deleted (best effort: they carry a TTL). The save's audit event (sections, files
 * and every other field that changed; issue 21 item 19) is one element of that
 * transaction, and so is a revision when the item is published after the save (issue
 * 25 item 3; `options.note` its note), the revision of each new child created
 * published (counted with the rest: a save that would not fit is the 400 above), and `options.extraSteps` (publishing a draft
 * deletes it there). Returns the `SavedContent` (the route answers it with 200) with
 * the stored revision's summary (null: not published); `caller`
 * is the verified caller (its principal decides visibility, its `sub` whose uploads
 * may be attached).
 * @throws NotFoundError (404), ConflictError (409), ValidationError (400) as above;
 *   the transaction's own errors (409 on a concurrent change) after the uploads were deleted;
 *   a storage failure (5xx) as it came, the uploads kept for the resend.
 */
export async function saveContent(
  body: ParsedSaveContentRequest,
  caller: Caller,
  options: SaveOptions = {},
): Promise<SavedContent & { revision: RevisionSummary | null }> {
  const now = new Date();
  const { current, planned } = await readSavePlan(body, caller, now, true);
  // Every write that leaves the item published stores a revision (issue 25 item 3).
  const storedVersion = planned.item.kind === 'update' ? planned.item.expectedVersion + 1 : 1;
  const publication = publicationOf(current, planned.item.record, storedVersion, caller, options.note ?? null, now);
  // So does each child the save creates published (a new item: its revision, no notice).
  const children = planned.newChildren.map((child) => publicationOf(null, child, 1, caller, null, now));
  const plan: SavePlan = {
    ...planned,
    item: publication ? { ...planned.item, record: publication.record } : planned.item,
    newChildren: planned.newChildren.map((child, position) => children[position]?.record ?? child),
  };
  const prepared = prepareContentSave(plan, now, (saved) => contentAuditEvent(caller, current, saved));
  const steps = [
    ...prepared.steps,
    ...(publication ? publication.steps : []),
    ...children.flatMap((child) => child?.steps ?? []),
    ...(options.extraSteps ?? []),
  ];
  assertSaveSize(steps.length);
  // The editor's images it names are kept first (decision record 063): never a shown image that expires.
  await keepNamedHtmlImages(body, caller?.sub, now);
  let saved: ContentItem;
  try {
    saved = await commitContentSave({ item: prepared.item, steps });
  } catch (error) {
    // A refused save (409 stale, 400) deletes the uploads it named (decision record 020).
    // A failure of the storage itself (a 5xx: faults outlasting the SDK's retries) keeps
    // them: the SPA resends the save with its Idempotency-Key, and the resend attaches
    // them; if nobody resends, their day's TTL and the sweeper remove them (decision record 083).
    if (error instanceof HttpError && error.statusCode < 500) await discardFiles(plan.uploads, bucketOf);
    throw error;
  }
  if (plan.discardAfterCommit.length > 0) await discardFiles(plan.discardAfterCommit, bucketOf);
  return { content: toContent(saved), created: plan.created, revision: publication?.revision ?? null };
}

/**
 * The reads and the plan of a save (everything `saveContent` does before writing):
 * the item (hidden or missing → 404, archived → 409) or a new item's parent, its
 * children, the changed contributors, the references and the files named, then
 * `planContentSave`. With `checkUploads`, the new uploads are checked (400 at their
 * field). Shared by the save and the draft preview (issue 25 item 2), which writes nothing.
 * @throws NotFoundError, ConflictError, ValidationError as {@link saveContent}.
 */
export async function readSavePlan(
  body: ParsedSaveContentRequest,
  caller: Caller,
  now: Date,
  checkUploads: boolean,
): Promise<{ current: ContentItem | null; planned: SavePlan }> {
  const viewer = caller?.principal ?? null;
  const current = body.id ? await getContentById(body.id) : null;
  if (body.id && (!current || !visibleInDetail(current.status, viewer))) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  if (current?.status === 'archived') throw new ConflictError(ARCHIVED_READ_ONLY_MESSAGE);
  const parent = !current && body.parentId ? await getContentById(body.parentId) : null;
  if (!current && body.parentId && (!parent || !visibleInDetail(parent.status, viewer))) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }

  const existingContributors = body.contributors.flatMap((slot, index) =>
    'id' in slot ? [{ id: slot.id, index }] : [],
  );
  const [children, contributors, refs] = await Promise.all([
    current && current.children.length > 0 ? getContentByIds(current.children.map((ref) => ref.id)) : [],
    body.changedContributors.length > 0 ? getContributorsByIds(body.changedContributors.map((c) => c.id)) : [],
    getContentReferences({ ...body.fields, contributors: existingContributors }),
  ]);
  const storedContributors = new Map(contributors.map((contributor) => [contributor.id, contributor]));
  const fileIds = new Set([
    ...body.files.map((slot) => slot.id),
    ...(current?.files ?? []).map((file) => file.id),
    ...[...body.newContributors, ...body.changedContributors].flatMap((c) =>
      c.portraitFileId ? [c.portraitFileId] : [],
    ),
    ...contributors.flatMap((contributor) => (contributor.portraitFileId ? [contributor.portraitFileId] : [])),
  ]);
  const files = fileIds.size > 0 ? await getFilesByIds([...fileIds]) : [];
  const filesById = new Map(files.map((file) => [file.id, file]));

  if (checkUploads) {
    const problems = uploadProblems(body, current, storedContributors, filesById, caller?.sub ?? '', now);
    if (problems.length > 0) throw new ValidationError(problems);
  }

  const planned = planContentSave({
    request: body,
    current,
    parent,
    children: new Map(children.map((child) => [child.id, child])),
    contributors: storedContributors,
    files: filesById,
    refs,
    now,
    newId,
  });
  return { current, planned };
}

/** What publishing a draft adds to a save (issue 25 item 2): the revision note, and steps of the same transaction (the draft's delete). */
export interface SaveOptions {
  readonly note?: string | null;
  readonly extraSteps?: readonly TransactionStep[];
}

/**
 * Field errors for the uploads a save names: new files (not yet in the item's
 * `files`) must be the caller's Ready, unattached uploads of kind `content`; new
 * portraits the same, of kind `portrait` (decision record 020).
 */
function uploadProblems(
  body: ParsedSaveContentRequest,
  current: ContentItem | null,
  contributors: ReadonlyMap<string, { readonly portraitFileId: string | null }>,
  files: ReadonlyMap<string, FileItem>,
  callerId: string,
  now: Date,
): FieldError[] {
  const errors: FieldError[] = [];
  const check = (fileId: string, kind: UploadKind, path: string) => {
    const message = uploadProblem(files.get(fileId), kind, callerId, now);
    if (message) errors.push({ path, message });
  };
  const kept = new Set((current?.files ?? []).map((file) => file.id));
  for (const [position, slot] of body.files.entries()) {
    if (!kept.has(slot.id)) check(slot.id, 'content', `body.files.${position}.id`);
  }
  for (const [position, contributor] of body.newContributors.entries()) {
    if (contributor.portraitFileId) {
      check(contributor.portraitFileId, 'portrait', `body.newContributors.${position}.portraitFileId`);
    }
  }
  for (const [position, contributor] of body.changedContributors.entries()) {
    const stored = contributors.get(contributor.id);
    if (contributor.portraitFileId && stored && contributor.portraitFileId !== stored.portraitFileId) {
      check(contributor.portraitFileId, 'portrait', `body.changedContributors.${position}.portraitFileId`);
    }
  }
  return errors;
}

/** Why a file cannot be attached by this save (or a courseware submission, decision record 067), or null when it can. */
export function uploadProblem(
  file: FileItem | undefined,
  kind: UploadKind,
  callerId: string,
  now: Date,
): string | null {
  // Someone else's upload is reported like a missing one: its existence is not the caller's business.
  if (!file?.createdBy || file.createdBy !== callerId) return 'No upload of yours has this id.';
  if (uploadKindOf(file) !== kind)
    return kind === 'portrait' ? 'Is not a portrait upload.' : 'Is not a content file upload.';
  if (file.status === 'Pending') return 'The upload is not complete yet.';
  if (file.status === 'Failed') return 'The upload was refused; upload the file again.';
  if (file.expiresAt === undefined) return 'The file is already attached.';
  if (!isUnattachedReady(file, now)) return 'The upload has expired or was removed; upload the file again.';
  return null;
}
