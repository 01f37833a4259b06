import type { Content } from '#shared/contracts/content';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import {
  type ContentDraft,
  DRAFT_NOT_FOUND_MESSAGE,
  DRAFT_STALE_MESSAGE,
  type DraftBody,
  type PublicContentDetail,
  type PublishedContent,
  REVISION_NOT_FOUND_MESSAGE,
  type Revision,
  type RevisionDiff,
  type RevisionPage,
} from '#shared/contracts/content-draft';
import { SaveContentRequest } from '#shared/contracts/content-save';
import { contentItemOf, getContentById, getContentRelations } from '../data/content.ts';
import {
  deleteDraft,
  deleteDraftStep,
  getDraft,
  getRevision,
  keepUploadsAlive,
  listRevisions,
  putDraft,
} from '../data/content-drafts.ts';
import { type ContentItem, toContent, toContentLink, toContributor } from '../data/items.ts';
import { diffContent } from '../domain/revision-diff.ts';
import { visibleAsChild, visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { ARCHIVED_READ_ONLY_MESSAGE } from './content-edit.ts';
import { readSavePlan, saveContent } from './content-save.ts';
import { keepNamedHtmlImages } from './html-images.ts';

/**
 * Seconds an upload a draft names is kept alive after each draft write (decision
 * record 064): 30 days, renewed by every autosave. Publishing attaches it (no TTL);
 * a draft left alone longer loses it, and publishing then asks for it again (400 at its field).
 */
export const DRAFT_UPLOAD_KEEP_SECONDS = 30 * 86_400;

/** The item `id` as the caller may edit it: hidden or missing → 404. */
async function editableItem(id: string, caller: Caller): Promise<ContentItem> {
  const item = await getContentById(id);
  if (!item || !visibleInDetail(item.status, caller?.principal ?? null)) {
    throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  }
  return item;
}

/**
 * `GET …/draft` (issue 25 item 2): the item's draft.
 * @throws NotFoundError (404) for a hidden or missing item, or {@link DRAFT_NOT_FOUND_MESSAGE}.
 */
export async function readDraft(id: string, caller: Caller): Promise<ContentDraft> {
  await editableItem(id, caller);
  const draft = await getDraft(id);
  if (!draft) throw new NotFoundError(DRAFT_NOT_FOUND_MESSAGE);
  return draft;
}

/**
 * `PUT …/draft` (autosave; issue 25 item 2; decision record 064): stores `save` as the
 * item's ONE draft, conditional on `draftVersion` (absent: no draft may exist). The
 * public item is not touched. The new uploads the draft names are kept alive
 * ({@link DRAFT_UPLOAD_KEEP_SECONDS}). Returns the stored draft.
 * @throws NotFoundError (404); ValidationError (400) when `save.id` is not the path id;
 *   ConflictError (409) for archived content, {@link DRAFT_STALE_MESSAGE} or
 *   DRAFT_EXISTS_MESSAGE (nothing written: the client keeps its body).
 */
export async function writeDraft(
  id: string,
  request: { readonly draftVersion?: number | undefined; readonly save: DraftBody },
  caller: Caller,
): Promise<ContentDraft> {
  if (request.save.id !== id) {
    throw new ValidationError([{ path: 'body.save.id', message: 'Must be the id of the path.' }]);
  }
  const item = await editableItem(id, caller);
  if (item.status === 'archived') throw new ConflictError(ARCHIVED_READ_ONLY_MESSAGE);
  const now = new Date();
  // The editor's images the draft names are kept before it is stored (decision record 063).
  await keepNamedHtmlImages(request.save, caller?.sub, now);
  const draft = await putDraft(
    {
      contentId: id,
      save: request.save,
      updatedBy: { id: caller?.sub ?? '', name: caller?.claims.displayName ?? '' },
      updatedTimestamp: now.toISOString(),
    },
    request.draftVersion,
  );
  const attached = new Set(item.files.map((file) => file.id));
  const uploads = [
    ...(request.save.files ?? []).map((slot) => slot.id).filter((fileId) => !attached.has(fileId)),
    ...[...(request.save.newContributors ?? []), ...(request.save.changedContributors ?? [])].flatMap((c) =>
      c.portraitFileId ? [c.portraitFileId] : [],
    ),
  ];
  if (uploads.length > 0) {
    await keepUploadsAlive(uploads, caller?.sub ?? '', Math.floor(now.getTime() / 1000) + DRAFT_UPLOAD_KEEP_SECONDS);
  }
  return draft;
}

/**
 * `DELETE …/draft?draftVersion=` (issue 25 item 2): discards the draft.
 * @throws NotFoundError (404); ConflictError {@link DRAFT_STALE_MESSAGE} (the draft stays).
 */
export async function discardDraft(id: string, draftVersion: number, caller: Caller): Promise<void> {
  await editableItem(id, caller);
  await deleteDraft(id, draftVersion);
}

/**
 * `POST …/draft/publish` (issue 25 items 2–3): applies the draft exactly as
 * `POST /api/v1/content-saves` does (`saveContent`, with status `published`), stores
 * the revision with `note` and deletes the draft — ONE transaction. A stale draft or
 * item version is a 409 and nothing is written (the draft stays). Returns the saved
 * item and the revision's summary (what the update notice of issue 25 item 5 takes).
 * @throws NotFoundError (404), ConflictError (409), ValidationError (400) as the save route.
 */
export async function publishDraft(
  id: string,
  request: { readonly draftVersion: number; readonly note?: string | undefined },
  caller: Caller,
): Promise<PublishedContent> {
  await editableItem(id, caller);
  const draft = await getDraft(id);
  if (!draft) throw new NotFoundError(DRAFT_NOT_FOUND_MESSAGE);
  if (draft.draftVersion !== request.draftVersion) throw new ConflictError(DRAFT_STALE_MESSAGE);
  const body = SaveContentRequest.parse({ ...draft.save, fields: { ...draft.save.fields, status: 'published' } });
  const saved = await saveContent(body, caller, {
    note: request.note || null,
    extraSteps: [deleteDraftStep(id, request.draftVersion)],
  });
  if (!saved.revision) throw new Error('A publish stored no revision.');
  return { content: saved.content, created: saved.created, revision: saved.revision };
}

/**
 * `GET …/draft/preview` ("Preview as a visitor", issue 25 item 2): the draft applied in
 * memory exactly as publishing would apply it (`readSavePlan`, status published;
 * nothing is written), answered in the public GET's shape and filtered as a visitor
 * sees it: hidden children and ancestors left out, the contributors stored (a
 * contributor the draft would create is not shown before it exists).
 * @throws NotFoundError (404) for a hidden item or no draft; what planning the save
 *   throws (400, 409) when the draft could not be published as it is.
 */
export async function previewDraft(id: string, caller: Caller): Promise<PublicContentDetail> {
  const current = await editableItem(id, caller);
  const draft = await getDraft(id);
  if (!draft) throw new NotFoundError(DRAFT_NOT_FOUND_MESSAGE);
  const body = SaveContentRequest.parse({ ...draft.save, fields: { ...draft.save.fields, status: 'published' } });
  const now = new Date();
  const { planned } = await readSavePlan(body, caller, now, false);
  const at = now.toISOString();
  const item = contentItemOf(
    {
      ...planned.item.record,
      firstPublishedTimestamp: current.firstPublishedTimestamp ?? at,
      lastPublishedTimestamp: at,
    },
    current.version + 1,
  );
  const { ancestors, contributors, childStatuses } = await getContentRelations(item);
  const children = item.children.filter((ref) => {
    const status = childStatuses.get(ref.id);
    return status !== undefined && visibleAsChild(status, null);
  });
  return {
    content: { ...toContent(item), children },
    ancestors: ancestors.filter((ancestor) => visibleInDetail(ancestor.status, null)).map(toContentLink),
    contributors: contributors.map(toContributor),
    changeLog: [...(current.changeLog ?? [])],
    firstPublishedTimestamp: item.firstPublishedTimestamp ?? null,
    lastPublishedTimestamp: item.lastPublishedTimestamp ?? null,
  };
}

/** `GET …/revisions` (issue 25 item 3): the item's revisions, newest first, paged. */
export async function readRevisions(id: string, pageToken: string | undefined, caller: Caller): Promise<RevisionPage> {
  await editableItem(id, caller);
  return listRevisions(id, pageToken);
}

/**
 * `GET …/revisions/{revisionId}` (issue 25 item 3): one revision with the item as published.
 * @throws NotFoundError (404) for a hidden item or {@link REVISION_NOT_FOUND_MESSAGE}.
 */
export async function readRevision(id: string, revisionId: string, caller: Caller): Promise<Revision> {
  await editableItem(id, caller);
  const revision = await getRevision(id, revisionId);
  if (!revision) throw new NotFoundError(REVISION_NOT_FOUND_MESSAGE);
  return revision;
}

/**
 * `GET …/revision-diff?from=&to=` (issue 25 item 3): a readable diff of two of the
 * item's revisions (`diffContent`).
 * @throws NotFoundError (404) for a hidden item or a revision that is not the item's.
 */
export async function diffRevisions(id: string, from: string, to: string, caller: Caller): Promise<RevisionDiff> {
  await editableItem(id, caller);
  const [older, newer] = await Promise.all([getRevision(id, from), getRevision(id, to)]);
  if (!older || !newer) throw new NotFoundError(REVISION_NOT_FOUND_MESSAGE);
  const { content: before, ...fromSummary } = older;
  const { content: after, ...toSummary } = newer;
  return { from: fromSummary, to: toSummary, ...diffContent(before, after) };
}

/**
 * `POST …/revisions/{revisionId}/restore` (issue 25 item 3): makes the revision the
 * item's draft (based on the item's current version): its fields, contributors,
 * mappings, children in the revision's order (children added since follow, children
 * deleted since are left out: a save cannot bring them back) and its files still
 * attached to the item. Conflict-safe: with a draft, `draftVersion` must be its
 * version (absent → 409 DRAFT_EXISTS_MESSAGE; stale → 409 {@link DRAFT_STALE_MESSAGE}).
 * @throws NotFoundError (404), ConflictError (409) as above or for archived content.
 */
export async function restoreRevision(
  id: string,
  revisionId: string,
  draftVersion: number | undefined,
  caller: Caller,
): Promise<ContentDraft> {
  const item = await editableItem(id, caller);
  const revision = await getRevision(id, revisionId);
  if (!revision) throw new NotFoundError(REVISION_NOT_FOUND_MESSAGE);
  return writeDraft(id, { draftVersion, save: draftOfRevision(revision.content, item) }, caller);
}

/** The save body that makes `current` equal `published` (a revision's item), as far as a save can (see {@link restoreRevision}). */
export function draftOfRevision(published: Content, current: ContentItem): DraftBody {
  const currentChildren = new Set(current.children.map((ref) => ref.id));
  const order = published.children.map((ref) => ref.id).filter((childId) => currentChildren.has(childId));
  const listed = new Set(order);
  const attached = new Set(current.files.map((file) => file.id));
  return {
    id: current.id,
    version: current.version,
    fields: {
      name: published.name,
      description: published.description,
      urlAlias: published.urlAlias,
      status: published.status,
      tags: published.tags,
      categories: published.categories,
      educationLevels: published.educationLevels,
      experienceLevels: published.experienceLevels,
      ksas: published.ksas.map(({ id, index }) => ({ id, index })),
      kus: published.kus.map(({ id, index }) => ({ id, index })),
      tkss: published.tkss.map(({ id, index }) => ({ id, index })),
      kuOutcomes: (published.kuOutcomes ?? []).map(({ kuId, outcomes }) => ({ kuId, outcomes: [...outcomes] })),
      sections: published.sections.map(({ id, key, name, description }) => ({ id, key, name, description })),
      includes: published.includes,
      lastCuratedTimestamps: published.lastCuratedTimestamps,
      licence: published.licence,
      sourceUrl: published.sourceUrl,
      copyrightNotice: published.copyrightNotice,
    },
    contributors: [...published.contributors].sort((a, b) => a.index - b.index).map(({ id }) => ({ id })),
    children: [...order, ...current.children.map((ref) => ref.id).filter((childId) => !listed.has(childId))].map(
      (childId) => ({ id: childId }),
    ),
    files: published.files.filter((file) => attached.has(file.id)).map(({ id, name }) => ({ id, name })),
  };
}
