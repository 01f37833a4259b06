import { toNewsEvent } from '../../data/news-events.ts';
import { defineRoute } from './define-route.ts';
import { findVisibleNewsEvent } from './news-event-reads.ts';

/**
 * `GET /api/v1/news/{id}` (spec §2.10, §8): one news item by id or link. An
 * unpublished item is seen by content editors only; for anyone else it is a 404
 * "News does not exist.", exactly like a missing one.
 */
export const getNews = defineRoute('getNews', async ({ path, caller }) =>
  toNewsEvent('news', await findVisibleNewsEvent('news', path.id, caller)),
);
