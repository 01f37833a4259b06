import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ModeratedReview, ModeratedReviewPage } from '#shared/contracts/review';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { reviewsApiUrl } from './paths.ts';

/**
 * The editors' moderation of reviews (issue 26 item 3; decision record 070): the queue
 * of reported or hidden reviews (`GET /api/v1/reviews/reported`), hide with a reason and
 * restore. Each action invalidates the queue and every item's reviews.
 */

/** One page of the moderation queue (null token: the first). Throws `ApiError` (403 without update content). */
export function useReportedReviews(pageToken: string | null) {
  return useQuery({
    queryKey: ['reviews', 'reported', pageToken],
    queryFn: ({ signal }) =>
      apiGet(reviewsApiUrl('listReportedReviews', {}, { pageToken: pageToken ?? undefined }), ModeratedReviewPage, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useModeration<V>(write: (variables: V) => Promise<ModeratedReview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { handledStatuses: [400, 404, 409] },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['reviews', 'reported'] });
      await client.invalidateQueries({ queryKey: ['content', 'reviews'] });
    },
  });
}

/** Hides a review with a reason its author sees (`POST /api/v1/reviews/{id}/hide`). */
export function useHideReview() {
  return useModeration(({ id, reason }: { id: string; reason: string }) =>
    apiPost(reviewsApiUrl('hideReview', { id }), { reason }, ModeratedReview),
  );
}

/** Shows a hidden review again, or dismisses a visible one's reports (`POST /api/v1/reviews/{id}/restore`). */
export function useRestoreReview() {
  return useModeration(({ id }: { id: string }) =>
    apiPost(reviewsApiUrl('restoreReview', { id }), {}, ModeratedReview),
  );
}
