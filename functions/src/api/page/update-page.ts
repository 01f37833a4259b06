import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { getPageById, getPageItem, updatePageItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { checkPageParent } from './page-writes.ts';

/**
 * `PUT /api/v1/pages/{id}` (spec §5 "Pages", §7 "Pages"; decision record 026), for
 * content editors: replaces the page's title, link, parent, status, meta and layout
 * (not its sections) in one transaction conditional on the version read, so a
 * concurrent change is a 409; a new link moves the href guard in that transaction (a
 * link another page holds is a 409). A missing page is a 404 "Page does not exist.".
 * Answers the page with its sections.
 */
export const updatePage = defineRoute('updatePage', async ({ path, body }) => {
  const previous = await getPageItem(path.id);
  if (!previous) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  await checkPageParent(body.parentId, previous.id);
  await updatePageItem(previous, body);
  const page = await getPageById(previous.id);
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  return page;
});
