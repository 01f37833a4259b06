import * as z from 'zod';
import { UserDetail } from './administration.ts';
import { CollectionVisibility } from './collection.ts';
import { EntityId, IsoDateTime } from './common.ts';
import { Message } from './identity.ts';
import { OwnReview } from './review.ts';
import { SavedSearchQuery } from './saved-search.ts';
import { Submission } from './submission.ts';

/**
 * Privacy (issue 26 item 5; decision record 075): everything the portal holds about
 * one user, as one JSON document the user downloads (`GET /api/v1/personal-data`) and
 * an administrator sees on the user's detail (`GET /api/v1/users/{id}/personal-data`);
 * and the deletion of the user's reviews and collections.
 */

/** The most downloads an export lists (newest first); the library's CSV export pages through them all. */
export const PERSONAL_DATA_DOWNLOADS_MAX = 10_000;

/** One saved item of the export: the item and when it was saved. */
export const PersonalSavedItem = z.object({ contentId: EntityId, name: z.string(), savedTimestamp: IsoDateTime });

/** One download of the export: when, which file, from which item, and the version it was (the item's publish date). */
export const PersonalDownload = z.object({
  timestamp: IsoDateTime,
  fileId: EntityId,
  fileName: z.string(),
  contentId: EntityId.nullable(),
  contentName: z.string(),
  publishedTimestamp: IsoDateTime.nullable(),
});

/** One collection of the export, with its entries in order. */
export const PersonalCollection = z.object({
  id: EntityId,
  name: z.string(),
  description: z.string(),
  visibility: CollectionVisibility,
  createdTimestamp: IsoDateTime,
  modifiedTimestamp: IsoDateTime,
  entries: z.array(z.object({ contentId: EntityId, name: z.string(), note: z.string() })),
});

/** One saved search of the export: what it searches and whether it alerts. */
export const PersonalSavedSearch = z.object({
  id: EntityId,
  name: z.string(),
  query: SavedSearchQuery,
  alerts: z.boolean(),
  createdTimestamp: IsoDateTime,
});

/**
 * The whole export. `account` is what an administrator sees of the user (claims,
 * ranges, organizations; without the record's version); `downloads` lists at most
 * {@link PERSONAL_DATA_DOWNLOADS_MAX}, newest first, and `downloadsTruncated` says
 * when there were more.
 */
export const PersonalData = z
  .object({
    exportedTimestamp: IsoDateTime,
    account: UserDetail.omit({ version: true }),
    messages: z.array(Message),
    library: z.array(PersonalSavedItem),
    downloads: z.array(PersonalDownload),
    downloadsTruncated: z.boolean(),
    collections: z.array(PersonalCollection),
    reviews: z.array(OwnReview),
    savedSearches: z.array(PersonalSavedSearch),
    updateNotices: z.object({ emailDigest: z.boolean() }),
    submissions: z.array(Submission),
  })
  .meta({ id: 'PersonalData' });
export type PersonalData = z.infer<typeof PersonalData>;

/** `DELETE /api/v1/personal-data/reviews` and `…/collections`: how many were deleted. */
export const DeletedPersonalData = z.object({ deleted: z.number().int().min(0) }).meta({ id: 'DeletedPersonalData' });
export type DeletedPersonalData = z.infer<typeof DeletedPersonalData>;

/** `GET /api/v1/users/{id}/personal-data` path. */
export const PersonalDataUserPath = z.object({ id: EntityId });
