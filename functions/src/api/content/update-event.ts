import { EVENT_NOT_FOUND_MESSAGE } from '#shared/contracts/news';
import { getNewsEventById, toNewsEvent } from '../../data/news-events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { saveNewsEvent, withDataLimit } from './news-event-routes.ts';

/**
 * `PUT /api/v1/events/{id}` (spec §5, §7; decision record 024), for content editors:
 * replaces every field as create does; a missing event is a 404 "Event does not
 * exist.", a link another event holds a 409, a body over 512,000 characters a 413. A
 * replaced or removed uploaded image is deleted after the write.
 */
export const updateEvent = withDataLimit(
  defineRoute('updateEvent', async ({ path, body, caller }) => {
    const previous = await getNewsEventById('event', path.id);
    if (!previous) throw new NotFoundError(EVENT_NOT_FOUND_MESSAGE);
    return toNewsEvent('event', await saveNewsEvent('event', body, previous, caller?.sub ?? ''));
  }),
);
