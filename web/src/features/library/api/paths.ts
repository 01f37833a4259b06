import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of My library: saved items and download history, with their paths below
 * `/api/v1` (decision record 040): loaded with this feature's lazily loaded code, not with the
 * first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`)
 * instead.
 */
export const LIBRARY_API_PATHS = {
  listLibrary: '/library/saved',
  listSavedContentIds: '/library/saved-ids',
  saveToLibrary: '/library/saved/{id}',
  removeFromLibrary: '/library/saved/{id}',
  listDownloadHistory: '/library/downloads',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link LIBRARY_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const libraryApiUrl = apiUrlFor(LIBRARY_API_PATHS);
