import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `DELETE /api/v1/pages/{id}/sections/{sectionId}` (spec §7 "Pages"; decision record
 * 026), for content editors (a section is page content, spec §6 "Update content"):
 * deletes one section with the page's version check, detaching its widget files in
 * the same transaction, then deletes those files (record and object; best effort —
 * they keep a TTL of now for the upload sweeper). The others keep their `index`.
 */
export const deleteSection = defineRoute('deleteSection', ({ path }) => pages.deleteSection(path.id, path.sectionId));
