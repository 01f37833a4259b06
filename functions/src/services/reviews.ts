import { can } from '#shared/capabilities';
import { CONTENT_NOT_FOUND_MESSAGE } from '#shared/contracts/content';
import {
  ALREADY_HIDDEN_MESSAGE,
  ALREADY_REPORTED_MESSAGE,
  ALREADY_RESPONDED_MESSAGE,
  type HideReviewRequest,
  type ModeratedReview,
  type ModeratedReviewPage,
  type MyReview,
  NOT_A_CONTRIBUTOR_MESSAGE,
  NOTHING_TO_RESTORE_MESSAGE,
  OWN_REVIEW_REPORT_MESSAGE,
  type OwnReview,
  type ParsedPutReviewRequest,
  type RatingSummary,
  REVIEW_LIMITS,
  REVIEW_NOT_FOUND_MESSAGE,
  REVIEWS_CLOSED_MESSAGE,
  type ReportedReview,
  type RespondToReviewRequest,
  type Review,
  type ReviewPage,
  ratingSummaryOf,
} from '#shared/contracts/review';
import { bumpCatalogRevision } from '../data/catalog.ts';
import { getContentById, getContentByIds } from '../data/content.ts';
import { getContributorsByIds } from '../data/contributors.ts';
import { tableName } from '../data/dynamo.ts';
import type { ContentItem } from '../data/items.ts';
import { ENTITY_TYPES, reviewReportKey } from '../data/keys.ts';
import {
  changeReview,
  getRatingTotals,
  getReview,
  getReviewById,
  getReviewsOf,
  listModerationQueue,
  listReviewedContentIds,
  listVisibleReviews,
  type ReviewChangeResult,
  type ReviewRecord,
} from '../data/reviews.ts';
import { newId } from '../domain/ids.ts';
import { sameEmail } from '../domain/submissions.ts';
import { visibleInDetail } from '../domain/visibility.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { logger } from '../lib/logger.ts';

/**
 * The use cases of ratings and reviews (issue 26 item 3; decision record 070).
 * Visitors and users without update content read the reviews of published items only;
 * an editor reads them on any item they may open. Only published items take ratings.
 * Every change goes through `changeReview` (one transaction with the aggregate); a
 * change of the counted ratings then bumps the catalog revision, so the search index
 * (cards' average and count, the "rating" sort) is rebuilt with the new totals.
 */

type VerifiedCaller = NonNullable<Caller>;

function verified(caller: Caller): VerifiedCaller {
  if (!caller) throw new Error('This use case needs a signed-in caller.');
  return caller;
}

/**
 * The item whose reviews are read: one the caller may open (decision record 008), and
 * published unless the caller may update content; else 404 like missing content.
 */
async function readableContent(contentId: string, caller: Caller): Promise<ContentItem> {
  const viewer = caller?.principal ?? null;
  const item = await getContentById(contentId);
  if (!item || !visibleInDetail(item.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  if (item.status !== 'published' && !can(viewer, 'updateContent')) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  return item;
}

/** The item a rating is written on: one the caller may open (else 404), and published (else 409). */
async function ratableContent(contentId: string, caller: Caller): Promise<ContentItem> {
  const viewer = caller?.principal ?? null;
  const item = await getContentById(contentId);
  if (!item || !visibleInDetail(item.status, viewer)) throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE);
  if (item.status !== 'published') throw new ConflictError(REVIEWS_CLOSED_MESSAGE);
  return item;
}

/**
 * True when the caller is a contributor of the item (decision record 070): the e-mail
 * address of the caller's login equals, ignoring case, the address of one of the
 * contributors the item lists (as a submission's acceptance makes its submitter a
 * contributor with the submitter's address, decision record 067).
 */
export async function isContributorOf(item: ContentItem, caller: Caller): Promise<boolean> {
  const email = caller?.claims.email;
  if (!email || item.contributors.length === 0) return false;
  const contributors = await getContributorsByIds(item.contributors.map((ref) => ref.id));
  return contributors.some((contributor) => contributor.email !== null && sameEmail(contributor.email, email));
}

/** What anyone sees of a review. */
function publicReview(record: ReviewRecord): Review {
  return {
    id: record.id,
    contentId: record.contentId,
    rating: record.rating,
    text: record.text,
    authorName: record.authorName,
    createdTimestamp: record.createdTimestamp,
    modifiedTimestamp: record.modifiedTimestamp,
    response: record.response
      ? {
          text: record.response.text,
          authorName: record.response.authorName,
          createdTimestamp: record.response.createdTimestamp,
        }
      : null,
  };
}

function ownReview(record: ReviewRecord): OwnReview {
  return { ...publicReview(record), status: record.status, hiddenReason: record.hiddenReason };
}

async function summaryOf(contentId: string): Promise<RatingSummary> {
  const totals = await getRatingTotals(contentId);
  return ratingSummaryOf(totals.sum, totals.count);
}

/** After a change of the counted ratings: bump the catalog revision (best effort; the next content write catches up). */
async function afterChange(result: ReviewChangeResult): Promise<void> {
  if (!result.aggregateChanged) return;
  try {
    await bumpCatalogRevision();
  } catch (error) {
    logger.warn('catalog revision not bumped after a rating change', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * `GET /api/v1/content-items/{id}/reviews`: the summary, one page of visible reviews
 * (most recently written first) and whether the caller may respond.
 * @throws NotFoundError for an item the caller may not read reviews of; ValidationError for a bad page token.
 */
export async function listContentReviews(
  contentId: string,
  query: { limit: number; pageToken?: string | undefined },
  caller: Caller,
): Promise<ReviewPage> {
  const item = await readableContent(contentId, caller);
  const [page, summary, canRespond] = await Promise.all([
    listVisibleReviews(contentId, query.limit, query.pageToken),
    summaryOf(contentId),
    isContributorOf(item, caller),
  ]);
  return { summary, items: page.items.map(publicReview), nextPageToken: page.nextPageToken, canRespond };
}

/** `GET …/reviews/mine`: the caller's review of the item (null: none), hidden or not, and the summary. */
export async function getMyReview(contentId: string, caller: Caller): Promise<MyReview> {
  const who = verified(caller);
  await readableContent(contentId, caller);
  const [review, summary] = await Promise.all([getReview(contentId, who.sub), summaryOf(contentId)]);
  return { review: review ? ownReview(review) : null, summary };
}

/**
 * `PUT …/reviews/mine`: rates and reviews the item, or replaces the caller's earlier
 * rating and review (same id; the response stays; a hidden review stays hidden).
 * @returns the review and the summary after it, and the transactions it took.
 * @throws NotFoundError (404) for an item the caller may not open; ConflictError (409)
 *   for an item that is not published; ServiceUnavailableError (503) when busy.
 */
export async function putMyReview(
  contentId: string,
  body: ParsedPutReviewRequest,
  caller: Caller,
): Promise<MyReview & { attempts: number }> {
  const who = verified(caller);
  await ratableContent(contentId, caller);
  const at = new Date().toISOString();
  const result = await changeReview(contentId, who.sub, (current) => ({
    next: current
      ? {
          ...current,
          rating: body.rating,
          text: body.text,
          authorName: who.claims.displayName,
          modifiedTimestamp: at,
          version: current.version + 1,
        }
      : {
          id: newId(),
          contentId,
          userId: who.sub,
          authorName: who.claims.displayName,
          rating: body.rating,
          text: body.text,
          status: 'visible',
          createdTimestamp: at,
          modifiedTimestamp: at,
          response: null,
          hiddenReason: null,
          hiddenTimestamp: null,
          reportCount: 0,
          openReports: 0,
          reportNotes: [],
          moderationSince: null,
          version: 1,
        },
  }));
  await afterChange(result);
  return {
    review: result.review ? ownReview(result.review) : null,
    summary: await summaryOf(contentId),
    attempts: result.attempts,
  };
}

/**
 * `DELETE …/reviews/mine`: deletes the caller's rating and review (its response too).
 * Deleting nothing is not an error (the answer says `review: null` either way).
 * @throws NotFoundError for an item the caller may not read reviews of.
 */
export async function deleteMyReview(contentId: string, caller: Caller): Promise<MyReview> {
  const who = verified(caller);
  await readableContent(contentId, caller);
  const result = await changeReview(contentId, who.sub, (current) => ({ next: current ? null : current }));
  await afterChange(result);
  return { review: null, summary: await summaryOf(contentId) };
}

/** A visible review by id, on an item whose reviews the caller may read; else 404. */
async function visibleReview(id: string, caller: Caller): Promise<{ review: ReviewRecord; item: ContentItem }> {
  const review = await getReviewById(id);
  if (review?.status !== 'visible') throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
  const item = await readableContent(review.contentId, caller).catch(() => {
    throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
  });
  return { review, item };
}

/**
 * `POST /api/v1/reviews/{id}/response`: a contributor of the item responds, once.
 * @throws NotFoundError for a review that is missing or hidden; ForbiddenError (403)
 *   for a caller who is not a contributor; ConflictError (409) when it has a response.
 */
export async function respondToReview(id: string, body: RespondToReviewRequest, caller: Caller): Promise<Review> {
  const who = verified(caller);
  const { review, item } = await visibleReview(id, caller);
  if (!(await isContributorOf(item, caller))) throw new ForbiddenError(NOT_A_CONTRIBUTOR_MESSAGE);
  const at = new Date().toISOString();
  const result = await changeReview(review.contentId, review.userId, (current) => {
    if (!current || current.id !== id || current.status !== 'visible')
      throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
    if (current.response) throw new ConflictError(ALREADY_RESPONDED_MESSAGE);
    return {
      next: {
        ...current,
        response: { text: body.text, authorName: who.claims.displayName, authorUserId: who.sub, createdTimestamp: at },
        version: current.version + 1,
      },
    };
  });
  return publicReview(result.review as ReviewRecord);
}

/**
 * `POST /api/v1/reviews/{id}/report`: the caller reports a visible review, once; it
 * enters (or stays in) the moderation queue.
 * @throws NotFoundError for a review that is missing or hidden; ConflictError (409)
 *   for one's own review or a second report.
 */
export async function reportReview(id: string, body: { note: string }, caller: Caller): Promise<ReportedReview> {
  const who = verified(caller);
  const { review } = await visibleReview(id, caller);
  if (review.userId === who.sub) throw new ConflictError(OWN_REVIEW_REPORT_MESSAGE);
  const at = new Date().toISOString();
  await changeReview(review.contentId, review.userId, (current) => {
    if (!current || current.id !== id || current.status !== 'visible')
      throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
    return {
      next: {
        ...current,
        reportCount: current.reportCount + 1,
        openReports: current.openReports + 1,
        reportNotes: body.note ? [...current.reportNotes, body.note].slice(-20) : current.reportNotes,
        moderationSince: current.moderationSince ?? at,
        version: current.version + 1,
      },
      extra: [
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...reviewReportKey(id, who.sub),
                entityType: ENTITY_TYPES.reviewReport,
                reviewId: id,
                userId: who.sub,
                note: body.note,
                createdTimestamp: at,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          conflict: ALREADY_REPORTED_MESSAGE,
        },
      ],
    };
  });
  return { id, reported: true };
}

function moderatedReview(record: ReviewRecord, item: ContentItem | undefined): ModeratedReview {
  return {
    ...ownReview(record),
    reportCount: record.reportCount,
    openReports: record.openReports,
    reportNotes: [...record.reportNotes],
    contentName: item?.name ?? '',
    contentUrlAlias: item?.urlAlias ?? '',
  };
}

/** `GET /api/v1/reviews/reported`: one page of the moderation queue with each review's item name and link. */
export async function listReportedReviews(query: { pageToken?: string | undefined }): Promise<ModeratedReviewPage> {
  const page = await listModerationQueue(REVIEW_LIMITS.queuePageSize, query.pageToken);
  const items = await getContentByIds([...new Set(page.items.map((review) => review.contentId))]);
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    items: page.items.map((review) => moderatedReview(review, byId.get(review.contentId))),
    nextPageToken: page.nextPageToken,
  };
}

async function reviewForModeration(id: string): Promise<ReviewRecord> {
  const review = await getReviewById(id);
  if (!review) throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
  return review;
}

/**
 * `POST /api/v1/reviews/{id}/hide`: hides a review with a reason its author sees; its
 * rating stops counting (decision record 070), it stays in the queue to be restored.
 * @throws NotFoundError; ConflictError (409) when it is hidden already.
 */
export async function hideReview(id: string, body: HideReviewRequest, caller: Caller): Promise<ModeratedReview> {
  verified(caller);
  const review = await reviewForModeration(id);
  const at = new Date().toISOString();
  const result = await changeReview(review.contentId, review.userId, (current) => {
    if (!current || current.id !== id) throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
    if (current.status === 'hidden') throw new ConflictError(ALREADY_HIDDEN_MESSAGE);
    return {
      next: {
        ...current,
        status: 'hidden',
        hiddenReason: body.reason,
        hiddenTimestamp: at,
        openReports: 0,
        moderationSince: current.moderationSince ?? at,
        version: current.version + 1,
      },
    };
  });
  await afterChange(result);
  const [item] = await getContentByIds([review.contentId]);
  return moderatedReview(result.review as ReviewRecord, item);
}

/**
 * `POST /api/v1/reviews/{id}/restore`: shows a hidden review again (its rating counts
 * again) or dismisses the open reports of a visible one; either way it leaves the queue.
 * @throws NotFoundError; ConflictError (409) when it is neither hidden nor reported.
 */
export async function restoreReview(id: string, caller: Caller): Promise<ModeratedReview> {
  verified(caller);
  const review = await reviewForModeration(id);
  const result = await changeReview(review.contentId, review.userId, (current) => {
    if (!current || current.id !== id) throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
    if (current.status === 'visible' && current.openReports === 0) throw new ConflictError(NOTHING_TO_RESTORE_MESSAGE);
    return {
      next: {
        ...current,
        status: 'visible',
        hiddenReason: null,
        hiddenTimestamp: null,
        openReports: 0,
        reportNotes: [],
        moderationSince: null,
        version: current.version + 1,
      },
    };
  });
  await afterChange(result);
  const [item] = await getContentByIds([review.contentId]);
  return moderatedReview(result.review as ReviewRecord, item);
}

/**
 * Every rating and review of one user, as the user sees their own (status and hidden
 * reason included), most recently written first: the user's data export (issue 26 item
 * 5; decision record 075). One Query of the user's review pointers, then BatchGetItem.
 */
export async function ownReviewsOf(userId: string): Promise<OwnReview[]> {
  const records = await getReviewsOf(userId, await listReviewedContentIds(userId));
  return records
    .sort((a, b) => b.modifiedTimestamp.localeCompare(a.modifiedTimestamp) || a.id.localeCompare(b.id))
    .map(ownReview);
}

/**
 * Deletes every rating and review of one user (with their responses), each in its own
 * transaction with its item's aggregate and the user's pointer (`changeReview`), then
 * bumps the catalog revision once when a shown rating went away (issue 26 item 5).
 * Returns how many were deleted; a review deleted meanwhile is not counted.
 * @throws ServiceUnavailableError when a review stays busy (what was deleted stays deleted; a retry finishes).
 */
export async function deleteAllReviewsOf(userId: string): Promise<number> {
  let deleted = 0;
  let aggregateChanged = false;
  for (const contentId of await listReviewedContentIds(userId)) {
    let existed = false;
    const result = await changeReview(contentId, userId, (current) => {
      existed = current !== null;
      return { next: current ? null : current };
    });
    if (existed) deleted += 1;
    aggregateChanged ||= result.aggregateChanged;
  }
  if (aggregateChanged) await afterChange({ review: null, attempts: 1, aggregateChanged });
  return deleted;
}
