import * as personalData from '../../services/personal-data.ts';
import { defineRoute } from './define-route.ts';

/**
 * The privacy routes (issue 26 item 5; decision record 075): each calls its use case in
 * `services/personal-data.ts`; the caller's own data, or (administrators) one user's.
 */

/** `GET /api/v1/personal-data`: everything the portal holds about the caller. */
export const exportPersonalData = defineRoute('exportPersonalData', ({ caller }) =>
  personalData.exportPersonalData(caller),
);

/** `DELETE /api/v1/personal-data/reviews`: delete every review of the caller. */
export const deletePersonalReviews = defineRoute('deletePersonalReviews', ({ caller }) =>
  personalData.deletePersonalReviews(caller),
);

/** `DELETE /api/v1/personal-data/collections`: delete every collection of the caller. */
export const deletePersonalCollections = defineRoute('deletePersonalCollections', ({ caller }) =>
  personalData.deletePersonalCollections(caller),
);

/** `GET /api/v1/users/{id}/personal-data`: an administrator's view of one user's data; 404 for none. */
export const getUserPersonalData = defineRoute('getUserPersonalData', ({ path }) =>
  personalData.personalDataOf(path.id),
);
