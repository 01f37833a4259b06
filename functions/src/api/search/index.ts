import { SEARCH_ROUTES } from '#shared/routes/search';
import { createGroupHandler } from '../../lib/group.ts';
import { getSitemap } from './get-sitemap.ts';
import { harvestOai, harvestOaiForm } from './harvest-oai.ts';
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
import { searchFeed } from './search-feed.ts';

/** Lambda entry of the `search` client group (spec §7 "Lessons and search": search content; related courseware, issue 24 item 5; the Atom feed, the sitemap and the OAI-PMH repository, issue 24 item 7). */
export const handler = createGroupHandler(SEARCH_ROUTES, {
  searchContent,
  relatedContent,
  searchFeed,
  getSitemap,
  harvestOai,
  harvestOaiForm,
  listSavedSearches,
  createSavedSearch,
  updateSavedSearch,
  deleteSavedSearch,
  markSavedSearchSeen,
  unsubscribeSavedSearches,
});
