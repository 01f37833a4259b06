import { toNewsEvent } from '../../data/news-events.ts';
import { defineRoute } from './define-route.ts';
import { findVisibleNewsEvent } from './news-event-reads.ts';

/**
 * `GET /api/v1/events/{id}` (spec §2.10, §8): one event by id or link. An unpublished
 * event is seen by content editors only; for anyone else it is a 404 "Event does not
 * exist.", exactly like a missing one.
 */
export const getEvent = defineRoute('getEvent', async ({ path, caller }) =>
  toNewsEvent('event', await findVisibleNewsEvent('event', path.id, caller)),
);
