import {
  AddCollectionEntryRequest,
  Collection,
  CollectionCoverage,
  CollectionPage,
  CollectionPageQuery,
  CollectionPath,
  CreateCollectionRequest,
  DeletedCollection,
  UpdateCollectionRequest,
} from '../contracts/collection.ts';
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
 * The routes of the `library` client group (issue 26; decision records 072 and 073): a
 * signed-in user's own library of saved items and download history, and collections. A part of the route table
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
  {
    operationId: 'listMyCollections',
    method: 'GET',
    path: '/api/v1/collections/mine',
    group: 'library',
    access: 'authenticated',
    summary: "A page of the caller's own collections, most recently changed first (issue 26 item 2).",
    request: { query: CollectionPageQuery },
    response: CollectionPage,
    errorStatuses: [401],
  },
  {
    operationId: 'listCuratedCollections',
    method: 'GET',
    path: '/api/v1/collections',
    group: 'library',
    access: 'public',
    summary:
      'A page of the curated collections editors published, most recently changed first: the collections page and the page builder widget (issue 26 item 2).',
    request: { query: CollectionPageQuery },
    response: CollectionPage,
    errorStatuses: [],
  },
  {
    operationId: 'createCollection',
    method: 'POST',
    path: '/api/v1/collections',
    group: 'library',
    access: 'authenticated',
    summary:
      'Create a collection owned by the caller (name, description, visibility, ordered entries with notes); curated needs updateContent (403); 409 beyond 100 collections (issue 26 item 2).',
    request: { body: CreateCollectionRequest },
    response: Collection,
    successStatus: 201,
    errorStatuses: [401, 403, 409],
  },
  {
    operationId: 'getCollection',
    method: 'GET',
    path: '/api/v1/collections/{id}',
    group: 'library',
    access: 'public',
    summary:
      'A collection with its entries in order, each with what became of the item for this reader: its owner reads it whatever its visibility; anyone reads a link-shared or curated one; a private one is 404 to others (issue 26 item 2).',
    request: { path: CollectionPath },
    response: Collection,
    errorStatuses: [404],
  },
  {
    operationId: 'getCollectionCoverage',
    method: 'GET',
    path: '/api/v1/collections/{id}/coverage',
    group: 'library',
    access: 'public',
    summary:
      "The NICE statements and CAE knowledge units the collection's items open to the reader cover together; readable as getCollection (issue 26 item 2).",
    request: { path: CollectionPath },
    response: CollectionCoverage,
    errorStatuses: [404],
  },
  {
    operationId: 'updateCollection',
    method: 'PUT',
    path: '/api/v1/collections/{id}',
    group: 'library',
    access: 'authenticated',
    summary:
      "Replace the owner's collection as a whole (name, description, visibility, entries in their new order, each once) at the version read: 409 when it changed since, 404 to anyone but the owner, 403 for curated without updateContent (issue 26 item 2).",
    request: { path: CollectionPath, body: UpdateCollectionRequest },
    response: Collection,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'addCollectionEntry',
    method: 'POST',
    path: '/api/v1/collections/{id}/entries',
    group: 'library',
    access: 'authenticated',
    summary:
      "Add an item the caller can open at the end of the owner's collection; an item already there stays where it is; 404 for another's collection or an item the caller cannot open; 409 beyond 100 items (issue 26 item 2).",
    request: { path: CollectionPath, body: AddCollectionEntryRequest },
    response: Collection,
    errorStatuses: [401, 404, 409],
  },
  {
    operationId: 'deleteCollection',
    method: 'DELETE',
    path: '/api/v1/collections/{id}',
    group: 'library',
    access: 'authenticated',
    summary: "Delete the owner's collection (404 to anyone else); its items are untouched (issue 26 item 2).",
    request: { path: CollectionPath },
    response: DeletedCollection,
    errorStatuses: [401, 404],
  },
] as const satisfies readonly GroupRouteDefinition<'library'>[];
