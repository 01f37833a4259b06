import { SECTION_ORDER_MESSAGE } from '#shared/contracts/page';
import { reorderSectionItems } from '../../data/pages.ts';
import { ValidationError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { loadPageForWrite, reloadPage } from './page-writes.ts';

/**
 * `PUT /api/v1/pages/{id}/section-order` `{ sectionIds }` (spec §7 "Pages"; decision
 * record 026), for content editors: every section of the page once, in the new order
 * (400 at `body.sectionIds` otherwise). Sets `index` (0…) on the moved sections only,
 * with the page's version check, in one transaction.
 */
export const reorderSections = defineRoute('reorderSections', async ({ path, body }) => {
  const { item, page } = await loadPageForWrite(path.id);
  const current = new Map(page.sections.map((section) => [section.id, section.index]));
  const ids = body.sectionIds;
  if (ids.length !== current.size || new Set(ids).size !== ids.length || ids.some((id) => !current.has(id))) {
    throw new ValidationError([{ path: 'body.sectionIds', message: SECTION_ORDER_MESSAGE }]);
  }
  const moves = new Map(ids.flatMap((id, index) => (current.get(id) === index ? [] : [[id, index] as const])));
  if (moves.size > 0) await reorderSectionItems(item, moves);
  return reloadPage(item.id);
});
