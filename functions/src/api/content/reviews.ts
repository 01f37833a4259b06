import * as reviews from '../../services/reviews.ts';
import { defineRoute } from './define-route.ts';

/**
 * The rating and review routes (issue 26 item 3; decision record 070): the caller's
 * own rating (view files to write; any login to read or delete one's own), the public
 * list, a contributor's response, reports, and the editors' moderation queue. Each
 * calls its use case in `services/reviews.ts`.
 */

/** `PUT /api/v1/content-items/{id}/reviews/mine`: rate and review, or replace. */
export const putMyContentReview = defineRoute('putMyContentReview', async ({ path, body, caller }) => {
  const { attempts: _attempts, ...answer } = await reviews.putMyReview(path.id, body, caller);
  return answer;
});

/** `GET /api/v1/content-items/{id}/reviews/mine`: the caller's own review and the summary. */
export const getMyContentReview = defineRoute('getMyContentReview', ({ path, caller }) =>
  reviews.getMyReview(path.id, caller),
);

/** `DELETE /api/v1/content-items/{id}/reviews/mine`: delete the caller's own review. */
export const deleteMyContentReview = defineRoute('deleteMyContentReview', ({ path, caller }) =>
  reviews.deleteMyReview(path.id, caller),
);

/** `GET /api/v1/content-items/{id}/reviews`: summary and one page of visible reviews. */
export const listContentReviews = defineRoute('listContentReviews', ({ path, query, caller }) =>
  reviews.listContentReviews(path.id, query, caller),
);

/** `POST /api/v1/reviews/{id}/response`: a contributor's response; 201. */
export const respondToReview = defineRoute('respondToReview', ({ path, body, caller }) =>
  reviews.respondToReview(path.id, body, caller),
);

/** `POST /api/v1/reviews/{id}/report`: report a review, once; 201. */
export const reportReview = defineRoute('reportReview', ({ path, body, caller }) =>
  reviews.reportReview(path.id, body, caller),
);

/** `GET /api/v1/reviews/reported`: the moderation queue. */
export const listReportedReviews = defineRoute('listReportedReviews', ({ query }) =>
  reviews.listReportedReviews(query),
);

/** `POST /api/v1/reviews/{id}/hide`: hide with a reason. */
export const hideReview = defineRoute('hideReview', ({ path, body, caller }) =>
  reviews.hideReview(path.id, body, caller),
);

/** `POST /api/v1/reviews/{id}/restore`: show again, or dismiss the reports. */
export const restoreReview = defineRoute('restoreReview', ({ path, caller }) => reviews.restoreReview(path.id, caller));
