import * as pages from '../../services/pages.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/pages` (spec §5 "Pages", §7 "Pages"; decision record 026), for
 * content editors: a page without sections (they are added one by one), with the
 * limits of spec §5 (title and description required, at most 256 each; a page link),
 * an existing parent (400 at `body.parentId` otherwise). The page item and its href
 * guard are written in one transaction; a link another page holds is a 409. Answers
 * 201 with the page.
 */
export const createPage = defineRoute('createPage', ({ body }) => pages.createPage(body));
