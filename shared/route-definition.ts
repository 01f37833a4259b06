import type * as z from 'zod';
import type { RouteAccess } from './capabilities.ts';
import type { ClientGroup } from './enums.ts';
import { ROUTE_RATE_LIMITS, type RouteRateLimit } from './limits.ts';

/**
 * The shape of a route of the route table (`shared/routes.ts`) and the helpers every
 * client group's Lambda needs, without any route or contract: a group's Lambda
 * imports this module and its own `shared/routes/<group>.ts`, never the whole table,
 * so it bundles only its own routes' zod contracts (issue 22 item 7; decision record 041).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route. `path` always starts with `/api/v1/`. */
export interface RouteDefinition {
  /** Unique, camelCase; the OpenAPI operationId and the handler's name. */
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: `/api/v1/${string}`;
  /** The client group (spec §7) whose Lambda serves it. */
  readonly group: ClientGroup;
  /** Who may call it (spec §6); enforced by the authorizer and the handler middleware. */
  readonly access: RouteAccess;
  readonly summary: string;
  readonly request: {
    readonly path?: z.ZodObject;
    readonly query?: z.ZodObject;
    readonly body?: z.ZodType;
  };
  /** Schema of the success body. */
  readonly response: z.ZodType;
  /** Status of a success; 200 unless stated. */
  readonly successStatus?: number;
  /** Error statuses the route documents besides 400 and 500. */
  readonly errorStatuses?: readonly number[];
  /** Seconds a public response may be cached by browsers and CloudFront. */
  readonly cacheSeconds?: number;
  /** Largest request body in bytes (UTF-8, decoded); a larger one is a 413 before it is parsed. */
  readonly maxBodyBytes?: number;
  /**
   * Whether the route honours an `Idempotency-Key` request header (issue 28 item 2;
   * decision record 084): a retried request with the same key, from the same caller,
   * is answered with the first answer instead of running again. Set on every write the
   * SPA may retry whose repeat would write twice or answer differently.
   */
  readonly idempotent?: boolean;
}

/** The request header of an idempotency key (IETF httpapi draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A route of the client group `G`: what `shared/routes/<group>.ts` declares (its `group` must be `G`). */
export type GroupRouteDefinition<G extends ClientGroup> = RouteDefinition & { readonly group: G };

/** The `routeKey` API Gateway puts on the event: `"GET /api/v1/content"`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * The rate limit of a route (issue 21 item 4; decision record 033): its entry of
 * `ROUTE_RATE_LIMITS` (`shared/limits.ts`), or undefined for a route without one.
 */
export function rateLimitOf(operationId: string): RouteRateLimit | undefined {
  return (ROUTE_RATE_LIMITS as Partial<Record<string, RouteRateLimit>>)[operationId];
}
