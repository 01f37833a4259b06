import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { deletePageItems, getPageById, getPageItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/**
 * `DELETE /api/v1/pages/{id}?confirmed=true` (spec §5 "Pages": the ticked
 * confirmation checkbox, else a 400 at `query.confirmed` "The checkbox is required to
 * delete this page."; spec §6 delete_v1_page; decision record 026): deletes the page
 * item, its href guard and every section in one transaction conditional on the page's
 * version (read before its sections, so a section added meanwhile makes it a 409, not
 * an orphan). A missing page is a 404. Pages naming it as parent keep their
 * `parentId`; their breadcrumbs stop there.
 */
export const deletePage = defineRoute('deletePage', async ({ path }) => {
  const item = await getPageItem(path.id);
  if (!item) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const page = await getPageById(path.id);
  const sectionIds = page?.sections.map((section) => section.id) ?? [];
  await deletePageItems(item, sectionIds);
  return { id: item.id, sectionsDeleted: sectionIds.length };
});
