import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MyReview,
  type PutReviewRequest,
  ReportedReview,
  type ReportReviewRequest,
  type RespondToReviewRequest,
  Review,
  ReviewPage,
} from '#shared/contracts/review';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * Ratings and reviews of a content item (issue 26 item 3; decision record 070): the
 * public list with the summary, the caller's own review, and its writes. Every write
 * invalidates `['content', 'reviews', contentId]`, so the list, the summary and the
 * caller's own review are read again.
 */

/** One page of the item's visible reviews with the summary and `canRespond` (`GET …/reviews`). */
export function listContentReviews(
  contentId: string,
  pageToken: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    coursewareApiUrl('listContentReviews', { id: contentId }, { pageToken: pageToken ?? undefined }),
    ReviewPage,
    {
      signal,
    },
  );
}

/** The reviews of `contentId`, page by page token (null: the first page). */
export function useContentReviews(contentId: string, pageToken: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['content', 'reviews', contentId, 'page', pageToken],
      queryFn: ({ signal }) => listContentReviews(contentId, pageToken, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The caller's own review of `contentId` (`GET …/reviews/mine`); only fetched when `enabled` (signed in). */
export function useMyReview(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['content', 'reviews', contentId, 'mine'],
    queryFn: ({ signal }) => apiGet(coursewareApiUrl('getMyContentReview', { id: contentId }), MyReview, { signal }),
    enabled,
  });
}

function useReviewWrite<V, R>(contentId: string, write: (variables: V) => Promise<R>, handledStatuses: number[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { handledStatuses },
    onSettled: () => client.invalidateQueries({ queryKey: ['content', 'reviews', contentId] }),
  });
}

/** Saves the caller's rating and review (`PUT …/reviews/mine`); a 400 is the form's to show. */
export function useSaveMyReview(contentId: string) {
  return useReviewWrite(
    contentId,
    (body: PutReviewRequest) => apiPut(coursewareApiUrl('putMyContentReview', { id: contentId }), body, MyReview),
    [400, 409],
  );
}

/** Deletes the caller's rating and review (`DELETE …/reviews/mine`). */
export function useDeleteMyReview(contentId: string) {
  return useReviewWrite(
    contentId,
    () => apiDelete(coursewareApiUrl('deleteMyContentReview', { id: contentId }), MyReview),
    [],
  );
}

/** A contributor's response to a review (`POST /reviews/{id}/response`); 400, 403 and 409 are the form's. */
export function useRespondToReview(contentId: string) {
  return useReviewWrite(
    contentId,
    ({ id, ...body }: { id: string } & RespondToReviewRequest) =>
      apiPost(coursewareApiUrl('respondToReview', { id }), body, Review),
    [400, 403, 409],
  );
}

/** Reports a review (`POST /reviews/{id}/report`); a 409 (reported already) is the dialog's. */
export function useReportReview(contentId: string) {
  return useReviewWrite(
    contentId,
    ({ id, ...body }: { id: string } & ReportReviewRequest) =>
      apiPost(coursewareApiUrl('reportReview', { id }), body, ReportedReview),
    [400, 409],
  );
}
