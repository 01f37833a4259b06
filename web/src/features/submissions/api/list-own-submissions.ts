import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubmissionList } from '#shared/contracts/submission';
import { apiGet } from '../../../lib/api-client.ts';
import { submissionsApiUrl } from './paths.ts';

/** The query key prefix of every submission query; every submission mutation invalidates it. */
export const SUBMISSIONS_KEY = ['submissions'] as const;

/**
 * The caller's own courseware submissions, newest first (`GET /api/v1/submissions`;
 * issue 25 item 6, decision record 067). Throws `ApiError` (403 without can-submit-abstract).
 */
export function listOwnSubmissions({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(submissionsApiUrl('listOwnSubmissions'), SubmissionList, { signal });
}

/** Query options of {@link listOwnSubmissions}. */
export function listOwnSubmissionsQueryOptions() {
  return queryOptions({
    queryKey: [...SUBMISSIONS_KEY, 'own'],
    queryFn: ({ signal }) => listOwnSubmissions({ signal }),
  });
}

export function useOwnSubmissions() {
  return useQuery(listOwnSubmissionsQueryOptions());
}
