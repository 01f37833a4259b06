import * as newsEvents from '../../services/news-events.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/events/{id}` (spec §2.10, §6 "Delete events": delete_v1_events;
 * decision record 024): deletes the event and its link guard in one transaction (its
 * uploaded image detached there too, then deleted) and answers its id. A missing
 * event — or an unpublished one the caller may not see — is a 404 "Event does not
 * exist."; an event changed meanwhile a 409.
 */
export const deleteEvent = defineRoute('deleteEvent', ({ path, caller }) =>
  newsEvents.deleteNewsEvent('event', path.id, caller),
);
