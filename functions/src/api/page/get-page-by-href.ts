import { decideAccess } from '#shared/capabilities';
import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { getPageByHref as readPageByHref } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/pages/by-href?href=` (spec §2.2 catch-all, §2.14, §7 "Get page by
 * href, with sections"; decision record 026): one CMS page by its link (normalised:
 * lower case, no trailing slash), with its sections in index order. A published
 * page is public; an unpublished one is seen only by callers with `updateContent`
 * (spec §6), and for anyone else answers exactly like a missing one: 404 "Page does
 * not exist.". Never cached, so editors see their changes at once. Costs 2 reads.
 */
export const getPageByHref = defineRoute('getPageByHref', async ({ query, caller }) => {
  const page = await readPageByHref(query.href);
  const visible =
    page !== null &&
    (page.status === 'published' || decideAccess(caller?.principal ?? null, 'updateContent') === 'allowed');
  if (!page || !visible) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  return page;
});
