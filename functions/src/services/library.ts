import type { Principal } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE, ContentSummary } from '#shared/contracts/content';
import type {
  DownloadHistoryPage,
  LibraryItemState,
  LibraryPage,
  LibraryPageQuery,
  SavedContentIds,
  SavedContentState,
} from '#shared/contracts/library';
import { getContentById } from '../data/content.ts';
import { batchGetItems } from '../data/dynamo.ts';
import { type ContentItem, toContentSummary } from '../data/items.ts';
import { contentKey } from '../data/keys.ts';
import {
  listDownloadHistoryPage,
  listSavedContentIds,
  listSavedContentPage,
  removeSavedContentFor,
  saveContentFor,
} from '../data/library.ts';
import { ARCHIVED_STATUS, visibleInDetail } from '../domain/visibility.ts';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import { type Caller, SIGN_IN_MESSAGE } from '../lib/handler.ts';

/**
 * The use cases of My library (issue 26 item 1; decision record 072): each reaches the
 * caller's own library only. A page of the library or of the download history is two
 * DynamoDB requests: the Query of the page and one BatchGetItem of its content items
 * (projected on the summary's fields), which tells what became of each item.
 */

/** The attributes of a content item a library page reads: the summary's and the status. */
const SUMMARY_ATTRIBUTES = [...new Set([...Object.keys(ContentSummary.shape), 'status', 'lastPublishedTimestamp'])];

type SummaryItem = ContentItem;

function signedIn(caller: Caller): NonNullable<Caller> {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return caller;
}

/**
 * What became of an item for `viewer`: removed (gone), archived, available (its page
 * opens for the viewer) or unavailable (no longer published, and the viewer may not
 * see it otherwise).
 */
export function libraryItemState(
  item: Pick<ContentItem, 'status'> | undefined,
  viewer: Principal | null,
): LibraryItemState {
  if (!item) return 'removed';
  if (item.status === ARCHIVED_STATUS) return 'archived';
  return visibleInDetail(item.status, viewer) ? 'available' : 'unavailable';
}

/**
 * The content items of `ids` by id, read with one BatchGetItem per 100, projected on the
 * summary's attributes, the status and `extraAttributes` (collections add the knowledge
 * lists, issue 26 item 2). Missing items are absent from the map.
 */
export async function summariesOf(
  ids: readonly string[],
  extraAttributes: readonly string[] = [],
): Promise<Map<string, SummaryItem>> {
  if (ids.length === 0) return new Map();
  const attributes = extraAttributes.length
    ? [...new Set([...SUMMARY_ATTRIBUTES, ...extraAttributes])]
    : SUMMARY_ATTRIBUTES;
  const items = await batchGetItems<SummaryItem>(ids.map(contentKey), attributes);
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * `PUT /api/v1/library/saved/{id}`: saves an item the caller can open (404 otherwise:
 * the same answer as for an item that does not exist). A second save keeps the first.
 * @throws UnauthorizedError without a caller; NotFoundError; ConflictError when the library is full.
 */
export async function saveToLibrary(contentId: string, caller: Caller): Promise<SavedContentState> {
  const { sub, principal } = signedIn(caller);
  const content = await getContentById(contentId);
  if (!content || !visibleInDetail(content.status, principal)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  const { record } = await saveContentFor({
    userId: sub,
    contentId,
    savedTimestamp: new Date().toISOString(),
    contentName: content.name,
  });
  return { contentId, saved: true, savedTimestamp: record.savedTimestamp };
}

/**
 * `DELETE /api/v1/library/saved/{id}`: removes an item from the caller's library,
 * whatever became of the item; removing one that is not saved answers the same.
 * @throws UnauthorizedError without a caller.
 */
export async function removeFromLibrary(contentId: string, caller: Caller): Promise<SavedContentState> {
  const { sub } = signedIn(caller);
  await removeSavedContentFor(sub, contentId);
  return { contentId, saved: false, savedTimestamp: null };
}

/** `GET /api/v1/library/saved-ids`: every id in the caller's library. */
export async function savedContentIds(caller: Caller): Promise<SavedContentIds> {
  const { sub } = signedIn(caller);
  return { contentIds: await listSavedContentIds(sub) };
}

/**
 * `GET /api/v1/library/saved`: a page of the caller's saved items, most recently saved
 * first, each with what became of it; an available item carries its summary and its
 * current name, any other its name when it was saved (removed) or now (archived,
 * unavailable), and no summary.
 */
export async function listLibrary(query: LibraryPageQuery, caller: Caller): Promise<LibraryPage> {
  const { sub, principal } = signedIn(caller);
  const page = await listSavedContentPage(sub, query);
  const contents = await summariesOf(page.items.map((saved) => saved.contentId));
  return {
    items: page.items.map((saved) => {
      const content = contents.get(saved.contentId);
      const state = libraryItemState(content, principal);
      return {
        contentId: saved.contentId,
        savedTimestamp: saved.savedTimestamp,
        name: content?.name ?? saved.contentName,
        state,
        content: content && state === 'available' ? toContentSummary(content) : null,
      };
    }),
    nextPageToken: page.nextPageToken,
  };
}

/**
 * `GET /api/v1/library/downloads`: a page of the caller's downloads, newest first,
 * each with what became of its item and whether it was published again since.
 */
export async function listDownloadHistory(query: LibraryPageQuery, caller: Caller): Promise<DownloadHistoryPage> {
  const { sub, principal } = signedIn(caller);
  const page = await listDownloadHistoryPage(sub, query);
  const contents = await summariesOf(page.items.flatMap((entry) => (entry.contentId ? [entry.contentId] : [])));
  return {
    items: page.items.map((entry) => {
      const content = entry.contentId ? contents.get(entry.contentId) : undefined;
      // A category bundle has no item of its own: it stays available as it was downloaded.
      const state = entry.contentId ? libraryItemState(content, principal) : 'available';
      const lastPublished = content?.lastPublishedTimestamp;
      return {
        id: entry.id,
        timestamp: entry.timestamp,
        fileId: entry.fileId,
        fileName: entry.fileName,
        contentId: entry.contentId,
        contentName: entry.contentName,
        publishedTimestamp: entry.publishedTimestamp,
        state,
        urlAlias: content && state === 'available' ? content.urlAlias : null,
        updatedSince: state === 'available' && lastPublished !== undefined && lastPublished > entry.timestamp,
      };
    }),
    nextPageToken: page.nextPageToken,
  };
}
