import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/pages/{id}/section-order` `{ sectionIds }` (spec §7 "Pages"; decision
 * record 026), for content editors: every section of the page once, in the new order
 * (400 at `body.sectionIds` otherwise). Sets `index` (0…) on the moved sections only,
 * with the page's version check, in one transaction.
 */
export const reorderSections = defineRoute('reorderSections', ({ path, body }) => pages.reorderSections(path.id, body));
