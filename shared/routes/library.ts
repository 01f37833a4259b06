import {
  DownloadHistoryPage,
  LibraryContentPath,
  LibraryPage,
  LibraryPageQuery,
  SavedContentIds,
  SavedContentState,
} from '../contracts/library.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/**
 * The routes of the `library` client group (issue 26; decision record 072): a signed-in
 * user's own library of saved items and download history. A part of the route table
 * `ROUTES` (`shared/routes.ts`; decision record 041).
 */
export const LIBRARY_ROUTES = [
  {
    operationId: 'listLibrary',
    method: 'GET',
    path: '/api/v1/library/saved',
    group: 'library',
    access: 'authenticated',
    summary:
      "A page of the caller's saved items, most recently saved first, each with what became of it (available, archived, unavailable, removed) and its summary while available (issue 26 item 1).",
    request: { query: LibraryPageQuery },
    response: LibraryPage,
    errorStatuses: [401],
  },
  {
    operationId: 'listSavedContentIds',
    method: 'GET',
    path: '/api/v1/library/saved-ids',
    group: 'library',
    access: 'authenticated',
    summary: "The id of every item in the caller's library (at most 500), for the save buttons of cards and pages.",
    request: {},
    response: SavedContentIds,
    errorStatuses: [401],
  },
  {
    operationId: 'saveToLibrary',
    method: 'PUT',
    path: '/api/v1/library/saved/{id}',
    group: 'library',
    access: 'authenticated',
    summary:
      "Save a content item the caller can open to the caller's library; saving it again keeps the first save; 404 for an item the caller cannot open; 409 beyond 500 items.",
    request: { path: LibraryContentPath },
    response: SavedContentState,
    errorStatuses: [401, 404, 409],
  },
  {
    operationId: 'removeFromLibrary',
    method: 'DELETE',
    path: '/api/v1/library/saved/{id}',
    group: 'library',
    access: 'authenticated',
    summary:
      "Remove an item from the caller's library, whatever became of it; removing one not saved answers the same.",
    request: { path: LibraryContentPath },
    response: SavedContentState,
    errorStatuses: [401],
  },
  {
    operationId: 'listDownloadHistory',
    method: 'GET',
    path: '/api/v1/library/downloads',
    group: 'library',
    access: 'authenticated',
    summary:
      "A page of the caller's downloads, newest first: when, which file, from which item, the version downloaded (its publish date), what became of the item and whether it was published again since (issue 26 item 1).",
    request: { query: LibraryPageQuery },
    response: DownloadHistoryPage,
    errorStatuses: [401],
  },
] as const satisfies readonly GroupRouteDefinition<'library'>[];
