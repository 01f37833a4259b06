import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

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
export const updateSection = defineRoute('updateSection', ({ path, body, caller }) =>
  pages.updateSection(path.id, path.sectionId, body, caller?.sub ?? ''),
);
