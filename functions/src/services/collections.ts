import type * as z from 'zod';
import { can } from '#shared/capabilities';
import {
  type AddCollectionEntryRequest,
  COLLECTION_LIMITS,
  type Collection,
  type CollectionCoverage,
  type CollectionPage,
  type CollectionPageQuery,
  type CollectionSummary,
  type CoveredKnowledge,
  type CreateCollectionRequest,
  CURATED_COLLECTION_FORBIDDEN_MESSAGE,
  type DeletedCollection,
  type UpdateCollectionRequest,
} from '#shared/contracts/collection';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import { emptyBundleMessage } from '#shared/contracts/download';
import type { PersonalCollection } from '#shared/contracts/personal-data';
import {
  COLLECTION_CHANGED_MESSAGE,
  type CollectionEntryRecord,
  type CollectionRecord,
  createCollectionRecord,
  deleteCollectionRecord,
  getCollectionRecord,
  listAllOwnerCollections,
  listCuratedCollectionsPage,
  listOwnerCollectionsPage,
  replaceCollectionRecord,
} from '../data/collections.ts';
import { getContentById } from '../data/content.ts';
import type { ContentItem } from '../data/items.ts';
import { toContentSummary } from '../data/items.ts';
import { newId } from '../domain/ids.ts';
import { visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import { type Caller, SIGN_IN_MESSAGE } from '../lib/handler.ts';
import { libraryItemState, summariesOf } from './library.ts';

/**
 * The use cases of collections (issue 26 item 2; decision record 073). Who reads what:
 * the owner reads their collection whatever its visibility; anyone (a visitor too)
 * reads a `link` or `curated` one; a private one is 404 to everyone else, exactly like
 * one that does not exist. Only the owner changes or deletes (404 to others); only an
 * editor (`updateContent`) makes one curated. Each entry is shown to each reader as My
 * library shows a saved item: available (with its summary), archived, unavailable or
 * removed, never an error. A page view is two DynamoDB requests: the GetItem of the
 * collection and one BatchGetItem of its (at most 100) items.
 */

/** The 404 of a collection that does not exist or that the caller may not read. */
export const COLLECTION_NOT_FOUND_MESSAGE = 'Collection does not exist.';
/** The 409 of an add beyond {@link COLLECTION_LIMITS.itemsMax}. */
export const COLLECTION_ITEMS_FULL_MESSAGE = `A collection holds at most ${COLLECTION_LIMITS.itemsMax} items. Remove one first.`;
/** The field message of an entry naming an item the caller cannot open. */
export const UNKNOWN_ENTRY_MESSAGE = 'This item does not exist or you cannot open it.';

/** Attempts of an add that met a concurrent change of the same collection. */
const ADD_ATTEMPTS = 3;

function signedIn(caller: Caller): NonNullable<Caller> {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return caller;
}

/**
 * A collection `caller` may read (the owner's, or shared by link, or curated): the one
 * rule of getCollection, shared by its coverage reports and worksheet (issue 27).
 * @throws NotFoundError otherwise.
 */
export async function readableCollection(id: string, caller: Caller): Promise<CollectionRecord> {
  const record = await getCollectionRecord(id);
  if (!record || (record.visibility === 'private' && record.ownerId !== caller?.sub)) {
    throw new NotFoundError(COLLECTION_NOT_FOUND_MESSAGE);
  }
  return record;
}

/** The caller's own collection, read consistently (a change is computed from it); else 404. */
async function ownCollection(id: string, caller: NonNullable<Caller>): Promise<CollectionRecord> {
  const record = await getCollectionRecord(id, { consistent: true });
  if (!record || record.ownerId !== caller.sub) throw new NotFoundError(COLLECTION_NOT_FOUND_MESSAGE);
  return record;
}

/** 403 unless the caller may publish curated collections (editors, `updateContent`). */
function assertMayUse(visibility: CollectionRecord['visibility'], caller: NonNullable<Caller>): void {
  if (visibility === 'curated' && !can(caller.principal, 'updateContent')) {
    throw new ForbiddenError(CURATED_COLLECTION_FORBIDDEN_MESSAGE);
  }
}

/** The summary of a stored collection (no entries). */
function toSummary(record: CollectionRecord): CollectionSummary {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    visibility: record.visibility,
    ownerName: record.ownerName,
    itemCount: record.entries.length,
    createdTimestamp: record.createdTimestamp,
    modifiedTimestamp: record.modifiedTimestamp,
    version: record.version,
  };
}

/** The collection as `caller` reads it: each entry with what became of its item for them (one BatchGetItem). */
async function toCollection(record: CollectionRecord, caller: Caller): Promise<Collection> {
  const viewer = caller?.principal ?? null;
  const contents = await summariesOf(record.entries.map((entry) => entry.contentId));
  return {
    ...toSummary(record),
    owned: record.ownerId === caller?.sub,
    entries: record.entries.map((entry) => {
      const content = contents.get(entry.contentId);
      const state = libraryItemState(content, viewer);
      return {
        contentId: entry.contentId,
        note: entry.note,
        name: content && state !== 'removed' ? content.name : entry.name,
        state,
        content: content && state === 'available' ? toContentSummary(content) : null,
      };
    }),
  };
}

/**
 * The stored entries of a write: entries already in `current` keep their stored name
 * (whatever became of the item since); a new one must name an item the caller can open
 * now and takes its current name.
 * @throws ValidationError with a field message per entry the caller cannot open.
 */
async function entriesToStore(
  entries: readonly { contentId: string; note: string }[],
  current: readonly CollectionEntryRecord[],
  caller: NonNullable<Caller>,
): Promise<CollectionEntryRecord[]> {
  const kept = new Map(current.map((entry) => [entry.contentId, entry]));
  const added = entries.filter((entry) => !kept.has(entry.contentId)).map((entry) => entry.contentId);
  const contents = await summariesOf(added);
  const errors = entries.flatMap((entry, index) => {
    if (kept.has(entry.contentId)) return [];
    const content = contents.get(entry.contentId);
    return content && visibleInDetail(content.status, caller.principal)
      ? []
      : [{ path: `body.entries.${index}.contentId`, message: UNKNOWN_ENTRY_MESSAGE }];
  });
  if (errors.length > 0) throw new ValidationError(errors);
  return entries.map((entry) => ({
    contentId: entry.contentId,
    note: entry.note,
    name: kept.get(entry.contentId)?.name ?? contents.get(entry.contentId)?.name ?? '',
  }));
}

/**
 * `POST /api/v1/collections`: a new collection owned by the caller.
 * @throws UnauthorizedError; ForbiddenError for curated without updateContent;
 *   ValidationError for an entry the caller cannot open; ConflictError beyond 100 collections.
 */
export async function createCollection(body: CreateCollectionRequest, caller: Caller): Promise<Collection> {
  const who = signedIn(caller);
  assertMayUse(body.visibility, who);
  const now = new Date().toISOString();
  const record: CollectionRecord = {
    id: newId(),
    ownerId: who.sub,
    ownerName: who.claims.displayName,
    name: body.name,
    description: body.description,
    visibility: body.visibility,
    entries: await entriesToStore(body.entries, [], who),
    createdTimestamp: now,
    modifiedTimestamp: now,
    version: 1,
  };
  await createCollectionRecord(record);
  return toCollection(record, caller);
}

/** `GET /api/v1/collections/{id}`: the collection as the caller may read it. @throws NotFoundError. */
export async function getCollection(id: string, caller: Caller): Promise<Collection> {
  return toCollection(await readableCollection(id, caller), caller);
}

/**
 * `PUT /api/v1/collections/{id}`: replaces the owner's collection as a whole at the
 * version read (each item once: the contract refuses duplicates).
 * @throws NotFoundError to anyone but the owner; ConflictError when it changed since
 *   `body.version`; ForbiddenError for curated without updateContent; ValidationError.
 */
export async function updateCollection(id: string, body: UpdateCollectionRequest, caller: Caller): Promise<Collection> {
  const who = signedIn(caller);
  const current = await ownCollection(id, who);
  if (current.version !== body.version) throw new ConflictError(COLLECTION_CHANGED_MESSAGE);
  assertMayUse(body.visibility, who);
  const next: CollectionRecord = {
    ...current,
    ownerName: who.claims.displayName,
    name: body.name,
    description: body.description,
    visibility: body.visibility,
    entries: await entriesToStore(body.entries, current.entries, who),
    modifiedTimestamp: new Date().toISOString(),
    version: current.version + 1,
  };
  await replaceCollectionRecord(next);
  return toCollection(next, caller);
}

/**
 * `POST /api/v1/collections/{id}/entries`: adds an item the caller can open at the end;
 * an item already there stays where it is with its note.
 * @throws NotFoundError (another's collection, or an item the caller cannot open);
 *   ConflictError beyond {@link COLLECTION_LIMITS.itemsMax} items.
 */
export async function addCollectionEntry(
  id: string,
  body: AddCollectionEntryRequest,
  caller: Caller,
): Promise<Collection> {
  const who = signedIn(caller);
  const content = await getContentById(body.contentId);
  for (let attempt = 1; ; attempt += 1) {
    const current = await ownCollection(id, who);
    if (!content || !visibleInDetail(content.status, who.principal)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
    if (current.entries.some((entry) => entry.contentId === body.contentId)) return toCollection(current, caller);
    if (current.entries.length >= COLLECTION_LIMITS.itemsMax) throw new ConflictError(COLLECTION_ITEMS_FULL_MESSAGE);
    const next: CollectionRecord = {
      ...current,
      entries: [...current.entries, { contentId: content.id, note: body.note, name: content.name }],
      modifiedTimestamp: new Date().toISOString(),
      version: current.version + 1,
    };
    try {
      await replaceCollectionRecord(next);
      return toCollection(next, caller);
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= ADD_ATTEMPTS) throw error;
    }
  }
}

/** `DELETE /api/v1/collections/{id}`: deletes the owner's collection. @throws NotFoundError to anyone else. */
export async function deleteCollection(id: string, caller: Caller): Promise<DeletedCollection> {
  const who = signedIn(caller);
  const current = await ownCollection(id, who);
  if (!(await deleteCollectionRecord(current.ownerId, id))) throw new NotFoundError(COLLECTION_NOT_FOUND_MESSAGE);
  return { id, deleted: true };
}

/** `GET /api/v1/collections/mine`: a page of the caller's collections, most recently changed first. */
export async function listMyCollections(query: CollectionPageQuery, caller: Caller): Promise<CollectionPage> {
  const who = signedIn(caller);
  const page = await listOwnerCollectionsPage(who.sub, query);
  return { items: page.items.map(toSummary), nextPageToken: page.nextPageToken };
}

/** `GET /api/v1/collections`: a page of the curated collections, most recently changed first. */
export async function listCuratedCollections(query: CollectionPageQuery): Promise<CollectionPage> {
  const page = await listCuratedCollectionsPage(query);
  return { items: page.items.map(toSummary), nextPageToken: page.nextPageToken };
}

/** The knowledge lists of a content item and the coverage type each fills. */
const KNOWLEDGE_LISTS = [
  ['ksas', 'KSA'],
  ['kus', 'KU'],
  ['tkss', 'TKS'],
] as const;

/**
 * `GET /api/v1/collections/{id}/coverage`: the NICE statements and CAE knowledge units
 * the collection's items available to the reader cover together, each with the ids of
 * the items that cover it in collection order; each type sorted by id. Two requests,
 * as the page.
 * @throws NotFoundError as {@link getCollection}.
 */
export async function getCollectionCoverage(id: string, caller: Caller): Promise<CollectionCoverage> {
  const record = await readableCollection(id, caller);
  const viewer = caller?.principal ?? null;
  const contents = await summariesOf(
    record.entries.map((entry) => entry.contentId),
    KNOWLEDGE_LISTS.map(([list]) => list),
  );
  const covered = { KSA: new Map<string, CoveredKnowledge>(), KU: new Map(), TKS: new Map() } as Record<
    'KSA' | 'KU' | 'TKS',
    Map<string, CoveredKnowledge>
  >;
  for (const entry of record.entries) {
    const content = contents.get(entry.contentId);
    if (!content || libraryItemState(content, viewer) !== 'available') continue;
    for (const [list, type] of KNOWLEDGE_LISTS) {
      for (const ref of (content as ContentItem)[list] ?? []) {
        const known = covered[type].get(ref.id) ?? { id: ref.id, name: ref.name, contentIds: [] };
        if (!known.contentIds.includes(content.id)) known.contentIds.push(content.id);
        covered[type].set(ref.id, known);
      }
    }
  }
  const sorted = (map: Map<string, CoveredKnowledge>) =>
    [...map.values()].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  return { KSA: sorted(covered.KSA), KU: sorted(covered.KU), TKS: sorted(covered.TKS) };
}

/**
 * What a collection's bundle covers: its name, its description (plain text; a
 * cartridge's LOM description, issue 27 item 6) and the items the requester may open,
 * in collection order.
 */
export interface CollectionBundleScope {
  readonly collectionId: string;
  readonly title: string;
  readonly description: string;
  readonly contentIds: readonly string[];
}

/**
 * The scope of "Download all" of a collection (`requestBundle` with `collectionId`):
 * the collection must be readable by the caller, and the bundle holds the items the
 * caller may open now, in collection order (each later walked with its descendants).
 * @throws NotFoundError for a collection the caller may not read, or one without an
 *   item the caller may open ({@link emptyBundleMessage}).
 */
export async function collectionBundleScope(id: string, caller: Caller): Promise<CollectionBundleScope> {
  const record = await readableCollection(id, caller);
  const viewer = caller?.principal ?? null;
  const contents = await summariesOf(record.entries.map((entry) => entry.contentId));
  const contentIds = record.entries
    .map((entry) => entry.contentId)
    .filter((contentId) => libraryItemState(contents.get(contentId), viewer) === 'available');
  if (contentIds.length === 0) throw new NotFoundError(emptyBundleMessage(record.name));
  return { collectionId: record.id, title: record.name, description: record.description, contentIds };
}

/** Every collection of one owner as the privacy export lists it (issue 26 item 5), most recently changed first. */
export async function collectionsOfOwner(ownerId: string): Promise<z.infer<typeof PersonalCollection>[]> {
  const records = await listAllOwnerCollections(ownerId);
  return records.map((record) => ({
    id: record.id,
    name: record.name,
    description: record.description,
    visibility: record.visibility,
    createdTimestamp: record.createdTimestamp,
    modifiedTimestamp: record.modifiedTimestamp,
    entries: record.entries.map((entry) => ({ contentId: entry.contentId, name: entry.name, note: entry.note })),
  }));
}

/** Deletes every collection of one owner (issue 26 item 5), each with the owner's count; answers how many went. */
export async function deleteAllCollectionsOf(ownerId: string): Promise<number> {
  let deleted = 0;
  for (const record of await listAllOwnerCollections(ownerId)) {
    if (await deleteCollectionRecord(ownerId, record.id)) deleted += 1;
  }
  return deleted;
}
