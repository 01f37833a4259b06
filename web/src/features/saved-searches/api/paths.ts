import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of saved searches, with their paths below `/api/v1` (decision record 040):
 * loaded with this feature's lazily loaded code, not with the first render. An operation the
 * first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const SAVED_SEARCHES_API_PATHS = {
  markSavedSearchSeen: '/saved-searches/{id}/seen',
  deleteSavedSearch: '/saved-searches/{id}',
  unsubscribeSavedSearches: '/saved-searches/unsubscribe',
  createSavedSearch: '/saved-searches',
  updateSavedSearch: '/saved-searches/{id}',
  listSavedSearches: '/saved-searches',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link SAVED_SEARCHES_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const savedSearchesApiUrl = apiUrlFor(SAVED_SEARCHES_API_PATHS);
