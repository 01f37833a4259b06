import * as z from 'zod';
import { EntityId, IsoDateTime } from './common.ts';
import { ChangeLogEntry, Content, PublicContentDetail } from './content.ts';

export { ChangeLogEntry, PublicContentDetail };

import { SaveContentRequest, SavedContent } from './content-save.ts';

/**
 * Drafts, publishing and revisions of content (issue 25 items 2–4; decision records
 * 064 and 065). An editor's changes to an item are kept as ONE draft per item — the
 * body of the one-transaction save (`SaveContentRequest`, decision record 020) — while
 * visitors keep seeing the published item. Publishing applies the draft exactly as
 * `POST /api/v1/content-saves` does, stores a revision and deletes the draft, all in
 * one transaction. Every write that leaves an item `published` stores a revision
 * (fields, children order, files, mappings, who, when, an optional note).
 */

/** Characters of a revision note (plain text; HTML is not interpreted). */
export const REVISION_NOTE_MAX_CHARS = 500;
/** Change-log entries the public content GET carries, newest first. */
export const CHANGE_LOG_MAX_ENTRIES = 20;
/** Revisions per page of `GET …/revisions`. */
export const REVISION_PAGE_SIZE = 50;

/** The 409 of a draft write based on a `draftVersion` that is no longer the stored one. */
export const DRAFT_STALE_MESSAGE =
  'Draft was changed by someone else. Your text is kept: copy it, reload the draft, then apply your changes again.';
/** The 409 of a draft create (no `draftVersion`) when the item already has a draft. */
export const DRAFT_EXISTS_MESSAGE = 'This item already has a draft. Open it, or discard it first.';
/** The 404 of an item without a draft. */
export const DRAFT_NOT_FOUND_MESSAGE = 'This item has no draft.';
/** The 404 of a revision that does not exist (for this item). */
export const REVISION_NOT_FOUND_MESSAGE = 'Revision does not exist.';

/**
 * A revision note: trimmed plain text of at most {@link REVISION_NOTE_MAX_CHARS}
 * characters, control characters other than line breaks removed; empty → absent.
 * It is shown as text (never as HTML), in the public change log and in e-mails.
 */
export const RevisionNote = z
  .string()
  .transform((note) => note.replace(/(?!\n)\p{Cc}/gu, '').trim())
  .pipe(z.string().max(REVISION_NOTE_MAX_CHARS, `Must be at most ${REVISION_NOTE_MAX_CHARS} characters.`));

/** `{ id }` path plus a revision id: `/api/v1/content-items/{id}/revisions/{revisionId}`. */
export const RevisionPath = z.object({ id: EntityId, revisionId: EntityId });

/**
 * The body of a draft: a `SaveContentRequest` for an existing item (`id` and the item
 * `version` the draft is based on are required; a new item has no draft).
 */
export const DraftBody = SaveContentRequest;
export type DraftBody = z.input<typeof DraftBody>;

/**
 * `PUT /api/v1/content-items/{id}/draft` body (autosave). `draftVersion` is the
 * draft's version last read; absent creates the draft (409 {@link DRAFT_EXISTS_MESSAGE}
 * when one exists). A stale `draftVersion` is a 409 {@link DRAFT_STALE_MESSAGE} and
 * nothing is written: the stored draft is unchanged and the client still holds the
 * body it sent, so it keeps its text; it may read the other editor's draft
 * (`GET …/draft`) and put its own again with that draft's `draftVersion`.
 * `save.id` must equal the path id.
 */
export const PutContentDraftRequest = z
  .object({
    draftVersion: z.number().int().min(1).optional(),
    save: DraftBody,
  })
  .meta({ id: 'PutContentDraftRequest' });
export type PutContentDraftRequest = z.input<typeof PutContentDraftRequest>;

/**
 * A stored draft (issue 25 item 2): the save body (`save.version` is the item version
 * it is based on), its own `draftVersion` (1 on create, +1 per write), who wrote it
 * last and when.
 */
export const ContentDraft = z
  .object({
    contentId: EntityId,
    draftVersion: z.number().int().min(1),
    save: DraftBody,
    updatedBy: z.object({ id: EntityId, name: z.string() }),
    updatedTimestamp: IsoDateTime,
  })
  .meta({ id: 'ContentDraft' });
export type ContentDraft = z.input<typeof ContentDraft>;

/** `DELETE …/draft` query: the `draftVersion` discarded (stale → 409, the draft stays). */
export const DiscardContentDraftQuery = z.object({ draftVersion: z.coerce.number().int().min(1) });

/**
 * `POST …/draft/publish` body: the `draftVersion` published (stale → 409, nothing
 * written) and an optional revision note. The item version is the draft's
 * `save.version` (stale → 409 "Content was changed…", and the draft stays).
 */
export const PublishContentDraftRequest = z
  .object({ draftVersion: z.number().int().min(1), note: RevisionNote.optional() })
  .meta({ id: 'PublishContentDraftRequest' });
export type PublishContentDraftRequest = z.input<typeof PublishContentDraftRequest>;

/** A revision in a list: id, when, who, note, bytes of its snapshot (raw JSON and stored gzip). */
export const RevisionSummary = z
  .object({
    id: EntityId,
    contentId: EntityId,
    publishedTimestamp: IsoDateTime,
    publishedBy: z.object({ id: z.string(), name: z.string() }),
    note: z.string().nullable(),
    rawBytes: z.number().int(),
    storedBytes: z.number().int(),
  })
  .meta({ id: 'RevisionSummary' });
export type RevisionSummary = z.infer<typeof RevisionSummary>;

/** `POST …/draft/publish` answer: the saved item (as the save route) and the stored revision. */
export const PublishedContent = SavedContent.extend({ revision: RevisionSummary }).meta({ id: 'PublishedContent' });
export type PublishedContent = z.infer<typeof PublishedContent>;

/**
 * What a revision keeps of the item as published: its `Content` (fields, children in
 * order, files with id and name, KSA/KU/TKS mappings, contributors in order).
 */
export const Revision = RevisionSummary.extend({ content: Content }).meta({ id: 'Revision' });
export type Revision = z.infer<typeof Revision>;

/** `GET …/revisions` query and page (newest first). */
export const ListRevisionsQuery = z.object({ pageToken: z.string().max(2000).optional() });
export const RevisionPage = z
  .object({ items: z.array(RevisionSummary), nextPageToken: z.string().nullable() })
  .meta({ id: 'RevisionPage' });
export type RevisionPage = z.infer<typeof RevisionPage>;

/** `GET …/revision-diff?from=&to=` query: two revision ids of the item (any order). */
export const RevisionDiffQuery = z.object({ from: EntityId, to: EntityId });

/** One part of a text diff: unchanged, added or removed text. */
export const TextChange = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });
export type TextChange = z.infer<typeof TextChange>;

/** Added and removed members of a list (ids or names as shown). */
export const ListChange = z.object({ added: z.array(z.string()), removed: z.array(z.string()) });
export type ListChange = z.infer<typeof ListChange>;

/**
 * A readable diff of two revisions (issue 25 item 3): the description as a word diff
 * of its text; changed single fields (before, after); added/removed members of the lists.
 * Lists of entries that did not change are absent.
 */
export const RevisionDiff = z
  .object({
    from: RevisionSummary,
    to: RevisionSummary,
    description: z.array(TextChange),
    fields: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
    lists: z.record(z.string(), ListChange),
  })
  .meta({ id: 'RevisionDiff' });
export type RevisionDiff = z.infer<typeof RevisionDiff>;

/** `POST …/revisions/{revisionId}/restore` body: the `draftVersion` replaced, when a draft exists. */
export const RestoreRevisionRequest = z
  .object({ draftVersion: z.number().int().min(1).optional() })
  .meta({ id: 'RestoreRevisionRequest' });

/** `GET …/revisions/{revisionId}/restore` answer and every draft route's: the stored draft. */
export const RestoredDraft = ContentDraft;

/** `DELETE …/draft` answer. */
export const DiscardedDraft = z.object({ contentId: EntityId }).meta({ id: 'DiscardedDraft' });
