import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { putSectionItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import {
  checkedSectionItem,
  checkSectionFiles,
  discardDetachedFiles,
  loadPageForWrite,
  reloadPage,
} from './page-writes.ts';

/**
 * `PUT /api/v1/pages/{id}/sections/{sectionId}` (spec §3, §5; decision record 026),
 * for content editors: replaces a section's group key, name, description, widgets and
 * layout, keeping its place; a saved widget keeps its kind (400 at
 * `body.widgets.<i>.kind`). Widget files: the uploads it newly names are checked
 * and attached as on create; files it no longer names (replaced or removed) are
 * detached; unchanged ones are left alone — all in the one transaction with the
 * page's version check (409 on a concurrent change; nothing written on any failure).
 * The detached files are then deleted (record and object), best effort. A missing
 * page or section is a 404.
 */
export const updateSection = defineRoute('updateSection', async ({ path, body, caller }) => {
  const now = new Date();
  const { item, page } = await loadPageForWrite(path.id);
  const stored = page.sections.find((section) => section.id === path.sectionId);
  if (!stored) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  checkedSectionItem(item.id, { ...body, id: stored.id, index: stored.index }, stored);
  const files = await checkSectionFiles(stored.id, body.widgets, stored, caller?.sub ?? '', now);
  const section = checkedSectionItem(
    item.id,
    { ...body, widgets: files.widgets, id: stored.id, index: stored.index },
    stored,
  );
  await putSectionItem(item, section, 'replace', now, files.change);
  await discardDetachedFiles(files.detached);
  return reloadPage(item.id);
});
