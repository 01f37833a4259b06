import { createGroupHandler } from '../../lib/group.ts';
import { createContent } from './create-content.ts';
import { createContributor } from './create-contributor.ts';
import { deleteContent } from './delete-content.ts';
import { getContent } from './get-content.ts';
import { getContentBundle } from './get-content-bundle.ts';
import { getKnowledge } from './get-knowledge.ts';
import { listContent } from './list-content.ts';
import { listContentChildren } from './list-content-children.ts';
import { listContributors } from './list-contributors.ts';
import { listKnowledge } from './list-knowledge.ts';
import { patchContent } from './patch-content.ts';
import { replaceContent } from './replace-content.ts';
import { saveContent } from './save-content.ts';
import { sendContentFeedback } from './send-content-feedback.ts';
import { updateContributor } from './update-contributor.ts';

/** Lambda entry of the `content` client group (spec §7 Content, Contributors, Knowledge). */
export const handler = createGroupHandler('content', {
  listContent,
  getContent,
  listContentChildren,
  listKnowledge,
  getKnowledge,
  listContributors,
  createContent,
  replaceContent,
  patchContent,
  saveContent,
  deleteContent,
  createContributor,
  updateContributor,
  sendContentFeedback,
  getContentBundle,
});
