import { KNOWLEDGE_NOT_FOUND_MESSAGE } from '#shared/contracts/knowledge';
import { toKnowledge } from '../../data/items.ts';
import { getKnowledge as getKnowledgeItem } from '../../data/knowledge.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/knowledge/{type}/{id}` (spec §7 "Get one knowledge item"). */
export const getKnowledge = defineRoute('getKnowledge', async ({ path }) => {
  const item = await getKnowledgeItem(path.type, path.id);
  if (!item) throw new NotFoundError(KNOWLEDGE_NOT_FOUND_MESSAGE);
  return toKnowledge(item);
});
