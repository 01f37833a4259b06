import { HTML_ROUTES } from '#shared/routes/html';
import { createGroupHandler } from '../../lib/group.ts';
import { getHomeHtml, getPageHtml } from './get-page-html.ts';

/**
 * Lambda entry of the `html` group (issue 22 item 2; decision record 038): the first
 * HTML of the public pages, with their main content, head tags and the SPA's data.
 */
export const handler = createGroupHandler(HTML_ROUTES, { getHomeHtml, getPageHtml });
