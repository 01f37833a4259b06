import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of Your data: export and deletion of personal data, with their paths below
 * `/api/v1` (decision record 040): loaded with this feature's lazily loaded code, not with the
 * first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`)
 * instead.
 */
export const PRIVACY_API_PATHS = {
  exportPersonalData: '/personal-data',
  deletePersonalReviews: '/personal-data/reviews',
  deletePersonalCollections: '/personal-data/collections',
  getUserPersonalData: '/users/{id}/personal-data',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link PRIVACY_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const privacyApiUrl = apiUrlFor(PRIVACY_API_PATHS);
