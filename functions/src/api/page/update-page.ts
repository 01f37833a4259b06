import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/pages/{id}` (spec §5 "Pages", §7 "Pages"; decision record 026), for
 * content editors: replaces the page's title, link, parent, status, meta and layout
 * (not its sections) in one transaction conditional on the version read, so a
 * concurrent change is a 409; a new link moves the href guard in that transaction (a
 * link another page holds is a 409). A missing page is a 404 "Page does not exist.".
 * Answers the page with its sections.
 */
export const updatePage = defineRoute('updatePage', ({ path, body }) => pages.updatePage(path.id, body));
