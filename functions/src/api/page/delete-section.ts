import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { deleteSectionItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';
import { loadPageForWrite, reloadPage } from './page-writes.ts';

/**
 * `DELETE /api/v1/pages/{id}/sections/{sectionId}` (spec §7 "Pages"; decision record
 * 026), for content editors (a section is page content, spec §6 "Update content"):
 * deletes one section with the page's version check. The others keep their `index`.
 */
export const deleteSection = defineRoute('deleteSection', async ({ path }) => {
  const { item, page } = await loadPageForWrite(path.id);
  if (!page.sections.some((section) => section.id === path.sectionId)) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  await deleteSectionItem(item, path.sectionId);
  return reloadPage(item.id);
});
