import * as newsEvents from '../../services/news-events.ts';
import { defineRoute } from './define-route.ts';
import { withDataLimit } from './news-event-limit.ts';

/**
 * `PUT /api/v1/events/{id}` (spec §5, §7; decision record 024), for content editors:
 * replaces every field as create does; a missing event is a 404 "Event does not
 * exist.", a link another event holds a 409, a body over 512,000 characters a 413. A
 * replaced or removed uploaded image is deleted after the write.
 */
export const updateEvent = withDataLimit(
  defineRoute('updateEvent', ({ path, body, caller }) => newsEvents.updateNewsEvent('event', path.id, body, caller)),
);
