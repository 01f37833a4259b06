import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const EVENTS_ROOT = new URL('../../../events/', import.meta.url);

/** A fresh copy of a sample event from `events/`, e.g. `loadEvent('content/get-content')`. */
export function loadEvent(name: string): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(new URL(`${name}.json`, EVENTS_ROOT), 'utf8')) as APIGatewayProxyEventV2;
}

/** The event with these query parameters (replacing the sample's), as API Gateway would deliver them. */
export function withQuery(event: APIGatewayProxyEventV2, query: Record<string, string>): APIGatewayProxyEventV2 {
  const rawQueryString = new URLSearchParams(query).toString();
  const { queryStringParameters: _dropped, ...rest } = event;
  return { ...rest, rawQueryString, ...(rawQueryString ? { queryStringParameters: query } : {}) };
}

/** The event with these path parameters (replacing the sample's). */
export function withPathParameters(
  event: APIGatewayProxyEventV2,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  return { ...event, pathParameters };
}

/**
 * The event at the address `rawPath` with these path parameters (replacing the sample's
 * path, its parameters and the request context's path), as API Gateway would deliver it.
 */
export function atPath(
  event: APIGatewayProxyEventV2,
  rawPath: string,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  return {
    ...event,
    rawPath,
    pathParameters,
    requestContext: { ...event.requestContext, http: { ...event.requestContext.http, path: rawPath } },
  };
}

/** The event with extra headers. */
export function withHeaders(event: APIGatewayProxyEventV2, headers: Record<string, string>): APIGatewayProxyEventV2 {
  return { ...event, headers: { ...event.headers, ...headers } };
}

/** The parsed JSON body of a handler result. */
export function jsonBody<T = Record<string, unknown>>(result: APIGatewayProxyStructuredResultV2): T {
  return JSON.parse(String(result.body)) as T;
}
