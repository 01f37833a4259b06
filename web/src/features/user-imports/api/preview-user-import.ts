import { useMutation } from '@tanstack/react-query';
import { UserImportPreview, type UserImportPreviewRequest } from '#shared/contracts/administration';
import { apiPost } from '../../../lib/api-client.ts';
import { userImportsApiUrl } from './paths.ts';

/**
 * Reads an import file and marks every row valid or invalid with its reasons,
 * writing nothing (`POST /api/v1/user-imports/preview`, spec §3 "User import", §5).
 * Throws `ApiError`: 400 for a file that cannot be read (empty, not UTF-8, too many
 * rows, no header), 403 for an organization the claim does not cover, 404 unknown.
 */
export function previewUserImport(request: UserImportPreviewRequest) {
  return apiPost(userImportsApiUrl('previewUserImport'), request, UserImportPreview);
}

/** The preview as a mutation (it is a POST with a file); the panel shows 400, 403 and 404 itself. */
export function usePreviewUserImport() {
  return useMutation({ mutationFn: previewUserImport, meta: { handledStatuses: [400, 403, 404] } });
}
