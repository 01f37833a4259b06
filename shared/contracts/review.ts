import * as z from 'zod';
import { EntityId, IsoDateTime, limitParam, PageToken } from './common.ts';

/**
 * Ratings and reviews of content items (issue 26 item 3; decision record 070). A user
 * with the file-viewing right (spec §6 "View files") gives one rating (a whole
 * number 1–5) and an optional review per published item, edits it (a second rating
 * replaces the first) and deletes it; a contributor of the item responds once per
 * review; any signed-in user reports a review once; editors (update content) hide a
 * reported review with a reason its author sees, or restore it. Review, response and
 * reasons are plain text (shown as text, never as HTML).
 */

/** The limits of ratings and reviews (kept here, not in `shared/limits.ts`, which the first render carries). */
export const REVIEW_LIMITS = {
  /** Characters of a review (plain text, optional). */
  textMaxChars: 2000,
  /** Characters of a contributor's response (plain text, required). */
  responseMaxChars: 2000,
  /** Characters of a report's note or a moderator's reason. */
  reasonMaxChars: 500,
  /** Reviews on one page of an item's list (default). */
  pageSize: 10,
  /** Reviews on one page of an item's list (most). */
  pageMax: 50,
  /** Reviews on one page of the moderation queue. */
  queuePageSize: 25,
} as const;

/** The lowest and highest rating. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The 409 of a rating or review of an item that is not published. */
export const REVIEWS_CLOSED_MESSAGE = 'Only published items can be rated and reviewed.';
/** The 404 of a review that does not exist, or that the caller may not see. */
export const REVIEW_NOT_FOUND_MESSAGE = 'Review does not exist.';
/** The 403 of a response by someone who is not a contributor of the item. */
export const NOT_A_CONTRIBUTOR_MESSAGE = 'Only a contributor of this item may respond to its reviews.';
/** The 409 of a second response to one review. */
export const ALREADY_RESPONDED_MESSAGE = 'This review already has a response.';
/** The 409 of a second report of one review by one user. */
export const ALREADY_REPORTED_MESSAGE = 'You have reported this review already.';
/** The 409 of a report of one's own review. */
export const OWN_REVIEW_REPORT_MESSAGE = 'You cannot report your own review.';
/** The 409 of hiding a hidden review. */
export const ALREADY_HIDDEN_MESSAGE = 'This review is hidden already.';
/** The 409 of restoring a review that is neither hidden nor reported. */
export const NOTHING_TO_RESTORE_MESSAGE = 'This review is neither hidden nor reported.';
/** The 503 when a rating could not be written after the bounded retries. */
export const REVIEWS_BUSY_MESSAGE = 'Ratings are busy right now. Try again in a moment.';

/**
 * Plain text of at most `max` characters: control characters other than line breaks
 * removed, trimmed (the house rule of revision notes, decision record 065). It is
 * shown as text, never interpreted as HTML, so nothing else needs removing.
 */
function plainText(max: number) {
  return z
    .string({ error: 'Is required.' })
    .transform((text) => text.replace(/(?!\n)\p{Cc}/gu, '').trim())
    .pipe(z.string().max(max, `Must be at most ${max} characters.`));
}

/** Plain text that must not be empty once cleaned. */
function requiredPlainText(max: number) {
  return plainText(max).pipe(z.string().min(1, 'Is required.'));
}

/** A rating: a whole number from 1 to 5. */
export const Rating = z
  .number({ error: 'Must be a whole number from 1 to 5.' })
  .int('Must be a whole number from 1 to 5.')
  .min(RATING_MIN, 'Must be a whole number from 1 to 5.')
  .max(RATING_MAX, 'Must be a whole number from 1 to 5.');

/** `PUT /api/v1/content-items/{id}/reviews/mine` body: the rating and an optional review text ('' for none). */
export const PutReviewRequest = z
  .object({ rating: Rating, text: plainText(REVIEW_LIMITS.textMaxChars).default('') })
  .meta({ id: 'PutReviewRequest' });
export type PutReviewRequest = z.input<typeof PutReviewRequest>;
export type ParsedPutReviewRequest = z.output<typeof PutReviewRequest>;

/** `POST /api/v1/reviews/{id}/response` body: the contributor's response. */
export const RespondToReviewRequest = z
  .object({ text: requiredPlainText(REVIEW_LIMITS.responseMaxChars) })
  .meta({ id: 'RespondToReviewRequest' });
export type RespondToReviewRequest = z.input<typeof RespondToReviewRequest>;

/** `POST /api/v1/reviews/{id}/report` body: an optional note for the editors. */
export const ReportReviewRequest = z
  .object({ note: plainText(REVIEW_LIMITS.reasonMaxChars).default('') })
  .meta({ id: 'ReportReviewRequest' });
export type ReportReviewRequest = z.input<typeof ReportReviewRequest>;

/** `POST /api/v1/reviews/{id}/hide` body: the reason, shown to the review's author. */
export const HideReviewRequest = z
  .object({ reason: requiredPlainText(REVIEW_LIMITS.reasonMaxChars) })
  .meta({ id: 'HideReviewRequest' });
export type HideReviewRequest = z.input<typeof HideReviewRequest>;

/** `{ id }` of a review. */
export const ReviewPath = z.object({ id: EntityId });

/** `GET …/reviews` query: page size and token. */
export const ListReviewsQuery = z.object({
  limit: limitParam(REVIEW_LIMITS.pageMax, REVIEW_LIMITS.pageSize),
  pageToken: PageToken.optional(),
});

/** `GET /api/v1/reviews/reported` query: page token. */
export const ListReportedReviewsQuery = z.object({ pageToken: PageToken.optional() });

/**
 * The average and count of an item's ratings that are shown: hidden reviews' ratings
 * are not counted (decision record 070), so they agree with the list. `average` is
 * rounded to two decimals, null without ratings.
 */
export const RatingSummary = z
  .object({ average: z.number().min(0).max(RATING_MAX).nullable(), count: z.number().int().min(0) })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof RatingSummary>;

/** The response of a contributor of the item to a review. */
export const ReviewResponse = z
  .object({ text: z.string(), authorName: z.string(), createdTimestamp: IsoDateTime })
  .meta({ id: 'ReviewResponse' });
export type ReviewResponse = z.infer<typeof ReviewResponse>;

/** A review as anyone sees it: the rating, the text ('' for a rating alone), its author's name and the response. */
export const Review = z
  .object({
    id: EntityId,
    contentId: EntityId,
    rating: Rating,
    text: z.string(),
    authorName: z.string(),
    createdTimestamp: IsoDateTime,
    modifiedTimestamp: IsoDateTime,
    response: ReviewResponse.nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** Whether a review is shown (`visible`) or hidden by an editor (`hidden`). */
export const ReviewStatus = z.enum(['visible', 'hidden']);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

/** The caller's own review: what anyone sees, plus its status and, when hidden, the editor's reason. */
export const OwnReview = Review.extend({ status: ReviewStatus, hiddenReason: z.string().nullable() }).meta({
  id: 'OwnReview',
});
export type OwnReview = z.infer<typeof OwnReview>;

/** `GET|PUT|DELETE …/reviews/mine`: the caller's review of the item (null: none) and the item's summary. */
export const MyReview = z.object({ review: OwnReview.nullable(), summary: RatingSummary }).meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof MyReview>;

/**
 * `GET /api/v1/content-items/{id}/reviews`: the summary, one page of the visible
 * reviews (most recently written first), and whether the caller may respond
 * (a contributor of the item).
 */
export const ReviewPage = z
  .object({
    summary: RatingSummary,
    items: z.array(Review),
    nextPageToken: PageToken.nullable(),
    canRespond: z.boolean(),
  })
  .meta({ id: 'ReviewPage' });
export type ReviewPage = z.infer<typeof ReviewPage>;

/** `POST /api/v1/reviews/{id}/report`: the report was stored. */
export const ReportedReview = z.object({ id: EntityId, reported: z.literal(true) }).meta({ id: 'ReportedReview' });
export type ReportedReview = z.infer<typeof ReportedReview>;

/** A review in the moderation queue: the review, its status, its reports and the item it is on. */
export const ModeratedReview = OwnReview.extend({
  reportCount: z.number().int().min(0),
  openReports: z.number().int().min(0),
  reportNotes: z.array(z.string()),
  contentName: z.string(),
  contentUrlAlias: z.string(),
}).meta({ id: 'ModeratedReview' });
export type ModeratedReview = z.infer<typeof ModeratedReview>;

/** `GET /api/v1/reviews/reported`: reported or hidden reviews, the longest waiting first. */
export const ModeratedReviewPage = z
  .object({ items: z.array(ModeratedReview), nextPageToken: PageToken.nullable() })
  .meta({ id: 'ModeratedReviewPage' });
export type ModeratedReviewPage = z.infer<typeof ModeratedReviewPage>;

/** The summary of a rating sum and count: the average rounded to two decimals (null without ratings). */
export function ratingSummaryOf(sum: number, count: number): RatingSummary {
  if (count <= 0) return { average: null, count: 0 };
  return { average: Math.round((sum / count) * 100) / 100, count };
}
