import { SECTIONS_FULL_MESSAGE } from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { putSectionItem } from '../../data/pages.ts';
import { newId } from '../../domain/ids.ts';
import { ValidationError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';
import { checkedSectionItem, loadPageForWrite, reloadPage } from './page-writes.ts';

/**
 * `POST /api/v1/pages/{id}/sections` (spec §3 "Section", §5 "Widgets", §7 "Pages";
 * decision record 026), for content editors: adds a section after the last one (its
 * HTML sanitised; at most 50 sections, 60 widgets, 390,000 bytes; several widgets
 * only of giant icon buttons), in one transaction with the page's version check.
 * Answers 201 with the page and its sections.
 */
export const createSection = defineRoute('createSection', async ({ path, body }) => {
  const { item, page } = await loadPageForWrite(path.id);
  if (page.sections.length >= PAGE_LIMITS.sectionsMax) {
    throw new ValidationError([{ path: 'body', message: SECTIONS_FULL_MESSAGE }]);
  }
  const index = page.sections.reduce((max, section) => Math.max(max, section.index + 1), 0);
  const section = checkedSectionItem(item.id, { ...body, id: newId(), index }, null);
  await putSectionItem(item, section, 'create');
  return reloadPage(item.id);
});
