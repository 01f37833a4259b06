import { listNewsEvents, listUpcomingEvents, toNewsEvent } from '../../data/news-events.ts';
import { seesUnpublished } from '../../domain/news-events.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/events` (spec §2.10, §7 "Get events", "Home upcoming events"; decision
 * record 024): events, newest `date` first, `limit` a page, paged by `nextPageToken`;
 * content editors get the `status` they ask for, everyone else published events.
 * With `upcoming=true`: published events whose date is now or later, soonest first,
 * for everyone (the home page asks for the number it shows). One Query per page.
 */
export const listEvents = defineRoute('listEvents', async ({ query, caller }) => {
  const page = query.upcoming
    ? await listUpcomingEvents({ now: new Date(), limit: query.limit, pageToken: query.pageToken })
    : await listNewsEvents('event', {
        status: seesUnpublished(caller?.principal ?? null) ? query.status : 'published',
        limit: query.limit,
        pageToken: query.pageToken,
      });
  return { items: page.items.map((item) => toNewsEvent('event', item)), nextPageToken: page.nextPageToken };
});
