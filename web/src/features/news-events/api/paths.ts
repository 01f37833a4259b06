import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of news and events, with their paths below `/api/v1` (decision record 040):
 * loaded with this feature's lazily loaded code, not with the first render. An operation the
 * first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const NEWS_EVENTS_API_PATHS = {
  listNews: '/news',
  getNews: '/news/{id}',
  createNews: '/news',
  updateNews: '/news/{id}',
  deleteNews: '/news/{id}',
  listEvents: '/events',
  getEvent: '/events/{id}',
  createEvent: '/events',
  updateEvent: '/events/{id}',
  deleteEvent: '/events/{id}',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link NEWS_EVENTS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const newsEventsApiUrl = apiUrlFor(NEWS_EVENTS_API_PATHS);
