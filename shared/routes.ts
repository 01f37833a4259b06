import { CLIENT_GROUPS, type ClientGroup } from './enums.ts';
import type { ROUTE_RATE_LIMITS } from './limits.ts';
import type { GroupRouteDefinition } from './route-definition.ts';
import { AUTHENTICATION_ROUTES } from './routes/authentication.ts';
import { BUSINESS_UNIT_ROUTES } from './routes/business-unit.ts';
import { CONTENT_ROUTES } from './routes/content.ts';
import { ENTITLEMENT_ROUTES } from './routes/entitlement.ts';
import { FILE_ROUTES } from './routes/file.ts';
import { HTML_ROUTES } from './routes/html.ts';
import { LESSON_ROUTES } from './routes/lesson.ts';
import { LIBRARY_ROUTES } from './routes/library.ts';
import { META_ROUTES } from './routes/meta.ts';
import { NEWSLETTER_ROUTES } from './routes/newsletter.ts';
import { ORGANIZATION_ROUTES } from './routes/organization.ts';
import { PAGE_ROUTES } from './routes/page.ts';
import { PRODUCT_SUBSCRIPTION_ROUTES } from './routes/product-subscription.ts';
import { SEARCH_ROUTES } from './routes/search.ts';
import { STATISTICS_ROUTES } from './routes/statistics.ts';
import { USER_ROUTES } from './routes/user.ts';

export {
  type GroupRouteDefinition,
  type HttpMethod,
  type RouteDefinition,
  rateLimitOf,
  routeKey,
} from './route-definition.ts';

/**
 * The route table: every HTTP route of the API, declared once — each in its client
 * group's module `shared/routes/<group>.ts`, gathered here. The CDK API stack
 * creates one API Gateway route per entry (integrated with its client group's
 * Lambda), the local gateway matches requests against it, each client group's
 * Lambda dispatches on its `routeKey`, and the OpenAPI document is generated from
 * it. Paths use API Gateway syntax: `{name}` is one segment, `{name+}` is greedy.
 *
 * Aliases contain `/` and API Gateway HTTP APIs decode `%2F` before matching, so
 * content by id or alias is a greedy route and children live under their own
 * prefix (decision record 005).
 */

/**
 * The routes of each client group, each declared in `shared/routes/<group>.ts`
 * (decision record 041): a group's Lambda imports only its own module, so it bundles
 * only its own routes' contracts. Keyed by every entry of `CLIENT_GROUPS`
 * (`shared/enums.ts`): a group added there without its routes here fails to compile.
 */
export const ROUTES_BY_GROUP = {
  authentication: AUTHENTICATION_ROUTES,
  entitlement: ENTITLEMENT_ROUTES,
  organization: ORGANIZATION_ROUTES,
  user: USER_ROUTES,
  content: CONTENT_ROUTES,
  page: PAGE_ROUTES,
  search: SEARCH_ROUTES,
  statistics: STATISTICS_ROUTES,
  'business-unit': BUSINESS_UNIT_ROUTES,
  file: FILE_ROUTES,
  newsletter: NEWSLETTER_ROUTES,
  'product-subscription': PRODUCT_SUBSCRIPTION_ROUTES,
  lesson: LESSON_ROUTES,
  meta: META_ROUTES,
  html: HTML_ROUTES,
  library: LIBRARY_ROUTES,
} as const satisfies { readonly [G in ClientGroup]: readonly GroupRouteDefinition<G>[] };

/** One route of the table: a route of any client group. */
export type Route = (typeof ROUTES_BY_GROUP)[ClientGroup][number];

/** The whole table: the routes of each group in `CLIENT_GROUPS` order. */
export const ROUTES: readonly Route[] = CLIENT_GROUPS.flatMap((group): readonly Route[] => ROUTES_BY_GROUP[group]);

export type OperationId = Route['operationId'];

/** A key of `ROUTE_RATE_LIMITS` that names no operation of the table fails to compile here. */
type UnknownRateLimitedOperation = Exclude<keyof typeof ROUTE_RATE_LIMITS, OperationId>;
export const RATE_LIMITS_NAME_ROUTES: [UnknownRateLimitedOperation] extends [never]
  ? true
  : UnknownRateLimitedOperation = true;
