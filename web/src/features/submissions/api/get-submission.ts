import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubmissionDetail } from '#shared/contracts/submission';
import { apiGet } from '../../../lib/api-client.ts';
import { SUBMISSIONS_KEY } from './list-own-submissions.ts';
import { submissionsApiUrl } from './paths.ts';

/**
 * One submission with its comment thread (`GET /api/v1/submissions/{id}`): the
 * submitter's own, or any for the team. Throws `ApiError` (404 for anyone else).
 */
export function getSubmission(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(submissionsApiUrl('getSubmission', { id }), SubmissionDetail, { signal });
}

/** Query options of {@link getSubmission}. */
export function getSubmissionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...SUBMISSIONS_KEY, 'detail', id],
    queryFn: ({ signal }) => getSubmission(id, { signal }),
  });
}

export function useSubmission(id: string | null) {
  return useQuery({ ...getSubmissionQueryOptions(id ?? ''), enabled: id !== null });
}
