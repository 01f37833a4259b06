import { LIBRARY_ROUTES } from '#shared/routes/library';
import { createGroupHandler } from '../../lib/group.ts';
import {
  addCollectionEntry,
  createCollection,
  deleteCollection,
  getCollection,
  getCollectionCoverage,
  listCuratedCollections,
  listMyCollections,
  updateCollection,
} from './collections.ts';
import { getCollectionCaeWorksheet, getCollectionCoverageReport } from './coverage.ts';
import { listDownloadHistory, listLibrary, listSavedContentIds, removeFromLibrary, saveToLibrary } from './library.ts';
import {
  deletePersonalCollections,
  deletePersonalReviews,
  exportPersonalData,
  getUserPersonalData,
} from './personal-data.ts';

/** Lambda entry of the `library` group (issue 26; decision records 072, 073 and 075). */
export const handler = createGroupHandler(LIBRARY_ROUTES, {
  listLibrary,
  listSavedContentIds,
  saveToLibrary,
  removeFromLibrary,
  listDownloadHistory,
  listMyCollections,
  listCuratedCollections,
  createCollection,
  getCollection,
  getCollectionCoverage,
  getCollectionCoverageReport,
  getCollectionCaeWorksheet,
  updateCollection,
  addCollectionEntry,
  deleteCollection,
  exportPersonalData,
  deletePersonalReviews,
  deletePersonalCollections,
  getUserPersonalData,
});
