import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from '#shared/contracts/common';
import { ROUTES, type RouteDefinition, rateLimitOf } from '#shared/routes';
import packageJson from '../../../../package.json' with { type: 'json' };

/** Title of the generated document. */
export const OPENAPI_TITLE = 'Courseware portal API';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request: `errors` lists each field and why.',
  401: 'Sign-in needed.',
  403: 'The caller lacks the capability.',
  404: 'Does not exist (or is hidden from the caller).',
  409: 'Conflict with the stored state.',
  415: 'The body is not JSON.',
  429: 'Too many requests: the `Retry-After` header says how many seconds to wait.',
  500: 'Internal server error.',
};

/** API Gateway's greedy `{name+}` is plain `{name}` in OpenAPI. */
function openApiPath(path: string): string {
  return path.replace(/\{([^}+]+)\+\}/g, '{$1}');
}

function registerRoute(registry: OpenAPIRegistry, route: RouteDefinition): void {
  // A rate-limited route (ROUTE_RATE_LIMITS, decision record 033) may answer 429.
  const limited = rateLimitOf(route.operationId) ? [429] : [];
  const errorStatuses = [...new Set([400, ...(route.errorStatuses ?? []), ...limited, 500])].sort((a, b) => a - b);
  const greedy = /\{[^}]+\+\}/.test(route.path);
  registry.registerPath({
    method: route.method.toLowerCase() as Lowercase<RouteDefinition['method']>,
    path: openApiPath(route.path),
    operationId: route.operationId,
    summary: route.summary,
    ...(greedy
      ? { description: 'The last path parameter may contain `/` (a URL alias); encode it as `%2F` or not.' }
      : {}),
    tags: [route.group],
    request: {
      ...(route.request.path ? { params: route.request.path } : {}),
      ...(route.request.query ? { query: route.request.query } : {}),
      ...(route.request.body
        ? { body: { required: true, content: { 'application/json': { schema: route.request.body } } } }
        : {}),
    },
    responses: {
      [route.successStatus ?? 200]: {
        description: 'Success.',
        content: { 'application/json': { schema: route.response } },
      },
      ...Object.fromEntries(
        errorStatuses.map((status) => [
          status,
          { description: STATUS_TEXT[status] ?? 'Error.', content: { 'application/json': { schema: ErrorBody } } },
        ]),
      ),
    },
  });
}

/**
 * Generates the OpenAPI 3.1 document of the API from the route table and its zod
 * contracts (decision record 003): every route with its path and query parameters,
 * success schema, and the `ErrorBody` of 400, 500 and its `errorStatuses`.
 */
export function buildOpenApiDocument(routes: readonly RouteDefinition[] = ROUTES): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  for (const route of routes) registerRoute(registry, route);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: OPENAPI_TITLE, version: packageJson.version },
    servers: [{ url: '/' }],
  });
  return document as unknown as Record<string, unknown>;
}
