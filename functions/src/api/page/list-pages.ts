import { listPages as readPages } from '../../data/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/pages?limit&pageToken` (spec §7 "Pages"; decision record 026): every
 * CMS page, published or not, without its sections, ordered by href (gsi1 `PAGES`),
 * for the page builder's list. Needs `updateContent`. One Query per page.
 */
export const listPages = defineRoute('listPages', async ({ query }) =>
  readPages({ limit: query.limit, pageToken: query.pageToken }),
);
