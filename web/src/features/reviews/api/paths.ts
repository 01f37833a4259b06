import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of review moderation, with their paths below `/api/v1` (decision record 040):
 * loaded with this feature's lazily loaded code, not with the first render. An operation the
 * first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const REVIEWS_API_PATHS = {
  listReportedReviews: '/reviews/reported',
  hideReview: '/reviews/{id}/hide',
  restoreReview: '/reviews/{id}/restore',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link REVIEWS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const reviewsApiUrl = apiUrlFor(REVIEWS_API_PATHS);
