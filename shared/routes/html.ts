import * as z from 'zod';
import type { GroupRouteDefinition } from '../route-definition.ts';

/**
 * A whole HTML document (`text/html; charset=utf-8`): the SPA's `index.html` with a
 * public page's main content, head tags and embedded data (issue 22 item 2; decision
 * record 038).
 */
const HtmlDocument = z.string().meta({ id: 'HtmlDocument', description: 'A text/html document.' });

/** The path of a public page below `/api/v1/html/`: the page's own address without its leading `/`. */
const HtmlPagePath = z.object({ path: z.string().min(1) });

/** The routes of the `html` client group, a part of the route table `ROUTES` (`shared/routes.ts`; decision records 038, 041). */
export const HTML_ROUTES = [
  {
    operationId: 'getHomeHtml',
    method: 'GET',
    path: '/api/v1/html',
    group: 'html',
    access: 'public',
    summary:
      "The first HTML of the home page `/`: the SPA's index.html with the main content, head tags and the SPA's data embedded; CloudFront and the local server send the site's HTML navigations here (issue 22 item 2; decision record 038). Always rendered as a visitor sees it.",
    request: {},
    response: HtmlDocument,
  },
  {
    operationId: 'getPageHtml',
    method: 'GET',
    path: '/api/v1/html/{path+}',
    group: 'html',
    access: 'public',
    summary:
      "The first HTML of the public page `/{path}` (courseware list, content by `/courseware/<id|alias>` or a root id or alias, news and events, CMS pages): the main content in the HTML, else the plain SPA shell; never an unpublished item's content (issue 22 item 2; decision record 038).",
    request: { path: HtmlPagePath },
    response: HtmlDocument,
  },
] as const satisfies readonly GroupRouteDefinition<'html'>[];
