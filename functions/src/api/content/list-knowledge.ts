import { toKnowledge } from '../../data/items.ts';
import { listKnowledge as listKnowledgeItems } from '../../data/knowledge.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/knowledge` (spec §7 "List knowledge items"): by type, then id; up to 10000 a page. */
export const listKnowledge = defineRoute('listKnowledge', async ({ query }) => {
  const page = await listKnowledgeItems({ type: query.type, limit: query.limit, pageToken: query.pageToken });
  return { items: page.items.map(toKnowledge), nextPageToken: page.nextPageToken };
});
