import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { putSectionItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';
import { checkedSectionItem, loadPageForWrite, reloadPage } from './page-writes.ts';

/**
 * `PUT /api/v1/pages/{id}/sections/{sectionId}` (spec §3, §5; decision record 026),
 * for content editors: replaces a section's group key, name, description, widgets and
 * layout, keeping its place; a saved widget keeps its kind (400 at
 * `body.widgets.<i>.kind`). One transaction with the page's version check (409 on a
 * concurrent change). A missing page or section is a 404.
 */
export const updateSection = defineRoute('updateSection', async ({ path, body }) => {
  const { item, page } = await loadPageForWrite(path.id);
  const stored = page.sections.find((section) => section.id === path.sectionId);
  if (!stored) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const section = checkedSectionItem(item.id, { ...body, id: stored.id, index: stored.index }, stored);
  await putSectionItem(item, section, 'replace');
  return reloadPage(item.id);
});
