import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteHandler } from '../../lib/handler.ts';
import { logger } from '../../lib/logger.ts';

/** Seconds a feed or sitemap may be kept by readers and the edge: the catalog changes within seconds of a write. */
export const XML_CACHE_SECONDS = 300;

/**
 * A route of the search group that answers an XML document (the Atom feed, the sitemap;
 * decision record 055). Not built by `defineRoute`, whose answers are JSON: `render`
 * builds the document from the event; the answer is 200 with `contentType` and a
 * public cache of {@link XML_CACHE_SECONDS}. The Authorization header is never read:
 * a feed reader or a crawler sends none, and the document is what a visitor may see.
 * A failure is logged and answered 500 with a plain-text line that tells nothing more.
 */
export function xmlRoute<Id extends string>(
  operationId: Id,
  contentType: string,
  render: (event: APIGatewayProxyEventV2) => Promise<string>,
): RouteHandler<Id> {
  const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      const body = await render(event);
      return {
        statusCode: 200,
        headers: { 'content-type': contentType, 'cache-control': `public, max-age=${XML_CACHE_SECONDS}` },
        body,
      };
    } catch (error) {
      logger.error(`${operationId} failed`, {
        requestId: event.requestContext?.requestId,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
      return {
        statusCode: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        body: 'Internal Server Error',
      };
    }
  };
  return Object.assign(handler, { operationId });
}
