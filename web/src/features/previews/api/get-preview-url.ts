import { PreviewUrl } from '#shared/contracts/download';
import { apiGet } from '../../../lib/api-client.ts';
import { previewsApiUrl } from './paths.ts';

/**
 * A short-lived presigned GET to preview one file in the browser
 * (`GET /api/v1/files/{id}/preview-url`, issue 24 item 1; decision record 058):
 * `{ id, name, kind, size, contentType, tooLarge, publicUrl, expiresAt }`. Each call
 * with a URL records a preview, so it is never cached. Throws `ApiError`: 403 with
 * the reason when the caller may not view the file (spec §1, §6), 404 when it does
 * not exist for them.
 */
export function getPreviewUrl(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(previewsApiUrl('getPreviewUrl', { id }), PreviewUrl, { signal });
}
