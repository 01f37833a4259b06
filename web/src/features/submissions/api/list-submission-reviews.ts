import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubmissionPage, type SubmissionState } from '#shared/contracts/submission';
import { apiGet } from '../../../lib/api-client.ts';
import { SUBMISSIONS_KEY } from './list-own-submissions.ts';
import { submissionsApiUrl } from './paths.ts';

/**
 * One page of the review queue: the submissions of `state`, longest waiting first
 * (`GET /api/v1/submission-reviews`). Throws `ApiError` (403 without update-content).
 */
export function listSubmissionReviews(
  state: SubmissionState,
  pageToken: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiGet(
    submissionsApiUrl('listSubmissionReviews', {}, { state, pageToken: pageToken ?? undefined }),
    SubmissionPage,
    {
      signal,
    },
  );
}

/** Query options of {@link listSubmissionReviews}. */
export function listSubmissionReviewsQueryOptions(state: SubmissionState, pageToken: string | null) {
  return queryOptions({
    queryKey: [...SUBMISSIONS_KEY, 'reviews', state, pageToken],
    queryFn: ({ signal }) => listSubmissionReviews(state, pageToken, { signal }),
  });
}

export function useSubmissionReviews(state: SubmissionState, pageToken: string | null) {
  return useQuery(listSubmissionReviewsQueryOptions(state, pageToken));
}
