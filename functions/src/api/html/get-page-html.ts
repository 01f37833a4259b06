import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type EmbeddedQuery, resolvePage } from '../../html/pages.ts';
import { loadShell, runtimeConfig } from '../../html/shell.ts';
import { renderDocument } from '../../html/templates.ts';
import type { RouteHandler } from '../../lib/handler.ts';
import { logger } from '../../lib/logger.ts';
import { siteOrigin } from '../../lib/site-origin.ts';

/** The embedded query data block (`#portal-queries`): when it was read (epoch ms) and the queries. */
export interface EmbeddedQueries {
  readonly fetchedAt: number;
  readonly queries: readonly EmbeddedQuery[];
}

export { VIEWER_HOST_HEADER } from '../../lib/site-origin.ts';

function htmlAnswer(body: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    body,
  };
}

/**
 * The handler of `getHomeHtml` / `getPageHtml` (issue 22 item 2; decision record
 * 038). Not built by `defineRoute`: the answer is a whole HTML document, always 200
 * with `cache-control: no-cache`, and never an error page — a path that is no public
 * page, an unpublished or missing item, or any failure answers the SPA's own
 * `index.html` unchanged, and the SPA shows what it would have shown. The request's
 * Authorization header is never read: navigations carry none, and the page is what
 * a visitor sees.
 */
export function htmlRoute<Id extends 'getHomeHtml' | 'getPageHtml'>(operationId: Id): RouteHandler<Id> {
  const handler = async (event: APIGatewayProxyEventV2, context: Context) => {
    const shell = await loadShell();
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
    const pathname = operationId === 'getHomeHtml' ? '/' : `/${event.pathParameters?.path ?? ''}`;
    try {
      const config = runtimeConfig();
      const query = new URLSearchParams(event.rawQueryString ?? '');
      const page = await resolvePage({ pathname, origin: siteOrigin(event), config, requestId, query });
      if (!page) return htmlAnswer(shell);
      const embedded: EmbeddedQueries = { fetchedAt: Date.now(), queries: page.queries };
      return htmlAnswer(renderDocument(shell, page, config, { queries: embedded }));
    } catch (error) {
      logger.error(`first HTML of ${pathname} not rendered; the SPA shell was served`, {
        requestId,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
      return htmlAnswer(shell);
    }
  };
  return Object.assign(handler, { operationId });
}

export const getHomeHtml = htmlRoute('getHomeHtml');
export const getPageHtml = htmlRoute('getPageHtml');
