import { decideAccess } from '#shared/capabilities';
import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { getPageAncestors, getPageById } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/pages/{id}` (spec §2.14, §7 "Pages"; decision record 026): one CMS
 * page by id with its sections in index order and its breadcrumbs (`ancestors`, top
 * page first, climbing `parentId`). A published page is public; an unpublished one
 * is seen only by callers with `updateContent`, and for anyone else answers exactly
 * like a missing one: 404 "Page does not exist.". Unpublished ancestors are left out
 * of a visitor's breadcrumbs. Never cached. Costs 1 request plus 1 per ancestor.
 */
export const getPage = defineRoute('getPage', async ({ path, caller }) => {
  const editor = decideAccess(caller?.principal ?? null, 'updateContent') === 'allowed';
  const page = await getPageById(path.id);
  if (!page || (page.status !== 'published' && !editor)) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const ancestors = await getPageAncestors(page, (ancestor) => editor || ancestor.status === 'published');
  return { ...page, ancestors };
});
