import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { decideAccess } from '#shared/capabilities';
import { NEWS_EVENT_DATA_TOO_LONG_MESSAGE } from '#shared/contracts/news';
import { CONTENT_ROUTES } from '#shared/routes/content';
import { exceedsDataLimit, requestBodyLength } from '../../domain/news-events.ts';
import { HttpError, renderError } from '../../lib/errors.ts';
import { callerOf, type RouteHandler } from '../../lib/handler.ts';

/** 413 (RFC 9110 "Content Too Large"): a news or event body over spec §5's 512,000 characters. */
export class NewsEventTooLargeError extends HttpError {
  override readonly name = 'NewsEventTooLargeError';
  readonly statusCode = 413;
}

/**
 * Wraps a create or update handler with spec §5's "Event and news data max length is
 * 512000" (decision record 024): a body longer than that many characters is answered
 * 413 {@link NEWS_EVENT_DATA_TOO_LONG_MESSAGE} without being parsed — but only for a
 * caller the route admits; anyone else is handed to the route, whose access guard
 * answers 401/403 before it reads a body. Bodies within the limit go straight through.
 * @throws Error at module load when the route table has no such operation.
 */
export function withDataLimit<Id extends (typeof CONTENT_ROUTES)[number]['operationId']>(
  handler: RouteHandler<Id>,
): RouteHandler<Id> {
  const route = CONTENT_ROUTES.find((candidate) => candidate.operationId === handler.operationId);
  if (!route) throw new Error(`No route ${handler.operationId} in the route table.`);
  const limited = async (event: APIGatewayProxyEventV2, context: Context) => {
    if (!exceedsDataLimit(requestBodyLength(event.body, event.isBase64Encoded))) return handler(event, context);
    let admitted = false;
    try {
      admitted = decideAccess((await callerOf(event))?.principal ?? null, route.access) === 'allowed';
    } catch {
      admitted = false;
    }
    if (!admitted) return handler(event, context);
    return renderError(
      new NewsEventTooLargeError(NEWS_EVENT_DATA_TOO_LONG_MESSAGE),
      event.requestContext?.requestId ?? context?.awsRequestId,
    );
  };
  return Object.assign(limited, { operationId: handler.operationId });
}
