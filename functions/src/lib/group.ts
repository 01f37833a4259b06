import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ClientGroup } from '#shared/enums';
import { ROUTES, type Route, routeKey } from '#shared/routes';
import { NotFoundError, renderError } from './errors.ts';
import type { RouteHandler } from './handler.ts';

/** The operationIds of the routes served by one client group's Lambda. */
export type GroupOperationId<G extends ClientGroup> = Extract<Route, { group: G }>['operationId'];

/**
 * Exactly one handler per route of the group, each built by `defineRoute` for its own
 * operationId: a missing, extra or swapped entry does not compile.
 */
export type GroupImplementations<G extends ClientGroup> = {
  readonly [Id in GroupOperationId<G>]: RouteHandler<Id>;
};

/** The Lambda entry of a client group (`functions/src/api/<group>/index.ts` exports it as `handler`). */
export type GroupHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Builds a client group's Lambda entry (decision record 003): it dispatches on the
 * event's `routeKey`, which API Gateway (and the local gateway) set to exactly
 * `routeKey(route)` of `#shared/routes`, e.g. `GET /api/v1/content/{idOrAlias+}`.
 * An unknown routeKey answers 404 `{statusCode:404,message:'Not Found'}`.
 * @throws Error at module load when a handler was built for another operation.
 */
export function createGroupHandler<G extends ClientGroup>(
  group: G,
  implementations: GroupImplementations<G>,
): GroupHandler {
  const byRouteKey = new Map<string, RouteHandler>();
  for (const route of ROUTES) {
    if (route.group !== group) continue;
    const handler = (implementations as Record<string, RouteHandler>)[route.operationId];
    if (!handler || handler.operationId !== route.operationId) {
      throw new Error(`Group ${group}: no handler built for ${route.operationId}.`);
    }
    byRouteKey.set(routeKey(route), handler);
  }
  return async (event, context) => {
    const handler = byRouteKey.get(event.routeKey);
    if (!handler) return renderError(new NotFoundError('Not Found'), event.requestContext?.requestId);
    return handler(event, context);
  };
}
