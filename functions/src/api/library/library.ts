import * as library from '../../services/library.ts';
import { defineRoute } from './define-route.ts';

/**
 * The routes of My library (issue 26 item 1; decision record 072): each calls its use
 * case in `services/library.ts`, which reaches the caller's own library only.
 */

/** `GET /api/v1/library/saved`: a page of the caller's saved items, most recently saved first. */
export const listLibrary = defineRoute('listLibrary', ({ query, caller }) => library.listLibrary(query, caller));

/** `GET /api/v1/library/saved-ids`: every id in the caller's library. */
export const listSavedContentIds = defineRoute('listSavedContentIds', ({ caller }) => library.savedContentIds(caller));

/** `PUT /api/v1/library/saved/{id}`: save an item; 404 for one the caller cannot open; 409 when full. */
export const saveToLibrary = defineRoute('saveToLibrary', ({ path, caller }) => library.saveToLibrary(path.id, caller));

/** `DELETE /api/v1/library/saved/{id}`: remove an item; idempotent. */
export const removeFromLibrary = defineRoute('removeFromLibrary', ({ path, caller }) =>
  library.removeFromLibrary(path.id, caller),
);

/** `GET /api/v1/library/downloads`: a page of the caller's downloads, newest first. */
export const listDownloadHistory = defineRoute('listDownloadHistory', ({ query, caller }) =>
  library.listDownloadHistory(query, caller),
);
