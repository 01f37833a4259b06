import { z } from 'zod';
import type { RouteAccess } from './capabilities.ts';
import {
  ChildContentPage,
  ContentDetail,
  ContentPage,
  GetContentPath,
  ListChildrenPath,
  ListChildrenQuery,
  ListContentQuery,
} from './contracts/content.ts';
import { ContributorPage, ListContributorsQuery } from './contracts/contributor.ts';
import {
  AuthenticateRequest,
  ClaimList,
  JsonWebKeySet,
  ListUsersQuery,
  MessageList,
  OpenIdConfiguration,
  OrganizationList,
  SubscriptionPath,
  SubscriptionStatus,
  TokenResponse,
  UserPage,
} from './contracts/identity.ts';
import { GetKnowledgePath, Knowledge, KnowledgePage, ListKnowledgeQuery } from './contracts/knowledge.ts';
import { SearchContentPage, SearchContentRequest } from './contracts/search.ts';
import type { ClientGroup } from './enums.ts';

/**
 * The route table: every HTTP route of the API, declared once. The CDK API stack
 * creates one API Gateway route per entry (integrated with its client group's
 * Lambda), the local gateway matches requests against it, each client group's
 * Lambda dispatches on its `routeKey`, and the OpenAPI document is generated from
 * it. Paths use API Gateway syntax: `{name}` is one segment, `{name+}` is greedy.
 *
 * Aliases contain `/` and API Gateway HTTP APIs decode `%2F` before matching, so
 * content by id or alias is a greedy route and children live under their own
 * prefix (decision record 005).
 */

/** The OpenAPI document itself: a JSON object (its own schema is the OpenAPI 3.1 specification). */
const OpenApiDocument = z
  .record(z.string(), z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document.' });

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
}

/** The `routeKey` API Gateway puts on the event: `"GET /api/v1/content"`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export const ROUTES = [
  {
    operationId: 'listContent',
    method: 'GET',
    path: '/api/v1/content',
    group: 'content',
    access: 'public',
    summary: 'List content, most recently modified first, paged by nextPageToken (spec §7 "Get content list").',
    request: { query: ListContentQuery },
    response: ContentPage,
  },
  {
    operationId: 'getContent',
    method: 'GET',
    path: '/api/v1/content/{idOrAlias+}',
    group: 'content',
    access: 'public',
    summary: 'Get one content item by id or URL alias, with its ancestors and contributors (spec §2.6, §7).',
    request: { path: GetContentPath },
    response: ContentDetail,
    errorStatuses: [404],
  },
  {
    operationId: 'listContentChildren',
    method: 'GET',
    path: '/api/v1/content-children/{id}',
    group: 'content',
    access: 'public',
    summary: 'List the children of a content item in index order, 300 per page (spec §2.6, §9).',
    request: { path: ListChildrenPath, query: ListChildrenQuery },
    response: ChildContentPage,
    errorStatuses: [404],
  },
  {
    operationId: 'listKnowledge',
    method: 'GET',
    path: '/api/v1/knowledge',
    group: 'content',
    access: 'public',
    summary: 'List knowledge items (KSA, TKS, KU), up to 10000 per page (spec §7 "List knowledge items").',
    request: { query: ListKnowledgeQuery },
    response: KnowledgePage,
    cacheSeconds: 300,
  },
  {
    operationId: 'getKnowledge',
    method: 'GET',
    path: '/api/v1/knowledge/{type}/{id}',
    group: 'content',
    access: 'public',
    summary: 'Get one knowledge item by type and id (spec §7 "Get one knowledge item").',
    request: { path: GetKnowledgePath },
    response: Knowledge,
    errorStatuses: [404],
    cacheSeconds: 300,
  },
  {
    operationId: 'listContributors',
    method: 'GET',
    path: '/api/v1/contributors',
    group: 'content',
    access: 'public',
    summary: 'List contributors by last name, paged by nextPageToken (spec §7 "Contributors").',
    request: { query: ListContributorsQuery },
    response: ContributorPage,
  },
  {
    operationId: 'searchContent',
    method: 'POST',
    path: '/api/v1/search/content',
    group: 'search',
    access: 'public',
    summary:
      'Search content by text and the filters of spec §3 "Search filter", with facet counts; visitors find published content only (spec §2.5, §7 "Search content").',
    request: { body: SearchContentRequest },
    response: SearchContentPage,
  },
  {
    operationId: 'authenticate',
    method: 'POST',
    path: '/api/v1/authenticate',
    group: 'authentication',
    access: 'public',
    summary:
      'Exchange an upstream token (provider vcr or sso) for a portal token; with impersonateUserId, the caller\'s portal token for one of that user (spec §7, §4 "Impersonation").',
    request: { body: AuthenticateRequest },
    response: TokenResponse,
    errorStatuses: [401, 403, 404],
  },
  {
    operationId: 'getSsoToken',
    method: 'GET',
    path: '/api/v1/sso-token',
    group: 'authentication',
    access: 'authenticated',
    summary:
      'A short-lived token for the exercise area, added as query s by /exercises (spec §2.2, §7 "Get an SSO token").',
    request: {},
    response: TokenResponse,
    errorStatuses: [401],
  },
  {
    operationId: 'getOpenIdConfiguration',
    method: 'GET',
    path: '/api/v1/auth/.well-known/openid-configuration',
    group: 'authentication',
    access: 'public',
    summary: "The portal issuer's discovery document (issuer, jwks_uri), read by API Gateway's JWT authorizer.",
    request: {},
    response: OpenIdConfiguration,
    cacheSeconds: 300,
  },
  {
    operationId: 'getJwks',
    method: 'GET',
    path: '/api/v1/auth/jwks.json',
    group: 'authentication',
    access: 'public',
    summary: "The portal's public signing keys (JWKS) that verify portal tokens.",
    request: {},
    response: JsonWebKeySet,
    cacheSeconds: 300,
  },
  {
    operationId: 'listClaims',
    method: 'GET',
    path: '/api/v1/claims',
    group: 'entitlement',
    access: 'authenticated',
    summary: 'The caller\'s claims: type, value, scopes (spec §7 "List claims").',
    request: {},
    response: ClaimList,
    errorStatuses: [401],
  },
  {
    operationId: 'listMessages',
    method: 'GET',
    path: '/api/v1/messages',
    group: 'entitlement',
    access: 'authenticated',
    summary: "The caller's messages for the avatar badge (spec §2.3, §3 Message).",
    request: {},
    response: MessageList,
    errorStatuses: [401],
  },
  {
    operationId: 'getProductSubscription',
    method: 'GET',
    path: '/api/v1/product-subscriptions/{product}',
    group: 'product-subscription',
    access: 'authenticated',
    summary: 'Whether the caller is subscribed to a product, e.g. coursewareFeature (spec §7 "Product subscription").',
    request: { path: SubscriptionPath },
    response: SubscriptionStatus,
    errorStatuses: [401],
  },
  {
    operationId: 'listOrganizations',
    method: 'GET',
    path: '/api/v1/organizations',
    group: 'organization',
    access: 'authenticated',
    summary: 'The organizations the caller belongs to, with the caller\'s roles in each (spec §7 "Organizations").',
    request: {},
    response: OrganizationList,
    errorStatuses: [401],
  },
  {
    operationId: 'listUsers',
    method: 'GET',
    path: '/api/v1/users',
    group: 'user',
    access: 'listUsers',
    summary: 'List users, for administrators (spec §6 privileged actions; decision record 012).',
    request: { query: ListUsersQuery },
    response: UserPage,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/v1/openapi.json',
    group: 'meta',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of this API, generated from the route table and its zod contracts.',
    request: {},
    response: OpenApiDocument,
    cacheSeconds: 300,
  },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof ROUTES)[number];
export type OperationId = Route['operationId'];
