import { SEARCH_ROUTES } from '#shared/routes/search';
import { createGroupHandler } from '../../lib/group.ts';
import { searchContent } from './search-content.ts';

/** Lambda entry of the `search` client group (spec §7 "Lessons and search": search content). */
export const handler = createGroupHandler(SEARCH_ROUTES, { searchContent });
