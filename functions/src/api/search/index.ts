import { SEARCH_ROUTES } from '#shared/routes/search';
import { createGroupHandler } from '../../lib/group.ts';
import { relatedContent } from './related-content.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  unsubscribeSavedSearches,
  updateSavedSearch,
} from './saved-searches.ts';
import { searchContent } from './search-content.ts';

/** Lambda entry of the `search` client group (spec §7 "Lessons and search": search content; related courseware, issue 24 item 5; saved searches, item 8). */
export const handler = createGroupHandler(SEARCH_ROUTES, {
  searchContent,
  relatedContent,
  listSavedSearches,
  createSavedSearch,
  updateSavedSearch,
  deleteSavedSearch,
  markSavedSearchSeen,
  unsubscribeSavedSearches,
});
