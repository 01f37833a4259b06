import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of courseware submissions and their review, with their paths below `/api/v1`
 * (decision record 040): loaded with this feature's lazily loaded code, not with the first
 * render. An operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`)
 * instead.
 */
export const SUBMISSIONS_API_PATHS = {
  listOwnSubmissions: '/submissions',
  getSubmissionFileDownloadUrl: '/submissions/{id}/files/{fileId}/download-url',
  createSubmission: '/submissions',
  updateOwnSubmission: '/submissions/{id}',
  commentOnSubmission: '/submissions/{id}/comments',
  decideSubmission: '/submissions/{id}/decisions',
  getSubmission: '/submissions/{id}',
  listSubmissionReviews: '/submission-reviews',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link SUBMISSIONS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const submissionsApiUrl = apiUrlFor(SUBMISSIONS_API_PATHS);
