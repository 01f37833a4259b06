import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { deleteSectionItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { discardDetachedFiles, loadPageForWrite, reloadPage, sectionsToDelete } from './page-writes.ts';

/**
 * `DELETE /api/v1/pages/{id}/sections/{sectionId}` (spec §7 "Pages"; decision record
 * 026), for content editors (a section is page content, spec §6 "Update content"):
 * deletes one section with the page's version check, detaching its widget files in
 * the same transaction, then deletes those files (record and object; best effort —
 * they keep a TTL of now for the upload sweeper). The others keep their `index`.
 */
export const deleteSection = defineRoute('deleteSection', async ({ path }) => {
  const now = new Date();
  const { item, page } = await loadPageForWrite(path.id);
  const section = page.sections.find((candidate) => candidate.id === path.sectionId);
  if (!section) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const { sections, detached } = await sectionsToDelete([section]);
  await deleteSectionItem(item, section.id, now, sections[0]?.fileIds ?? []);
  await discardDetachedFiles(detached);
  return reloadPage(item.id);
});
