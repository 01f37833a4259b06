import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

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
export const deletePage = defineRoute('deletePage', ({ path }) => pages.deletePage(path.id));
