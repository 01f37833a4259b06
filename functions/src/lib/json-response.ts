import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Media type of every API body, success or error. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * An API Gateway v2 result carrying `body` as JSON. `cacheControl` defaults to
 * `no-store`: only the route factory decides that a response may be cached.
 */
export function jsonResponse(
  statusCode: number,
  body: unknown,
  cacheControl = 'no-store',
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': JSON_CONTENT_TYPE, 'cache-control': cacheControl },
    body: JSON.stringify(body),
  };
}
