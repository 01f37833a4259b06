import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of downloads: file access, download URLs, bundles, with their paths below
 * `/api/v1` (decision record 040): loaded with this feature's lazily loaded code, not with the
 * first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`)
 * instead.
 */
export const DOWNLOADS_API_PATHS = {
  requestBundle: '/files/bundles',
  getDownloadUrl: '/files/{id}/download-url',
  getFileAccess: '/file-access',
  getFile: '/files/{id}',
  getContentBundle: '/content-bundle',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link DOWNLOADS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const downloadsApiUrl = apiUrlFor(DOWNLOADS_API_PATHS);
