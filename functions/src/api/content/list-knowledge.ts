import { listKnowledge as listKnowledgeItems } from '../../data/knowledge.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/knowledge` (spec §7 "List knowledge items"): by type, then id; up to
 * 10000 a page; `ids` names a few chosen items (issue 22 item 1). Answered from the
 * container's cached list, read again only when the knowledge revision changes.
 */
export const listKnowledge = defineRoute('listKnowledge', async ({ query }) =>
  listKnowledgeItems({ type: query.type, ids: query.ids, limit: query.limit, pageToken: query.pageToken }),
);
