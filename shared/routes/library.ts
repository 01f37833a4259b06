import * as z from 'zod';
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
import { Coverage } from '../contracts/coverage.ts';
import {
  DownloadHistoryPage,
  LibraryContentPath,
  LibraryPage,
  LibraryPageQuery,
  SavedContentIds,
  SavedContentState,
} from '../contracts/library.ts';
import { DeletedPersonalData, PersonalData, PersonalDataUserPath } from '../contracts/personal-data.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The CAE mapping worksheet (xlsx, `CAE_WORKSHEET_MEDIA_TYPE`), answered as a download. */
const CaeWorksheetDocument = z.string().meta({
  id: 'CaeWorksheetDocument',
  description:
    'An Office Open XML workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet): sheet "Mapping", one row per (KU, item); sheet "Gaps".',
});

/**
 * The routes of the `library` client group (issue 26; decision records 072 and 073): a
 * signed-in user's own library of saved items and download history, collections, and the
 * export and deletion of their personal data (decision record 075). A part of the route table
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
    idempotent: true,
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
    operationId: 'getCollectionCoverageReport',
    method: 'GET',
    path: '/api/v1/collections/{id}/coverage-report',
    group: 'library',
    access: 'public',
    summary:
      "The CAE and NICE coverage of the collection's items open to the reader: every CAE KU by program and group with the items covering it and the outcomes they address, the gaps, and the NICE work roles served as the share of each role's statements; readable as getCollection (issue 27 item 2; decision record 080).",
    request: { path: CollectionPath },
    response: Coverage,
    errorStatuses: [404],
  },
  {
    operationId: 'getCollectionCaeWorksheet',
    method: 'GET',
    path: '/api/v1/collections/{id}/cae-worksheet',
    group: 'library',
    access: 'public',
    summary:
      'The CAE mapping worksheet of the collection as an xlsx download: one row per (KU, item) with program, group, KU, item, its link, the outcomes addressed and the evidence links, and a sheet of the KUs not covered; readable as getCollection (issue 27 item 3; decision record 080).',
    request: { path: CollectionPath },
    response: CaeWorksheetDocument,
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
    idempotent: true,
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
  {
    operationId: 'exportPersonalData',
    method: 'GET',
    path: '/api/v1/personal-data',
    group: 'library',
    access: 'authenticated',
    summary:
      'Everything the portal holds about the caller as one JSON document: account, messages, library, downloads, collections, reviews, saved searches, update-notice setting, submissions (issue 26 item 5).',
    request: {},
    response: PersonalData,
    errorStatuses: [401],
  },
  {
    operationId: 'deletePersonalReviews',
    method: 'DELETE',
    path: '/api/v1/personal-data/reviews',
    group: 'library',
    access: 'authenticated',
    summary:
      "Delete every rating and review of the caller (their responses and reports with them; the items' averages follow) (issue 26 item 5).",
    request: {},
    response: DeletedPersonalData,
    errorStatuses: [401],
  },
  {
    operationId: 'deletePersonalCollections',
    method: 'DELETE',
    path: '/api/v1/personal-data/collections',
    group: 'library',
    access: 'authenticated',
    summary: 'Delete every collection of the caller, shared and curated ones too (issue 26 item 5).',
    request: {},
    response: DeletedPersonalData,
    errorStatuses: [401],
  },
  {
    operationId: 'getUserPersonalData',
    method: 'GET',
    path: '/api/v1/users/{id}/personal-data',
    group: 'library',
    access: 'manageUsers',
    summary:
      "An administrator's view of everything the portal holds about one user: the document exportPersonalData gives that user; 404 for no such user (issue 26 item 5).",
    request: { path: PersonalDataUserPath },
    response: PersonalData,
    errorStatuses: [401, 403, 404],
  },
] as const satisfies readonly GroupRouteDefinition<'library'>[];
