import { NEWS_NOT_FOUND_MESSAGE } from '#shared/contracts/news';
import { getNewsEventById, toNewsEvent } from '../../data/news-events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { saveNewsEvent, withDataLimit } from './news-event-routes.ts';

/**
 * `PUT /api/v1/news/{id}` (spec §5, §7; decision record 024), for content editors:
 * replaces every field as create does (an empty link is generated again from the
 * title, keeping the current one when the title still gives it); a missing item is
 * a 404 "News does not exist.", a link another item holds a 409, a body over 512,000
 * characters a 413. A replaced or removed uploaded image is deleted after the write.
 */
export const updateNews = withDataLimit(
  defineRoute('updateNews', async ({ path, body, caller }) => {
    const previous = await getNewsEventById('news', path.id);
    if (!previous) throw new NotFoundError(NEWS_NOT_FOUND_MESSAGE);
    return toNewsEvent('news', await saveNewsEvent('news', body, previous, caller?.sub ?? ''));
  }),
);
