import * as savedSearches from '../../services/saved-searches.ts';
import { defineRoute } from './define-route.ts';

/**
 * The saved-search routes (issue 24 item 8; decision record 061): each calls its use
 * case in `services/saved-searches.ts`, which reaches the caller's own searches only.
 */

/** `GET /api/v1/saved-searches`: the caller's saved searches with their new-item counts. */
export const listSavedSearches = defineRoute('listSavedSearches', ({ caller }) =>
  savedSearches.listSavedSearches(caller),
);

/** `POST /api/v1/saved-searches`: 201 with the saved search; 409 beyond 20. */
export const createSavedSearch = defineRoute('createSavedSearch', ({ body, caller }) =>
  savedSearches.createSavedSearch(body, caller),
);

/** `PATCH /api/v1/saved-searches/{id}`: rename, alerts on or off; 404 for anyone else's. */
export const updateSavedSearch = defineRoute('updateSavedSearch', ({ path, body, caller }) =>
  savedSearches.updateSavedSearch(path.id, body, caller),
);

/** `DELETE /api/v1/saved-searches/{id}`: the deleted search; 404 for anyone else's. */
export const deleteSavedSearch = defineRoute('deleteSavedSearch', ({ path, caller }) =>
  savedSearches.deleteSavedSearch(path.id, caller),
);

/** `POST /api/v1/saved-searches/{id}/seen`: nothing is new any more; 404 for anyone else's. */
export const markSavedSearchSeen = defineRoute('markSavedSearchSeen', ({ path, caller }) =>
  savedSearches.markSavedSearchSeen(path.id, caller),
);

/**
 * `POST /api/v1/saved-searches/unsubscribe?token=` (public; RFC 8058 one-click, whose
 * form body `List-Unsubscribe=One-Click` is not read): every alert of the token's user
 * goes off; 404 for a forged token.
 */
export const unsubscribeSavedSearches = defineRoute('unsubscribeSavedSearches', ({ query }) =>
  savedSearches.unsubscribeSavedSearches(query.token),
);
