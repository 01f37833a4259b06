import { DownloadUrl } from '#shared/contracts/download';
import { apiGet } from '../../../lib/api-client.ts';
import { submissionsApiUrl } from './paths.ts';

/**
 * A presigned GET, valid 2 minutes, for one file of a submission
 * (`GET /api/v1/submissions/{id}/files/{fileId}/download-url`; issue 25 item 6): for
 * the team before any decision, and for the submitter. Its answer carries
 * `Content-Disposition: attachment` with `name`. Throws `ApiError` (404 for a
 * submission the caller may not see or a file not of it, 403 without the capability).
 */
export function getSubmissionFileDownloadUrl(id: string, fileId: string): Promise<DownloadUrl> {
  return apiGet(submissionsApiUrl('getSubmissionFileDownloadUrl', { id, fileId }), DownloadUrl);
}
