import { listNewsEvents, toNewsEvent } from '../../data/news-events.ts';
import { seesUnpublished } from '../../domain/news-events.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/news` (spec §2.10, §7 "Get news"; decision record 024): news, newest
 * `date` first, `limit` a page (10 on the list, 2 on the home page), paged by
 * `nextPageToken`. Content editors get the `status` they ask for (`published`,
 * `unpublished` or `all`); everyone else gets published news whatever they ask.
 * One Query per page.
 */
export const listNews = defineRoute('listNews', async ({ query, caller }) => {
  const status = seesUnpublished(caller?.principal ?? null) ? query.status : 'published';
  const page = await listNewsEvents('news', { status, limit: query.limit, pageToken: query.pageToken });
  return { items: page.items.map((item) => toNewsEvent('news', item)), nextPageToken: page.nextPageToken };
});
