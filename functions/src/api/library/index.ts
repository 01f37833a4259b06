import { LIBRARY_ROUTES } from '#shared/routes/library';
import { createGroupHandler } from '../../lib/group.ts';
import { listDownloadHistory, listLibrary, listSavedContentIds, removeFromLibrary, saveToLibrary } from './library.ts';

/** Lambda entry of the `library` group (issue 26; decision record 072). */
export const handler = createGroupHandler(LIBRARY_ROUTES, {
  listLibrary,
  listSavedContentIds,
  saveToLibrary,
  removeFromLibrary,
  listDownloadHistory,
});
