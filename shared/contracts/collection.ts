import * as z from 'zod';
import { EntityId, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { ContentSummary } from './content.ts';
import { KnowledgeId } from './knowledge.ts';
import { LibraryItemState } from './library.ts';

/**
 * Collections (issue 26 item 2; decision record 073): a signed-in user gathers content
 * items into named, ordered collections with a note on each; a collection is private
 * (its owner only), shared by link (anyone holding its address; listed nowhere) or, made
 * by an editor (`updateContent`), curated: listed on the public collections page and in
 * the page builder's collections widget. "Download all" zips every file of the items the
 * caller may download through the bundle workflow (`requestBundle` with `collectionId`),
 * one folder per item in the collection's order.
 */

/** The limits of collections (here, not in `shared/limits.ts`, which the first render carries). */
export const COLLECTION_LIMITS = {
  /** Collections one user may own; the next create is a 409. */
  perUser: 100,
  /** Items one collection may hold; a longer list is a 400, an add beyond it a 409. */
  itemsMax: 100,
  nameMaxChars: 120,
  descriptionMaxChars: 2000,
  noteMaxChars: 500,
  /** Collections of a page of a list when `limit` is not given, and the most one page may ask for. */
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

/**
 * Who may read a collection: `private` (the owner only; 404 to anyone else), `link`
 * (anyone with its address, signed in or not; listed nowhere), `curated` (public and
 * listed on the collections page; only an editor may set it).
 */
export const COLLECTION_VISIBILITIES = ['private', 'link', 'curated'] as const;
export const CollectionVisibility = z
  .enum(COLLECTION_VISIBILITIES, { error: 'Choose private, link or curated.' })
  .meta({ id: 'CollectionVisibility' });
export type CollectionVisibility = z.infer<typeof CollectionVisibility>;

/** The 403 of a non-editor asking for `curated`. */
export const CURATED_COLLECTION_FORBIDDEN_MESSAGE = 'Only editors may publish curated collections.';

const name = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(COLLECTION_LIMITS.nameMaxChars, `Must be at most ${COLLECTION_LIMITS.nameMaxChars} characters.`);
const description = z
  .string()
  .trim()
  .max(COLLECTION_LIMITS.descriptionMaxChars, `Must be at most ${COLLECTION_LIMITS.descriptionMaxChars} characters.`)
  .default('');
const note = z
  .string()
  .trim()
  .max(COLLECTION_LIMITS.noteMaxChars, `Must be at most ${COLLECTION_LIMITS.noteMaxChars} characters.`)
  .default('');

/** One entry of a collection as written: the item and the owner's note on it (plain text). */
export const CollectionEntryInput = z.object({ contentId: EntityId, note });
export type CollectionEntryInput = z.infer<typeof CollectionEntryInput>;

/** The ordered entries of a collection as written: each item at most once, at most 100. */
export const CollectionEntriesInput = z
  .array(CollectionEntryInput)
  .max(COLLECTION_LIMITS.itemsMax, `A collection holds at most ${COLLECTION_LIMITS.itemsMax} items.`)
  .superRefine((entries, context) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.contentId)) {
        context.addIssue({ code: 'custom', path: [index, 'contentId'], message: 'This item is already in the list.' });
      }
      seen.add(entry.contentId);
    });
  });

/** `POST /api/v1/collections` body: a new collection, empty unless `entries` are given. */
export const CreateCollectionRequest = z.object({
  name,
  description,
  visibility: CollectionVisibility.default('private'),
  entries: CollectionEntriesInput.default([]),
});
export type CreateCollectionRequest = z.infer<typeof CreateCollectionRequest>;

/**
 * `PUT /api/v1/collections/{id}` body: the whole collection as the owner now wants it
 * (name, description, visibility and the entries in their new order, so a reorder, a
 * removal and an edited note are one write). `version` is the version the owner read;
 * another write since is a 409 and nothing is saved.
 */
export const UpdateCollectionRequest = CreateCollectionRequest.extend({
  version: z.number().int().min(1),
});
export type UpdateCollectionRequest = z.infer<typeof UpdateCollectionRequest>;

/**
 * `POST /api/v1/collections/{id}/entries` body: add one item at the end (from a card or
 * an item's page); adding an item already there keeps it where it is with its note.
 */
export const AddCollectionEntryRequest = z.object({ contentId: EntityId, note });
export type AddCollectionEntryRequest = z.infer<typeof AddCollectionEntryRequest>;

/** The path of a collection route: the collection's id. */
export const CollectionPath = z.object({ id: EntityId });

/** The query of a list of collections: `limit` (1–100, default 20) and the `pageToken` of the previous page. */
export const CollectionPageQuery = z.object({
  limit: limitParam(COLLECTION_LIMITS.pageSizeMax, COLLECTION_LIMITS.pageSizeDefault),
  pageToken: PageToken.optional(),
});
export type CollectionPageQuery = z.infer<typeof CollectionPageQuery>;

/** A collection as lists show it: without its entries. */
export const CollectionSummary = z
  .object({
    id: EntityId,
    name: z.string(),
    description: z.string(),
    visibility: CollectionVisibility,
    /** The owner's display name (a curated collection shows who curated it). */
    ownerName: z.string(),
    itemCount: z.number().int().min(0),
    createdTimestamp: IsoDateTime,
    modifiedTimestamp: IsoDateTime,
    version: z.number().int().min(1),
  })
  .meta({ id: 'CollectionSummary' });
export type CollectionSummary = z.infer<typeof CollectionSummary>;

/** A page of collections: the caller's own (most recently changed first) or the curated ones. */
export const CollectionPage = pageOf(CollectionSummary).meta({ id: 'CollectionPage' });
export type CollectionPage = z.infer<typeof CollectionPage>;

/**
 * One entry of a collection as read: the note, the name the item had when it was
 * added (or its name now while it exists), what became of it for this reader and its
 * summary while available to this reader (items the reader cannot open are
 * `unavailable`, never an error).
 */
export const CollectionEntry = z
  .object({
    contentId: EntityId,
    note: z.string(),
    name: z.string(),
    state: LibraryItemState,
    content: ContentSummary.nullable(),
  })
  .meta({ id: 'CollectionEntry' });
export type CollectionEntry = z.infer<typeof CollectionEntry>;

/** `GET /api/v1/collections/{id}`: the collection, its entries in order, and whether the reader owns it. */
export const Collection = CollectionSummary.extend({
  entries: z.array(CollectionEntry),
  /** True when the reader is the owner (the page shows the editing controls). */
  owned: z.boolean(),
}).meta({ id: 'Collection' });
export type Collection = z.infer<typeof Collection>;

/** A knowledge item the collection's available items cover, with the ids of the items that cover it, in collection order. */
export const CoveredKnowledge = z.object({
  id: KnowledgeId,
  name: z.string(),
  contentIds: z.array(EntityId),
});
export type CoveredKnowledge = z.infer<typeof CoveredKnowledge>;

/**
 * `GET /api/v1/collections/{id}/coverage`: the NICE statements (KSA of 2017, TKS of the
 * NICE Components) and CAE knowledge units the collection's items cover together
 * (the union of their `ksas`, `tkss` and `kus`), each type sorted by id.
 */
export const CollectionCoverage = z
  .object({ KSA: z.array(CoveredKnowledge), KU: z.array(CoveredKnowledge), TKS: z.array(CoveredKnowledge) })
  .meta({ id: 'CollectionCoverage' });
export type CollectionCoverage = z.infer<typeof CollectionCoverage>;

/** `DELETE /api/v1/collections/{id}` answer. */
export const DeletedCollection = z.object({ id: EntityId, deleted: z.literal(true) }).meta({ id: 'DeletedCollection' });
export type DeletedCollection = z.infer<typeof DeletedCollection>;
