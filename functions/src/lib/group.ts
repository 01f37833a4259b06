import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type RouteDefinition, routeKey } from '#shared/route-definition';
import { NotFoundError, renderError } from './errors.ts';
import type { RouteHandler } from './handler.ts';
import { withLogging } from './logger.ts';

/** The operationIds of a client group's routes (`shared/routes/<group>.ts`). */
export type GroupOperationId<Routes extends readonly RouteDefinition[]> = Routes[number]['operationId'];

/**
 * Exactly one handler per route of the group, each built by `defineRoute` for its own
 * operationId: a missing, extra or swapped entry does not compile.
 */
export type GroupImplementations<Routes extends readonly RouteDefinition[]> = {
  readonly [Id in GroupOperationId<Routes>]: RouteHandler<Id>;
};

/** The Lambda entry of a client group (`functions/src/api/<group>/index.ts` exports it as `handler`). */
export type GroupHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Builds a client group's Lambda entry (decision record 003) from the group's own
 * routes (`shared/routes/<group>.ts`, never the whole table: decision record 041): it
 * dispatches on the event's `routeKey`, which API Gateway (and the local gateway) set
 * to exactly `routeKey(route)`, e.g. `GET /api/v1/content/{idOrAlias+}`.
 * An unknown routeKey answers 404 `{statusCode:404,message:'Not Found'}`.
 * Every log line of an invocation carries the Lambda context (`function_name`,
 * `function_request_id`, …), `component: 'api/<group>'` and `requestId`, API Gateway's
 * request id (`withLogging`, issue 23 item 6; decision record 046).
 * @throws Error at module load when a handler was built for another operation.
 */
export function createGroupHandler<const Routes extends readonly RouteDefinition[]>(
  routes: Routes,
  implementations: GroupImplementations<Routes>,
): GroupHandler {
  const byRouteKey = new Map<string, RouteHandler>();
  for (const route of routes) {
    const handler = (implementations as Record<string, RouteHandler>)[route.operationId];
    if (!handler || handler.operationId !== route.operationId) {
      throw new Error(`Group ${route.group}: no handler built for ${route.operationId}.`);
    }
    byRouteKey.set(routeKey(route), handler);
  }
  const group = routes[0]?.group ?? 'none';
  return withLogging<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(
    `api/${group}`,
    async (event, context) => {
      const handler = byRouteKey.get(event.routeKey);
      if (!handler) return renderError(new NotFoundError('Not Found'), event.requestContext?.requestId);
      return handler(event, context);
    },
    { keysOf: (event, context) => ({ requestId: event.requestContext?.requestId ?? context.awsRequestId }) },
  );
}
