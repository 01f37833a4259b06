import { DownloadUrl } from '#shared/contracts/download';
import { apiGet } from '../../../lib/api-client.ts';
import { downloadsApiUrl } from './paths.ts';

/**
 * A short-lived presigned GET for one file (`GET /api/v1/files/{id}/download-url`,
 * spec §7 "Get a download URL by id"): `{ id, name, publicUrl, expiresAt }`; the
 * answer at `publicUrl` carries `Content-Disposition: attachment` with `name`. Each
 * call records a download (spec §3 "Raw download data point"), so it is never cached.
 * Throws `ApiError`: 403 with the reason when the caller may not download the file
 * (spec §1, §6), 404 when it does not exist for them, 409 while it is not Ready.
 */
export function getDownloadUrl(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(downloadsApiUrl('getDownloadUrl', { id }), DownloadUrl, { signal });
}
