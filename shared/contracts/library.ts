import * as z from 'zod';
import { EntityId, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { ContentSummary } from './content.ts';

/**
 * My library (issue 26 item 1; decision record 072): a signed-in user saves content
 * items from their cards and pages and finds them again, with the history of their own
 * downloads. Every route reads and writes the caller's own library only.
 */

/** The limits of a library (here, not in `shared/limits.ts`, which the first render carries). */
export const LIBRARY_LIMITS = {
  /** Items one user may keep saved; the next save is a 409. */
  savedPerUser: 500,
  /** Items of a page of the library or of the download history when `limit` is not given. */
  pageSizeDefault: 20,
  /** The most items one page may ask for. */
  pageSizeMax: 100,
} as const;

/** The 409 of a save beyond {@link LIBRARY_LIMITS.savedPerUser}. */
export const LIBRARY_FULL_MESSAGE = `You can keep at most ${LIBRARY_LIMITS.savedPerUser} items in your library. Remove one first.`;

/**
 * What became of a saved or downloaded item, as the caller may see it now:
 * `available` (its page opens), `archived` (archived since), `unavailable` (no longer
 * published) or `removed` (deleted since). Only an `available` item carries its summary.
 */
export const LibraryItemState = z
  .enum(['available', 'archived', 'unavailable', 'removed'])
  .meta({ id: 'LibraryItemState' });
export type LibraryItemState = z.infer<typeof LibraryItemState>;

/** `PUT`/`DELETE /api/v1/library/saved/{id}` path: the content item's id. */
export const LibraryContentPath = z.object({ id: EntityId });

/** The query of a library page: `limit` (1–100, default 20) and the `pageToken` of the previous page. */
export const LibraryPageQuery = z.object({
  limit: limitParam(LIBRARY_LIMITS.pageSizeMax, LIBRARY_LIMITS.pageSizeDefault),
  pageToken: PageToken.optional(),
});
export type LibraryPageQuery = z.infer<typeof LibraryPageQuery>;

/** Whether one item is in the caller's library: the answer of a save and of a removal. */
export const SavedContentState = z
  .object({
    contentId: EntityId,
    saved: z.boolean(),
    /** When it was saved (kept by a second save); null when it is not saved. */
    savedTimestamp: IsoDateTime.nullable(),
  })
  .meta({ id: 'SavedContentState' });
export type SavedContentState = z.infer<typeof SavedContentState>;

/** Every content id in the caller's library (at most {@link LIBRARY_LIMITS.savedPerUser}), for the cards' save buttons. */
export const SavedContentIds = z.object({ contentIds: z.array(EntityId) }).meta({ id: 'SavedContentIds' });
export type SavedContentIds = z.infer<typeof SavedContentIds>;

/** One saved item: when it was saved, the name it had then, what became of it, and its summary while available. */
export const LibraryItem = z
  .object({
    contentId: EntityId,
    savedTimestamp: IsoDateTime,
    /** The item's name now when it still exists, else the name it had when it was saved. */
    name: z.string(),
    state: LibraryItemState,
    content: ContentSummary.nullable(),
  })
  .meta({ id: 'LibraryItem' });
export type LibraryItem = z.infer<typeof LibraryItem>;

/** A page of the caller's saved items, most recently saved first. */
export const LibraryPage = pageOf(LibraryItem).meta({ id: 'LibraryPage' });
export type LibraryPage = z.infer<typeof LibraryPage>;

/**
 * One download of the caller: when, which file (the name it was saved as), from which
 * content item (null for a category bundle) and which published version it was (the
 * item's last publish before the download; null when never published), with what
 * became of the item and whether it was published again since.
 */
export const DownloadHistoryEntry = z
  .object({
    id: EntityId,
    timestamp: IsoDateTime,
    fileId: EntityId,
    fileName: z.string(),
    contentId: EntityId.nullable(),
    contentName: z.string(),
    /** The version downloaded: the item's last publish before the download. */
    publishedTimestamp: IsoDateTime.nullable(),
    state: LibraryItemState,
    /** The item's URL alias now while it is available (its address: `contentPath`); null otherwise. */
    urlAlias: z.string().nullable(),
    /** True when the item was published again after this download. */
    updatedSince: z.boolean(),
  })
  .meta({ id: 'DownloadHistoryEntry' });
export type DownloadHistoryEntry = z.infer<typeof DownloadHistoryEntry>;

/** A page of the caller's downloads, newest first. */
export const DownloadHistoryPage = pageOf(DownloadHistoryEntry).meta({ id: 'DownloadHistoryPage' });
export type DownloadHistoryPage = z.infer<typeof DownloadHistoryPage>;
