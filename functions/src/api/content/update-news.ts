import * as newsEvents from '../../services/news-events.ts';
import { defineRoute } from './define-route.ts';
import { withDataLimit } from './news-event-limit.ts';

/**
 * `PUT /api/v1/news/{id}` (spec §5, §7; decision record 024), for content editors:
 * replaces every field as create does (an empty link is generated again from the
 * title, keeping the current one when the title still gives it); a missing item is
 * a 404 "News does not exist.", a link another item holds a 409, a body over 512,000
 * characters a 413. A replaced or removed uploaded image is deleted after the write.
 */
export const updateNews = withDataLimit(
  defineRoute('updateNews', ({ path, body, caller }) => newsEvents.updateNewsEvent('news', path.id, body, caller)),
);
