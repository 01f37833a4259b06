import { NEWS_NOT_FOUND_MESSAGE } from '#shared/contracts/news';
import { getNewsEventById } from '../../data/news-events.ts';
import { seesUnpublished } from '../../domain/news-events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { deleteNewsEventAndImage } from './news-event-routes.ts';

/**
 * `DELETE /api/v1/news/{id}` (spec §2.10, §6 "Delete news": delete_v1_news; decision
 * record 024): deletes the item and its link guard in one transaction (its uploaded
 * image detached there too, then deleted) and answers its id. A missing item — or an
 * unpublished one the caller may not see — is a 404 "News does not exist."; an item
 * changed meanwhile a 409.
 */
export const deleteNews = defineRoute('deleteNews', async ({ path, caller }) => {
  const item = await getNewsEventById('news', path.id);
  if (!item || (item.status !== 'published' && !seesUnpublished(caller?.principal ?? null))) {
    throw new NotFoundError(NEWS_NOT_FOUND_MESSAGE);
  }
  await deleteNewsEventAndImage('news', item);
  return { id: item.id };
});
