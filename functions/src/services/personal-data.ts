import type * as z from 'zod';
import {
  PERSONAL_DATA_DOWNLOADS_MAX,
  type PersonalData,
  type PersonalDownload,
  type PersonalSavedItem,
} from '#shared/contracts/personal-data';
import type { Page } from '../data/dynamo.ts';
import { listDownloadHistoryPage, listSavedContentPage } from '../data/library.ts';
import { listSavedSearchesOf } from '../data/saved-searches.ts';
import { listSubmitterSubmissions } from '../data/submissions.ts';
import { getUpdateNoticeSettings } from '../data/update-notices.ts';
import { getUserAccount } from '../data/users.ts';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import { type Caller, SIGN_IN_MESSAGE } from '../lib/handler.ts';
import { collectionsOfOwner, deleteAllCollectionsOf } from './collections.ts';
import { deleteAllReviewsOf, ownReviewsOf } from './reviews.ts';
import { toSubmission } from './submissions.ts';
import { toUserDetail } from './user-detail.ts';

/**
 * Privacy (issue 26 item 5; decision record 075): the export of everything the portal
 * holds about one user, for the user and for an administrator, and the deletion of a
 * user's reviews and collections. Every read is of the user's own partitions and
 * pointers (no Scan): the user's item collection, library, download history (newest
 * {@link PERSONAL_DATA_DOWNLOADS_MAX}), collections, review pointers, saved searches,
 * update-notice settings and submissions.
 */

/** The message of a 404 for a user id with no user. */
export const USER_NOT_FOUND_MESSAGE = 'User does not exist.';

/** Submissions an export lists (the submitter's own list shows at most 100 too). */
const SUBMISSIONS_MAX = 1000;

/** Reads pages until there is no next page or `max` items are collected; returns them and whether more remained. */
async function collectPages<T>(
  read: (pageToken: string | undefined) => Promise<Page<T>>,
  max: number,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let pageToken: string | undefined;
  do {
    const page = await read(pageToken);
    items.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken && items.length < max);
  return { items: items.slice(0, max), truncated: items.length > max || pageToken !== undefined };
}

/**
 * The export of one user.
 * @throws NotFoundError {@link USER_NOT_FOUND_MESSAGE} when there is no such user.
 */
export async function personalDataOf(userId: string, now: Date = new Date()): Promise<PersonalData> {
  const account = await getUserAccount(userId);
  if (!account) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  const [saved, downloads, collections, reviews, savedSearches, settings, submissions] = await Promise.all([
    collectPages((pageToken) => listSavedContentPage(userId, { limit: 100, pageToken }), Number.POSITIVE_INFINITY),
    collectPages(
      (pageToken) => listDownloadHistoryPage(userId, { limit: 1000, pageToken }),
      PERSONAL_DATA_DOWNLOADS_MAX,
    ),
    collectionsOfOwner(userId),
    ownReviewsOf(userId),
    listSavedSearchesOf(userId),
    getUpdateNoticeSettings(userId),
    listSubmitterSubmissions(userId, SUBMISSIONS_MAX),
  ]);
  const { version: _version, ...detail } = toUserDetail(account);
  return {
    exportedTimestamp: now.toISOString(),
    account: detail,
    messages: account.messages.map((message) => ({ ...message })),
    library: saved.items.map(
      (item): z.infer<typeof PersonalSavedItem> => ({
        contentId: item.contentId,
        name: item.contentName,
        savedTimestamp: item.savedTimestamp,
      }),
    ),
    downloads: downloads.items.map(
      (item): z.infer<typeof PersonalDownload> => ({
        timestamp: item.timestamp,
        fileId: item.fileId,
        fileName: item.fileName,
        contentId: item.contentId,
        contentName: item.contentName,
        publishedTimestamp: item.publishedTimestamp,
      }),
    ),
    downloadsTruncated: downloads.truncated,
    collections,
    reviews,
    savedSearches: savedSearches.map((search) => ({
      id: search.id,
      name: search.name,
      query: search.query,
      alerts: search.alerts,
      createdTimestamp: search.createdTimestamp,
    })),
    updateNotices: { emailDigest: !settings.emailOptOut },
    submissions: submissions.map(toSubmission),
  };
}

function signedInUser(caller: Caller): string {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return caller.sub;
}

/** `GET /api/v1/personal-data`: the caller's export. @throws UnauthorizedError for a visitor. */
export async function exportPersonalData(caller: Caller): Promise<PersonalData> {
  return personalDataOf(signedInUser(caller));
}

/** `DELETE /api/v1/personal-data/reviews`: deletes every review of the caller; answers how many. */
export async function deletePersonalReviews(caller: Caller): Promise<{ deleted: number }> {
  return { deleted: await deleteAllReviewsOf(signedInUser(caller)) };
}

/** `DELETE /api/v1/personal-data/collections`: deletes every collection of the caller; answers how many. */
export async function deletePersonalCollections(caller: Caller): Promise<{ deleted: number }> {
  return { deleted: await deleteAllCollectionsOf(signedInUser(caller)) };
}
