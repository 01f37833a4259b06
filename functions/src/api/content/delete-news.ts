import * as newsEvents from '../../services/news-events.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/news/{id}` (spec §2.10, §6 "Delete news": delete_v1_news; decision
 * record 024): deletes the item and its link guard in one transaction (its uploaded
 * image detached there too, then deleted) and answers its id. A missing item — or an
 * unpublished one the caller may not see — is a 404 "News does not exist."; an item
 * changed meanwhile a 409.
 */
export const deleteNews = defineRoute('deleteNews', ({ path, caller }) =>
  newsEvents.deleteNewsEvent('news', path.id, caller),
);
