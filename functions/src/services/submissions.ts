import { can } from '#shared/capabilities';
import type { FieldError } from '#shared/contracts/common';
import { SaveContentRequest } from '#shared/contracts/content-save';
import type { DownloadUrl } from '#shared/contracts/download';
import { FILE_NOT_FOUND_MESSAGE, UPLOAD_KINDS } from '#shared/contracts/file';
import {
  type ParsedCreateSubmissionCommentRequest,
  type ParsedCreateSubmissionRequest,
  type ParsedListSubmissionReviewsQuery,
  type ParsedUpdateSubmissionRequest,
  SUBMISSION_NOT_FOUND_MESSAGE,
  SUBMISSION_STALE_MESSAGE,
  SUBMISSION_STATE_MESSAGE,
  type Submission,
  type SubmissionComment,
  type SubmissionDecisionRequest,
  type SubmissionDetail,
  type SubmissionList,
  type SubmissionPage,
  type SubmissionState,
} from '#shared/contracts/submission';
import { presignDownload } from '../adapters/file-objects.ts';
import type { TransactWriteItem } from '../data/catalog.ts';
import type { TransactionStep } from '../data/content.ts';
import { transact } from '../data/content.ts';
import { getContentReferences } from '../data/content-references.ts';
import { prepareContentSave, UPLOAD_GONE_MESSAGE } from '../data/content-save.ts';
import { findContributorByEmail } from '../data/contributors.ts';
import { putNewItemStep } from '../data/dynamo.ts';
import {
  attachUploadStep,
  detachFileStep,
  discardFiles,
  getFile,
  getFilesByIds,
  renameFileStep,
  transferFileStep,
} from '../data/files.ts';
import type { FileItem } from '../data/items.ts';
import { outboxItemOf } from '../data/messages.ts';
import {
  addCommentSteps,
  commentStep,
  createSubmissionStep,
  getSubmissionWithComments,
  listSubmissionsByState,
  listSubmitterSubmissions,
  replaceSubmissionStep,
  type SubmissionCommentRecord,
  type SubmissionFileRecord,
  type SubmissionRecord,
} from '../data/submissions.ts';
import { missingReferences } from '../domain/content-edit.ts';
import { planContentSave } from '../domain/content-save.ts';
import { downloadName } from '../domain/download-rights.ts';
import { sanitizeDescription } from '../domain/html.ts';
import { newId } from '../domain/ids.ts';
import {
  acceptsComments,
  composeSubmissionEmail,
  nextSubmissionState,
  ownSubmissionLink,
  reviewSubmissionLink,
  type SubmissionAction,
  type SubmissionEmailEvent,
  sameEmail,
} from '../domain/submissions.ts';
import { deploymentBrand, messageEmailAddresses, portalOriginOfEnv } from '../lib/deployment.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { unheldLease } from '../messages/outbox.ts';
import { contentAuditEvent } from './content-audit.ts';
import { uploadProblem } from './content-save.ts';
import { bucketOf } from './file-rules.ts';

/**
 * The use cases of courseware submission and review (issue 25 item 6; decision record
 * 067). Every change is ONE transaction: the submission, its comment, its files'
 * attaches or detaches and the outbox e-mail it sends (to the submitter for the
 * team's comments and decisions, to the team inbox for the submitter's). Uploads a
 * change names but could not attach are deleted when the change fails, as a content
 * save's are (decision record 020).
 */

/** Most submissions "My submissions" lists (newest first). */
const OWN_LIST_MAX = 100;

type VerifiedCaller = NonNullable<Caller>;

/**
 * `POST /api/v1/submissions`: a new submission in state `submitted`, its files
 * attached to it (they no longer expire), and an e-mail to the team inbox.
 * @throws ValidationError (400) for an upload that is not the caller's Ready,
 *   unattached content upload, or a KSA/KU/TKS id that names nothing;
 *   ConflictError (409) when an upload was attached or removed meanwhile.
 */
export async function createSubmission(body: ParsedCreateSubmissionRequest, caller: Caller): Promise<Submission> {
  const who = verified(caller);
  const now = new Date();
  const at = now.toISOString();
  const id = newId();
  const files = await checkedUploads(body.files, new Set(), who.sub, now);
  await checkKnowledge(body);
  const record: SubmissionRecord = {
    id,
    state: 'submitted',
    track: body.track,
    ...proposalOf(body),
    contributor: body.contributor,
    files: body.files.map((slot) => fileRecordOf(slot, files)),
    submitterId: who.sub,
    submitterName: who.claims.displayName,
    submitterEmail: who.claims.email ?? body.contributor.email,
    createdTimestamp: at,
    modifiedTimestamp: at,
    stateTimestamp: at,
    declineReason: null,
    contentId: null,
    commentCount: 0,
    version: 1,
  };
  const steps: TransactionStep[] = [
    createSubmissionStep(record),
    ...body.files.map((slot) => ({
      item: attachUploadStep(slot.id, { id, name: slot.name }, UPLOAD_KINDS.content, who.sub, now),
      conflict: UPLOAD_GONE_MESSAGE,
    })),
    emailStep(record, 'submitted', 'team', who.claims.displayName, null, now),
  ];
  await commitOrDiscard(steps, [...files.values()]);
  return toSubmission(record);
}

/** `GET /api/v1/submissions`: the caller's own submissions, newest first (at most 100). */
export async function listOwnSubmissions(caller: Caller): Promise<SubmissionList> {
  const records = await listSubmitterSubmissions(verified(caller).sub, OWN_LIST_MAX);
  return { items: records.map(toSubmission) };
}

/**
 * `GET /api/v1/submissions/{id}`: a submission with its thread, for its submitter or
 * for the team (update content).
 * @throws NotFoundError (404) for a missing submission, or to anyone else.
 */
export async function getSubmission(id: string, caller: Caller): Promise<SubmissionDetail> {
  const found = await visibleSubmission(id, verified(caller));
  return detailOf(found.submission, found.comments);
}

/** Seconds a submission file's download URL stays valid (as `getDownloadUrl`'s, decision record 022). */
export const SUBMISSION_DOWNLOAD_SECONDS = 120;

/**
 * `GET /api/v1/submissions/{id}/files/{fileId}/download-url`: a presigned GET, valid
 * {@link SUBMISSION_DOWNLOAD_SECONDS} s, with `Content-Disposition: attachment` and the
 * saved name (the display name with the original extension), for a file of the
 * submission — so the team can read the files before accepting (issue 25 item 6;
 * decision record 067). Reaches the submission as {@link getSubmission} does (its
 * submitter, or a caller with update content); records no download event (the file
 * is no courseware yet). Once accepted, the files belong to the item and are
 * downloaded as its files.
 * @throws NotFoundError (404) for a submission the caller may not see, or a file not
 *   (or no longer) of this submission, or not Ready.
 */
export async function getSubmissionFileDownloadUrl(id: string, fileId: string, caller: Caller): Promise<DownloadUrl> {
  const found = await visibleSubmission(id, verified(caller));
  const slot = found.submission.files.find((file) => file.id === fileId);
  if (!slot) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const file = await getFile(fileId);
  const attached = file && file.metadata.id === id && file.status === 'Ready' && file.objectKey;
  if (!file || !attached) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const now = new Date();
  const name = downloadName(slot.name, file.filename);
  const publicUrl = await presignDownload({
    bucket: bucketOf(file.visibility),
    key: file.objectKey,
    fileName: name,
    contentType: file.type,
    expiresInSeconds: SUBMISSION_DOWNLOAD_SECONDS,
  });
  const expiresAt = new Date(now.getTime() + SUBMISSION_DOWNLOAD_SECONDS * 1000).toISOString();
  return { id: file.id, name, publicUrl, expiresAt };
}

/**
 * `PUT /api/v1/submissions/{id}`: the submitter's edit while changes are requested;
 * it resubmits (state `submitted`) and tells the team. New files are attached, kept
 * ones renamed, left-out ones detached and deleted after the write.
 * @throws NotFoundError (404) for anyone else's; ConflictError (409) for a stale
 *   version or a state other than `changesRequested`; ValidationError (400) as create.
 */
export async function updateOwnSubmission(
  id: string,
  body: ParsedUpdateSubmissionRequest,
  caller: Caller,
): Promise<Submission> {
  const who = verified(caller);
  const { submission: current } = await ownSubmission(id, who);
  if (body.version !== current.version) throw new ConflictError(SUBMISSION_STALE_MESSAGE);
  const state = transition(current.state, 'resubmit');
  const now = new Date();
  const kept = new Map(current.files.map((file) => [file.id, file]));
  const uploads = await checkedUploads(body.files, new Set(kept.keys()), who.sub, now);
  await checkKnowledge(body);
  const listed = new Set(body.files.map((slot) => slot.id));
  const at = now.toISOString();
  const next: SubmissionRecord = {
    ...current,
    state,
    track: body.track,
    ...proposalOf(body),
    contributor: body.contributor,
    files: body.files.map((slot) => {
      const stored = kept.get(slot.id);
      return stored ? { ...stored, name: slot.name } : fileRecordOf(slot, uploads);
    }),
    modifiedTimestamp: at,
    stateTimestamp: at,
    version: current.version + 1,
  };
  const detached = current.files.filter((file) => !listed.has(file.id));
  const steps: TransactionStep[] = [
    replaceSubmissionStep(next, current.version, current.state),
    ...body.files.flatMap((slot): TransactionStep[] => {
      const stored = kept.get(slot.id);
      if (!stored) {
        return [
          {
            item: attachUploadStep(slot.id, { id, name: slot.name }, UPLOAD_KINDS.content, who.sub, now),
            conflict: UPLOAD_GONE_MESSAGE,
          },
        ];
      }
      return stored.name === slot.name ? [] : [{ item: renameFileStep(slot.id, id, slot.name) }];
    }),
    ...detached.map((file) => ({ item: detachFileStep(file.id, id, now) })),
    emailStep(next, 'resubmitted', 'team', who.claims.displayName, null, now),
  ];
  await commitOrDiscard(steps, [...uploads.values()]);
  if (detached.length > 0) await discardFiles(await getFilesByIds(detached.map((file) => file.id)), bucketOf);
  return toSubmission(next);
}

/**
 * `POST /api/v1/submissions/{id}/comments`: a comment (or an answer to one) by the
 * submitter, which tells the team inbox, or by the team (update content), which
 * e-mails the submitter. The submitter of their own submission writes as the submitter.
 * @throws NotFoundError (404) for a missing submission, or to anyone else;
 *   ValidationError (400) when `inReplyTo` names no comment of the thread;
 *   ConflictError (409) once accepted or declined, or when the thread is full.
 */
export async function commentOnSubmission(
  id: string,
  body: ParsedCreateSubmissionCommentRequest,
  caller: Caller,
): Promise<SubmissionDetail> {
  const who = verified(caller);
  const found = await visibleSubmission(id, who);
  return addComment(found, body, who, found.submission.submitterId === who.sub ? 'submitter' : 'team');
}

/**
 * `GET /api/v1/submission-reviews`: one page of the review queue, the submissions
 * of `state` (default `submitted`), the longest waiting first.
 * @throws ValidationError (400) for a foreign page token.
 */
export async function listSubmissionReviews(query: ParsedListSubmissionReviewsQuery): Promise<SubmissionPage> {
  const page = await listSubmissionsByState(query.state, query.limit, query.pageToken);
  return { items: page.items.map(toSubmission), nextPageToken: page.nextPageToken };
}

/**
 * `POST /api/v1/submissions/{id}/decisions`: the team's decision, with the
 * `version` last read. `requestChanges` (from `submitted`) and `decline` (from
 * `submitted` or `changesRequested`; its files are detached and deleted) store their
 * message as a comment of the thread; `accept` (from `submitted`) creates the
 * unpublished content item in the same transaction ({@link acceptSteps}). Each
 * e-mails the submitter.
 * @throws NotFoundError (404); ConflictError (409) for a stale version, a decision
 *   its state does not allow (accepting a declined one), or a concurrent change.
 */
export async function decideSubmission(
  id: string,
  body: SubmissionDecisionRequest,
  caller: Caller,
): Promise<SubmissionDetail> {
  const who = verified(caller);
  const found = await anySubmission(id);
  const current = found.submission;
  if (body.version !== current.version) throw new ConflictError(SUBMISSION_STALE_MESSAGE);
  const state = transition(current.state, body.decision);
  const now = new Date();
  const at = now.toISOString();
  const text = body.decision === 'requestChanges' ? body.message : body.decision === 'decline' ? body.reason : null;
  const comment: SubmissionCommentRecord | null = text
    ? {
        id: newId(),
        submissionId: id,
        inReplyTo: null,
        authorId: who.sub,
        authorName: who.claims.displayName,
        authorRole: 'team',
        text,
        decision: body.decision,
        createdTimestamp: at,
      }
    : null;
  let next: SubmissionRecord = {
    ...current,
    state,
    stateTimestamp: at,
    modifiedTimestamp: at,
    declineReason: body.decision === 'decline' ? body.reason : current.declineReason,
    commentCount: current.commentCount + (comment ? 1 : 0),
    version: current.version + 1,
  };
  const steps: TransactionStep[] = [];
  if (body.decision === 'accept') {
    const accepted = await acceptSteps(current, caller, now);
    next = { ...next, contentId: accepted.contentId };
    steps.push(...accepted.steps);
  }
  if (body.decision === 'decline') {
    steps.push(...current.files.map((file) => ({ item: detachFileStep(file.id, id, now) })));
  }
  steps.push(replaceSubmissionStep(next, current.version, current.state));
  if (comment) steps.push(commentStep(comment));
  steps.push(emailStep(next, state as SubmissionEmailEvent, 'submitter', who.claims.displayName, text, now));
  await transact(steps);
  if (body.decision === 'decline' && current.files.length > 0) {
    await discardFiles(await getFilesByIds(current.files.map((file) => file.id)), bucketOf);
  }
  return detailOf(next, comment ? [...found.comments, comment] : found.comments);
}

/**
 * The content half of an accept (decision record 067), planned and built by the
 * content save's own steps (`planContentSave`, `prepareContentSave`; spec §4
 * "Saving content, in order"): a new, unpublished top-level item with the
 * submission's fields, its contributor — the existing contributor whose e-mail is the
 * submission contributor's (trimmed, any case), else a new one — its files moved
 * from the submission to the item (instead of the save's attach of fresh uploads),
 * and the save's audit event.
 */
async function acceptSteps(
  submission: SubmissionRecord,
  caller: Caller,
  now: Date,
): Promise<{ contentId: string; steps: TransactionStep[] }> {
  const existing = await findContributorByEmail(submission.contributor.email, sameEmail);
  const request = SaveContentRequest.parse({
    fields: {
      name: submission.name,
      description: submission.description,
      status: 'unpublished',
      categories: submission.categories,
      educationLevels: submission.educationLevels,
      experienceLevels: submission.experienceLevels,
      ksas: submission.ksas,
      kus: submission.kus,
      tkss: submission.tkss,
    },
    contributors: existing ? [{ id: existing.id }] : [{ key: 'submitter' }],
    newContributors: existing ? [] : [{ key: 'submitter', ...submission.contributor }],
    files: submission.files.map((file) => ({ id: file.id, name: file.name })),
  });
  const stored = submission.files.length > 0 ? await getFilesByIds(submission.files.map((file) => file.id)) : [];
  const refs = await getContentReferences({
    ...request.fields,
    contributors: existing ? [{ id: existing.id, index: 0 }] : [],
  });
  const plan = planContentSave({
    request,
    current: null,
    parent: null,
    children: new Map(),
    contributors: new Map(),
    files: new Map(stored.map((file) => [file.id, file])),
    refs,
    now,
    newId,
  });
  const prepared = prepareContentSave({ ...plan, fileAttaches: [] }, now, (saved) =>
    contentAuditEvent(caller, null, saved),
  );
  const contentId = prepared.item.id;
  const moves: TransactionStep[] = plan.fileAttaches.map((file) => ({
    item: transferFileStep(file.fileId, submission.id, { id: contentId, name: file.name }),
    conflict: UPLOAD_GONE_MESSAGE,
  }));
  return { contentId, steps: [...prepared.steps, ...moves] };
}

function verified(caller: Caller): VerifiedCaller {
  // The route's access rule has admitted only signed-in callers.
  if (!caller) throw new NotFoundError(SUBMISSION_NOT_FOUND_MESSAGE);
  return caller;
}

function transition(state: SubmissionState, action: SubmissionAction): SubmissionState {
  const next = nextSubmissionState(state, action);
  if (!next) throw new ConflictError(SUBMISSION_STATE_MESSAGE);
  return next;
}

async function anySubmission(id: string) {
  const found = await getSubmissionWithComments(id);
  if (!found) throw new NotFoundError(SUBMISSION_NOT_FOUND_MESSAGE);
  return found;
}

/** The submission if the caller submitted it or is of the team (update content); else 404. */
async function visibleSubmission(id: string, who: VerifiedCaller) {
  const found = await getSubmissionWithComments(id);
  const visible = found && (found.submission.submitterId === who.sub || can(who.principal, 'updateContent'));
  if (!found || !visible) throw new NotFoundError(SUBMISSION_NOT_FOUND_MESSAGE);
  return found;
}

async function ownSubmission(id: string, who: VerifiedCaller) {
  const found = await getSubmissionWithComments(id);
  // Someone else's submission is reported like a missing one: its existence is not the caller's business.
  if (!found || found.submission.submitterId !== who.sub) throw new NotFoundError(SUBMISSION_NOT_FOUND_MESSAGE);
  return found;
}

async function addComment(
  found: { submission: SubmissionRecord; comments: SubmissionCommentRecord[] },
  body: ParsedCreateSubmissionCommentRequest,
  who: VerifiedCaller,
  role: 'team' | 'submitter',
): Promise<SubmissionDetail> {
  const { submission } = found;
  if (!acceptsComments(submission.state)) throw new ConflictError(SUBMISSION_STATE_MESSAGE);
  if (body.inReplyTo && !found.comments.some((comment) => comment.id === body.inReplyTo)) {
    throw new ValidationError([{ path: 'body.inReplyTo', message: 'No comment of this submission has this id.' }]);
  }
  const now = new Date();
  const comment: SubmissionCommentRecord = {
    id: newId(),
    submissionId: submission.id,
    inReplyTo: body.inReplyTo,
    authorId: who.sub,
    authorName: who.claims.displayName,
    authorRole: role,
    text: body.text,
    decision: null,
    createdTimestamp: now.toISOString(),
  };
  const recipient = role === 'team' ? 'submitter' : 'team';
  await transact([
    ...addCommentSteps(comment, ['submitted', 'changesRequested']),
    emailStep(submission, 'comment', recipient, who.claims.displayName, body.text, now),
  ]);
  const next = { ...submission, commentCount: submission.commentCount + 1 };
  return detailOf(next, [...found.comments, comment]);
}

/**
 * The caller's uploads among `slots` that are not `kept` already, each checked as a
 * content save checks its new files (the caller's own, Ready, unattached, of kind
 * `content`; decision record 020), by id.
 * @throws ValidationError (400) at `body.files.<n>.id` for each that is not.
 */
async function checkedUploads(
  slots: readonly { readonly id: string }[],
  kept: ReadonlySet<string>,
  callerId: string,
  now: Date,
): Promise<Map<string, FileItem>> {
  const fresh = slots.filter((slot) => !kept.has(slot.id));
  const files = fresh.length > 0 ? await getFilesByIds(fresh.map((slot) => slot.id)) : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  const errors: FieldError[] = [];
  for (const [position, slot] of slots.entries()) {
    if (kept.has(slot.id)) continue;
    const problem = uploadProblem(byId.get(slot.id), 'content', callerId, now);
    if (problem) errors.push({ path: `body.files.${position}.id`, message: problem });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return byId;
}

/** @throws ValidationError (400) for a KSA, KU or TKS id that names no knowledge item. */
async function checkKnowledge(body: ParsedCreateSubmissionRequest | ParsedUpdateSubmissionRequest): Promise<void> {
  const changes = { ksas: body.ksas, kus: body.kus, tkss: body.tkss };
  const errors = missingReferences(changes, await getContentReferences(changes));
  if (errors.length > 0) throw new ValidationError(errors);
}

/** Commits `steps` as one transaction; on any failure the `uploads` it named are deleted first. */
async function commitOrDiscard(steps: readonly TransactionStep[], uploads: readonly FileItem[]): Promise<void> {
  try {
    await transact(steps);
  } catch (error) {
    if (uploads.length > 0) await discardFiles(uploads, bucketOf);
    throw error;
  }
}

function proposalOf(body: ParsedCreateSubmissionRequest | ParsedUpdateSubmissionRequest) {
  return {
    name: body.name,
    description: sanitizeDescription(body.description),
    categories: body.categories,
    educationLevels: body.educationLevels,
    experienceLevels: body.experienceLevels,
    ksas: body.ksas,
    kus: body.kus,
    tkss: body.tkss,
  };
}

function fileRecordOf(slot: { id: string; name: string }, files: ReadonlyMap<string, FileItem>): SubmissionFileRecord {
  const file = files.get(slot.id);
  return { id: slot.id, name: slot.name, filename: file?.filename ?? slot.name, type: file?.type ?? '' };
}

/**
 * The outbox message (one transaction element) of an e-mail about `submission`: to
 * the submitter's address, or to the team inbox (the contact recipient of the
 * message e-mails, decision record 067).
 */
function emailStep(
  submission: SubmissionRecord,
  event: SubmissionEmailEvent,
  recipient: 'submitter' | 'team',
  actor: string,
  text: string | null,
  now: Date,
): TransactionStep {
  const addresses = messageEmailAddresses();
  const origin = portalOriginOfEnv();
  const brand = deploymentBrand();
  const link =
    recipient === 'submitter' ? ownSubmissionLink(origin, submission.id) : reviewSubmissionLink(origin, submission.id);
  const composed = composeSubmissionEmail({ brand, event, name: submission.name, actor, text, link });
  const outbox = outboxItemOf({
    id: newId(),
    kind: 'submissionEmail',
    brand,
    createdTimestamp: now.toISOString(),
    payload: { submissionId: submission.id, event, recipient },
    email: {
      from: addresses.sender,
      fromName: 'Courseware portal',
      to: [recipient === 'submitter' ? submission.submitterEmail : addresses.contactRecipient],
      replyTo: null,
      ...composed,
    },
    leaseUntil: unheldLease(now),
  });
  return { item: putNewItemStep({ ...outbox }) as TransactWriteItem };
}

/** The `Submission` answer of a stored record (the submitter's e-mail stays on the server); also the privacy export's (issue 26 item 5). */
export function toSubmission(record: SubmissionRecord): Submission {
  const { submitterEmail: _email, ...rest } = record;
  return {
    ...rest,
    categories: [...record.categories],
    educationLevels: [...record.educationLevels],
    experienceLevels: [...record.experienceLevels],
    ksas: [...record.ksas],
    kus: [...record.kus],
    tkss: [...record.tkss],
    files: [...record.files],
  };
}

function toComment(record: SubmissionCommentRecord): SubmissionComment {
  return {
    id: record.id,
    inReplyTo: record.inReplyTo,
    authorName: record.authorName,
    authorRole: record.authorRole,
    text: record.text,
    decision: record.decision,
    createdTimestamp: record.createdTimestamp,
  };
}

function detailOf(submission: SubmissionRecord, comments: readonly SubmissionCommentRecord[]): SubmissionDetail {
  return { submission: toSubmission(submission), comments: comments.map(toComment) };
}
