import { createGroupHandler } from '../../lib/group.ts';
import { getContent } from './get-content.ts';
import { getKnowledge } from './get-knowledge.ts';
import { listContent } from './list-content.ts';
import { listContentChildren } from './list-content-children.ts';
import { listContributors } from './list-contributors.ts';
import { listKnowledge } from './list-knowledge.ts';

/** Lambda entry of the `content` client group (spec §7 Content, Contributors, Knowledge). */
export const handler = createGroupHandler('content', {
  listContent,
  getContent,
  listContentChildren,
  listKnowledge,
  getKnowledge,
  listContributors,
});
