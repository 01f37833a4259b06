import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { routeKey } from '#shared/route-definition';
import type { OperationId } from '#shared/routes';
import type { RouteHandler } from '../lib/handler.ts';

/** The answer of an API route called in-process: its status and its JSON body (`null` for an empty one). */
export interface RouteAnswer {
  readonly statusCode: number;
  readonly body: unknown;
}

/**
 * Calls an API route's own handler in-process, as a visitor (no Authorization
 * header), with the event API Gateway would build for `GET|POST <path>` — so the
 * first HTML carries exactly the JSON the SPA would have fetched for the same
 * address, through the same validation, visibility rules and middleware, with no
 * HTTP round trip (issue 22 item 2; decision record 038).
 * @throws Error when the handler carries no route of that operation (not built by `defineRoute`), or a path parameter is missing.
 */
export async function invokeRoute(
  handler: RouteHandler,
  operationId: OperationId,
  request: {
    readonly path?: Readonly<Record<string, string>>;
    readonly query?: Readonly<Record<string, string>>;
    readonly body?: unknown;
  },
  requestId: string,
): Promise<RouteAnswer> {
  // The handler's own route (set by `defineRoute`): the html group's bundle then carries only the
  // contracts of the routes it calls, not the whole route table (decision record 041).
  const route = handler.route;
  if (!route || route.operationId !== operationId) throw new Error(`The handler of ${operationId} carries no route.`);
  const pathParameters = request.path ?? {};
  const rawPath = route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    const value = pathParameters[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${operationId}.`);
    return encodeURIComponent(value);
  });
  const query = request.query ?? {};
  const rawQueryString = new URLSearchParams(query as Record<string, string>).toString();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath,
    rawQueryString,
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: { ...query } } : {}),
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters: { ...pathParameters } } : {}),
    requestContext: {
      accountId: 'in-process',
      apiId: 'in-process',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'html' },
      requestId,
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  };
  const context = { awsRequestId: requestId, functionName: 'portal-html' } as Context;
  const result = await handler(event, context);
  const body = typeof result.body === 'string' && result.body.length > 0 ? (JSON.parse(result.body) as unknown) : null;
  return { statusCode: result.statusCode ?? 200, body };
}
