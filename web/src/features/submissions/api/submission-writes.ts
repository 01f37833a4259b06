import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateSubmissionCommentRequest,
  type CreateSubmissionRequest,
  Submission,
  type SubmissionDecisionRequest,
  SubmissionDetail,
  type UpdateSubmissionRequest,
} from '#shared/contracts/submission';
import { apiPost, apiPut } from '../../../lib/api-client.ts';
import { SUBMISSIONS_KEY } from './list-own-submissions.ts';
import { submissionsApiUrl } from './paths.ts';

/** Submits courseware (`POST /api/v1/submissions`). Throws `ApiError`: 400 with field messages, 409, 429. */
export function createSubmission(body: CreateSubmissionRequest) {
  return apiPost(submissionsApiUrl('createSubmission'), body, Submission);
}

/** Edits and resubmits while changes are requested (`PUT /api/v1/submissions/{id}`). Throws `ApiError`: 400, 404, 409. */
export function updateOwnSubmission({ id, ...body }: { id: string } & UpdateSubmissionRequest) {
  return apiPut(submissionsApiUrl('updateOwnSubmission', { id }), body, Submission);
}

/** Comments on a submission or answers a comment (`POST /api/v1/submissions/{id}/comments`). */
export function commentOnSubmission({ id, ...body }: { id: string } & CreateSubmissionCommentRequest) {
  return apiPost(submissionsApiUrl('commentOnSubmission', { id }), body, SubmissionDetail);
}

/** The team's decision (`POST /api/v1/submissions/{id}/decisions`). Throws `ApiError`: 400, 404, 409. */
export function decideSubmission({ id, body }: { id: string; body: SubmissionDecisionRequest }) {
  return apiPost(submissionsApiUrl('decideSubmission', { id }), body, SubmissionDetail);
}

/** A submission write as a mutation: the form shows 400 and 409 itself; every submission query goes stale. */
function useSubmissionWrite<A, R>(write: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { handledStatuses: [400, 404, 409] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_KEY }),
  });
}

export const useCreateSubmission = () => useSubmissionWrite(createSubmission);
export const useUpdateOwnSubmission = () => useSubmissionWrite(updateOwnSubmission);
export const useCommentOnSubmission = () => useSubmissionWrite(commentOnSubmission);
export const useDecideSubmission = () => useSubmissionWrite(decideSubmission);
