import { PAGE_NOT_FOUND_MESSAGE } from '#shared/contracts/page';
import { deletePageItems, getPageById, getPageItem } from '../../data/pages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';
import { discardDetachedFiles, sectionsToDelete } from './page-writes.ts';

/**
 * `DELETE /api/v1/pages/{id}?confirmed=true` (spec §5 "Pages": the ticked
 * confirmation checkbox, else a 400 at `query.confirmed` "The checkbox is required to
 * delete this page."; spec §6 delete_v1_page; decision record 026): deletes the page
 * item, its href guard and every section, detaching every widget file attached to a
 * section, conditional on the page's version (read before its sections, so a section
 * added meanwhile makes it a 409, not an orphan) — one transaction, or, past 100
 * elements, section batches first and the page last (`deletePageItems`). The
 * detached files are then deleted (record and object; best effort — they keep a TTL
 * of now for the upload sweeper), also when a later batch fails: the files of the
 * sections already deleted go, those still attached stay with their sections. A
 * missing page is a 404. Pages naming it as parent keep their `parentId`; their
 * breadcrumbs stop there.
 */
export const deletePage = defineRoute('deletePage', async ({ path }) => {
  const now = new Date();
  const item = await getPageItem(path.id);
  if (!item) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
  const page = await getPageById(path.id);
  const { sections, detached } = await sectionsToDelete(page?.sections ?? []);
  try {
    await deletePageItems(item, sections, now);
  } finally {
    // Also after a 409 between batches: the files of the sections already deleted are
    // detached (a TTL) and go; files still attached have no TTL and are left alone.
    await discardDetachedFiles(detached);
  }
  return { id: item.id, sectionsDeleted: sections.length };
});
