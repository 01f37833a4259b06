import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { ErrorBody } from '#shared/contracts/common';
import { ROUTES, type RouteDefinition, rateLimitOf } from '#shared/routes';
import packageJson from '../../../../package.json' with { type: 'json' };

/** Title of the generated document. */
export const OPENAPI_TITLE = 'Courseware portal API';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request: `errors` lists each field and why.',
  401: 'No valid login: no token where one is needed, or a token that is invalid, expired or whose session has ended.',
  403: 'The caller lacks the capability.',
  404: 'Does not exist (or is hidden from the caller).',
  409: 'Conflict with the stored state (or, with `Retry-After`, a request with the same `Idempotency-Key` still in progress).',
  413: 'The body is larger than the route allows.',
  415: 'The body is not JSON.',
  422: 'The `Idempotency-Key` was already used for a different request.',
  429: 'Too many requests: the `Retry-After` header says how many seconds to wait.',
  500: 'Internal server error.',
};

/** Name of the security scheme of portal tokens in the document's `components.securitySchemes`. */
export const PORTAL_TOKEN_SCHEME = 'portalToken';

/**
 * The `security` of an operation (issue 21 item 9), from the route's `access`: a
 * route that needs a login requires the portal token; a public route takes it
 * optionally (`{}` first: no token is fine; a signed-in caller may see more, and a
 * token sent is verified).
 */
export function operationSecurity(route: Pick<RouteDefinition, 'access'>): Record<string, string[]>[] {
  return route.access === 'public' ? [{}, { [PORTAL_TOKEN_SCHEME]: [] }] : [{ [PORTAL_TOKEN_SCHEME]: [] }];
}

/** API Gateway's greedy `{name+}` is plain `{name}` in OpenAPI. */
function openApiPath(path: string): string {
  return path.replace(/\{([^}+]+)\+\}/g, '{$1}');
}

/** The optional `Idempotency-Key` header of a route marked `idempotent` (decision record 084). */
const IDEMPOTENCY_HEADERS = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'A fresh UUID per write (1–255 printable characters). A retry with the same key, from the same caller, gets the first answer (with `Idempotent-Replayed: true`) instead of writing again; the same key with a different request is a 422; while the first request runs, a 409 with `Retry-After`. Kept 24 hours.',
    ),
});

function registerRoute(registry: OpenAPIRegistry, route: RouteDefinition): void {
  // Any token sent may be refused (401); a capability route refuses those without it (403).
  const capability = route.access !== 'public' && route.access !== 'authenticated';
  // A rate-limited route (ROUTE_RATE_LIMITS, decision record 033) may answer 429.
  const limited = rateLimitOf(route.operationId) ? [429] : [];
  // An idempotent route (decision record 084) may answer 409 (key in progress) and 422 (key reused).
  const idempotent = route.idempotent ? [409, 422] : [];
  const errorStatuses = [
    ...new Set([
      400,
      401,
      ...(capability ? [403] : []),
      ...(route.errorStatuses ?? []),
      ...limited,
      ...idempotent,
      500,
    ]),
  ].sort((a, b) => a - b);
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
    security: operationSecurity(route),
    'x-access': route.access,
    request: {
      ...(route.request.path ? { params: route.request.path } : {}),
      ...(route.request.query ? { query: route.request.query } : {}),
      ...(route.idempotent ? { headers: IDEMPOTENCY_HEADERS } : {}),
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
 * success schema, the `ErrorBody` of 400, 401, 403 (capability routes), 500 and its
 * `errorStatuses`, and its security (issue 21 item 9): the bearer scheme
 * {@link PORTAL_TOKEN_SCHEME}, required or optional by {@link operationSecurity},
 * with the route's `access` as `x-access`.
 */
export function buildOpenApiDocument(routes: readonly RouteDefinition[] = ROUTES): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', PORTAL_TOKEN_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A portal token from POST /api/v1/authenticate (RS256, verified with /api/v1/auth/jwks.json). `x-access` on each operation names what it needs: `public`, `authenticated` (a valid login: the USER role and the coursewareFeature subscription) or a capability of spec §6.',
  });
  for (const route of routes) registerRoute(registry, route);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: OPENAPI_TITLE, version: packageJson.version },
    servers: [{ url: '/' }],
  });
  return document as unknown as Record<string, unknown>;
}
