import { EVENT_NOT_FOUND_MESSAGE } from '#shared/contracts/news';
import { getNewsEventById } from '../../data/news-events.ts';
import { seesUnpublished } from '../../domain/news-events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { deleteNewsEventAndImage } from './news-event-routes.ts';

/**
 * `DELETE /api/v1/events/{id}` (spec §2.10, §6 "Delete events": delete_v1_events;
 * decision record 024): deletes the event and its link guard in one transaction (its
 * uploaded image detached there too, then deleted) and answers its id. A missing
 * event — or an unpublished one the caller may not see — is a 404 "Event does not
 * exist."; an event changed meanwhile a 409.
 */
export const deleteEvent = defineRoute('deleteEvent', async ({ path, caller }) => {
  const item = await getNewsEventById('event', path.id);
  if (!item || (item.status !== 'published' && !seesUnpublished(caller?.principal ?? null))) {
    throw new NotFoundError(EVENT_NOT_FOUND_MESSAGE);
  }
  await deleteNewsEventAndImage('event', item);
  return { id: item.id };
});
