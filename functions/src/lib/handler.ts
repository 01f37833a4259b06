import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { prettifyError, type ZodError } from 'zod';
import { decideAccess, type Principal } from '#shared/capabilities';
import type { FieldError } from '#shared/contracts/common';
import type { PortalTokenClaims } from '#shared/contracts/identity';
import { IDEMPOTENCY_KEY_HEADER, type RouteDefinition, rateLimitOf } from '#shared/route-definition';
import { verifySessionToken } from './auth/sessions.ts';
import { validatesResponses } from './env.ts';
import {
  ForbiddenError,
  PayloadTooLargeError,
  renderError,
  ServiceUnavailableError,
  TokenError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors.ts';
import type { IdempotencyRunner } from './idempotency.ts';
import { jsonResponse } from './json-response.ts';
import { callerSubjectOf, enforceRateLimit, targetOf } from './rate-limit.ts';

/**
 * The one handler factory (STYLE.md "Thin handlers", decision record 003): every
 * route's Lambda code is `defineRoute(operationId, impl)`, with the `defineRoute` of its
 * client group (`functions/src/api/<group>/define-route.ts`, made by {@link routeDefiner}).
 * The middleware chain
 * normalises headers, verifies the caller's bearer token and applies the route's
 * `access` rule (spec §6: 401 / 403 before anything else runs), validates path,
 * query and body against the route's zod schemas (400 with field messages; 415 for
 * a body that is not JSON; 413 for one over the route's `maxBodyBytes`), counts the request against the route's rate limit
 * (`ROUTE_RATE_LIMITS`, 429 with `Retry-After` beyond it), calls `impl` with typed values and the verified caller,
 * serialises its result as JSON — once per `Idempotency-Key` on a route marked `idempotent`
 * (issue 28 item 2, decision record 084: a retry gets the first answer) — and renders every
 * error in one place (`renderError`).
 */

/** Options of {@link routeDefiner} and {@link createRouteHandler}. */
export interface RouteDefinerOptions {
  /**
   * Runs a route marked `idempotent` once per `Idempotency-Key` (`runIdempotently` of
   * `lib/idempotency.ts`). Passed by the groups that have such routes only, so the
   * others do not bundle the idempotency library; required when a route is marked.
   */
  readonly idempotency?: IdempotencyRunner;
}

/**
 * The verified caller of a request, or `null` for a visitor (no Authorization
 * header). `sub` is the portal user id, `principal` what the capability table of
 * spec §6 reads (`#shared/capabilities`), `claims` the whole verified portal token
 * (spec §3 "Session and claims").
 */
export type Caller = {
  readonly sub: string;
  readonly principal: Principal;
  readonly claims: PortalTokenClaims;
} | null;

/** Message of the 401 for a route that needs a valid login and has none (spec §4 "Session", §6). */
export const SIGN_IN_MESSAGE = 'Sign in to continue.';
/** Message of the 403 for a caller without the route's capability (spec §8 reads "Forbidden"). */
export const FORBIDDEN_MESSAGE = 'Forbidden';

type OutputOf<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type EmptyObject = Record<string, never>;

/** What `impl` receives: validated, typed request parts (z.output of the route's schemas). */
export interface RouteRequest<R extends RouteDefinition> {
  readonly path: OutputOf<R['request']['path'], EmptyObject>;
  readonly query: OutputOf<R['request']['query'], EmptyObject>;
  readonly body: OutputOf<R['request']['body'], undefined>;
  readonly event: APIGatewayProxyEventV2;
  readonly caller: Caller;
  /** API Gateway's request id (or Lambda's, when absent), for log lines. */
  readonly requestId: string;
}

/** A route's business code: returns the success body (the route's response schema input). */
export type RouteImplementation<R extends RouteDefinition> = (
  request: RouteRequest<R>,
) => Promise<z.input<R['response']>>;

/** A Lambda handler for one route of an API Gateway HTTP API (payload format 2.0). */
export type RouteHandler<Id extends string = string> = ((
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>) & {
  readonly operationId: Id;
  /** The route it serves, when built by `defineRoute` (the html group calls such handlers in-process by it). */
  readonly route?: RouteDefinition;
};

/** The route of `Routes` with this operationId. */
export type RouteOf<Routes extends readonly RouteDefinition[], Id extends Routes[number]['operationId']> = Extract<
  Routes[number],
  { operationId: Id }
>;

/**
 * Builds the `defineRoute` of one client group from its routes (`shared/routes/<group>.ts`):
 * `defineRoute(operationId, impl)` makes the handler of the route `operationId` of
 * `routes`, and accepts no other operation. A group's handlers take it from
 * `functions/src/api/<group>/define-route.ts`, so the group's Lambda bundles its own
 * routes' contracts and never the whole route table (issue 22 item 7; decision record 041).
 *
 * The handler — access: a present `Authorization` header must be `Bearer <portal token>` and
 * verify (else 401 `Invalid token.` / `jwt expired`); then the route's `access`
 * decides: 401 `Sign in to continue.` without a valid login, 403 `Forbidden`
 * without the capability; every 401 carries `WWW-Authenticate: Bearer`.
 * Success: status `successStatus ?? 200`, JSON body, `cache-control: public,
 * max-age=<cacheSeconds>` for cacheable routes called without an Authorization
 * header, else `no-store`. With `VALIDATE_RESPONSES=true` (tests, local stack) the
 * body is checked against the route's response schema and a mismatch is a 500.
 * A route marked `idempotent` honours an `Idempotency-Key` header (`options.idempotency`).
 * `defineRoute` throws Error at module load when `routes` has no such operation, or
 * when the route is marked `idempotent` and `options` has no `idempotency`.
 */
export function routeDefiner<const Routes extends readonly RouteDefinition[]>(
  routes: Routes,
  options: RouteDefinerOptions = {},
) {
  return function defineRoute<Id extends Routes[number]['operationId']>(
    operationId: Id,
    impl: RouteImplementation<RouteOf<Routes, Id>>,
  ): RouteHandler<Id> {
    const route = routes.find((candidate) => candidate.operationId === operationId) as RouteOf<Routes, Id> | undefined;
    if (!route) throw new Error(`No route ${operationId} in the route table.`);
    return createRouteHandler(route, impl, options) as RouteHandler<Id>;
  };
}

interface ParsedRequest {
  path: unknown;
  query: unknown;
  body: unknown;
}

/** `Bearer <token>` (RFC 6750 §2.1: the scheme is case-insensitive; the token is b64token syntax). */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The caller named by the request's `Authorization` header: null without one, else
 * the verified portal token (spec §3 "Session and claims") whose session is still
 * open (`verifySessionToken`: its user's session epoch has not moved since it was
 * signed; issue 21 item 2, decision record 032). In AWS the JWT authorizer has
 * already checked protected routes' signatures; verifying again here is cheap (no
 * network, a remembered token skips RS256), the epoch costs at most one GetItem per
 * user per 30 s, and public routes with optional identity need both anyway.
 * @throws TokenError (401) for a header that is not `Bearer <token>`, a token that
 *   fails verification (`jwt expired` / `Invalid token.`), or one whose session has
 *   ended (`SessionEndedError`).
 */
export async function callerOf(event: APIGatewayProxyEventV2): Promise<Caller> {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  if (header === undefined) return null;
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new TokenError(false);
  const claims = await verifySessionToken(token);
  return {
    sub: claims.sub,
    principal: { roles: claims.roles, claims: claims.claims, subscriptions: claims.subscriptions },
    claims,
  };
}

/**
 * The handler of {@link routeDefiner} for a route definition given directly (tests use it for
 * routes the table does not have yet, e.g. one with a JSON body).
 */
export function createRouteHandler<R extends RouteDefinition>(
  route: R,
  impl: RouteImplementation<R>,
  options: RouteDefinerOptions = {},
): RouteHandler<R['operationId']> {
  const idempotency = route.idempotent ? options.idempotency : undefined;
  if (route.idempotent && !idempotency) {
    throw new Error(`Route ${route.operationId} is idempotent: its group's routeDefiner needs the idempotency option.`);
  }
  // The validated parts travel from the middleware to the handler keyed by the event
  // object itself, so nothing is written onto the event.
  const parsed = new WeakMap<APIGatewayProxyEventV2, ParsedRequest>();
  const callers = new WeakMap<APIGatewayProxyEventV2, Caller>();

  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(httpHeaderNormalizer())
    .use(accessGuard(route, callers))
    .use(requestValidator(route, parsed))
    .use(rateLimiter(route, callers, parsed))
    .use(errorRenderer())
    .handler(async (event, context) => {
      const input = parsed.get(event);
      if (!input || !callers.has(event)) throw new Error('Request was not validated.');
      const caller = callers.get(event) ?? null;
      const run = async () => {
        const body = await withinDeadline(
          impl({
            path: input.path,
            query: input.query,
            body: input.body,
            event,
            caller,
            requestId: requestIdOf(event, context),
          } as RouteRequest<R>),
          context,
        );
        if (validatesResponses()) {
          const check = route.response.safeParse(body);
          if (!check.success) {
            throw new Error(
              `Response of ${route.operationId} does not match its schema:\n${prettifyError(check.error)}`,
            );
          }
        }
        return jsonResponse(route.successStatus ?? 200, body, cacheControlOf(route, event));
      };
      if (!idempotency) return run();
      return idempotency({ route, event, context, callerSubject: callerSubjectOf(caller?.sub ?? null, event) }, run);
    });

  const routeHandler = (event: APIGatewayProxyEventV2, context: Context) => handler(event, context);
  return Object.assign(routeHandler, { operationId: route.operationId as R['operationId'], route });
}

/** Time kept back from the invocation's remaining time, ms: enough to render and return a 503 (issue 28 item 4). */
export const DEADLINE_MARGIN_MS = 1000;
/** `Retry-After` of the 503 of a request that ran out of time, seconds. */
export const DEADLINE_RETRY_AFTER_SECONDS = 5;
/** Message of that 503. */
export const DEADLINE_MESSAGE = 'The portal is busy. Try again in a few seconds.';

/**
 * `work`, or a 503 when the invocation's remaining time (`context.getRemainingTimeInMillis()`,
 * the Lambda's timeout on AWS, API Gateway's 30 s locally) runs down to
 * {@link DEADLINE_MARGIN_MS} first (issue 28 item 4; decision record 085): a request
 * stuck behind an overloaded database answers "busy, retry" itself rather than let the
 * function time out into API Gateway's bare 5xx. What `work` still does is not awaited;
 * a write it completes is one a retry with its idempotency key finds done.
 * @throws ServiceUnavailableError ({@link DEADLINE_MESSAGE}, `Retry-After`
 *   {@link DEADLINE_RETRY_AFTER_SECONDS}) at the deadline; whatever `work` throws before.
 */
async function withinDeadline<T>(work: Promise<T>, context: Context | undefined): Promise<T> {
  const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : NaN;
  if (!Number.isFinite(remaining)) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ServiceUnavailableError(DEADLINE_MESSAGE, { retryAfterSeconds: DEADLINE_RETRY_AFTER_SECONDS })),
      Math.max(0, remaining - DEADLINE_MARGIN_MS),
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function cacheControlOf(route: RouteDefinition, event: APIGatewayProxyEventV2): string {
  if (route.cacheSeconds === undefined || event.headers?.authorization !== undefined) return 'no-store';
  return `public, max-age=${route.cacheSeconds}`;
}

function requestIdOf(event: APIGatewayProxyEventV2, context: Context | undefined): string {
  return event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
}

/**
 * Verifies the caller and applies the route's access rule (`decideAccess`, spec §6):
 * `unauthenticated` is a 401 "Sign in to continue.", `forbidden` a 403 "Forbidden".
 * Runs before request validation, so a caller who may not call a route learns
 * nothing about its parameters.
 */
function accessGuard(
  route: RouteDefinition,
  callers: WeakMap<APIGatewayProxyEventV2, Caller>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: async ({ event }) => {
      const caller = await callerOf(event);
      const decision = decideAccess(caller?.principal ?? null, route.access);
      if (decision === 'unauthenticated') throw new UnauthorizedError(SIGN_IN_MESSAGE);
      if (decision === 'forbidden') throw new ForbiddenError(FORBIDDEN_MESSAGE);
      callers.set(event, caller);
    },
  };
}

function requestValidator(
  route: RouteDefinition,
  parsed: WeakMap<APIGatewayProxyEventV2, ParsedRequest>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: (request) => {
      const { event } = request;
      const malformed: FieldError[] = [];
      const pathInput = decodePathParameters(event.pathParameters, malformed);
      const pathErrors: FieldError[] = [];
      const path = validatePart('path', route.request.path, pathInput, pathErrors);
      // A parameter that could not be decoded is reported once, as such, not again by its schema.
      const reported = new Set(malformed.map((error) => error.path));
      const errors = [...malformed, ...pathErrors.filter((error) => !reported.has(error.path))];
      const query = validatePart('query', route.request.query, { ...event.queryStringParameters }, errors);
      if (route.idempotent) checkIdempotencyKey(event, errors);
      let body: unknown;
      if (route.request.body) {
        checkBodySize(route, event);
        const json = readJsonBody(event);
        if (json.ok) body = validatePart('body', route.request.body, json.value, errors);
        else errors.push({ path: 'body', message: 'Must be valid JSON.' });
      }
      if (errors.length > 0) throw new ValidationError(errors);
      parsed.set(event, { path, query, body });
    },
  };
}

/** An idempotency key: 1–255 printable ASCII characters (a UUID, say), not only spaces. */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/** Message of the 400 for a malformed `Idempotency-Key` header. */
export const IDEMPOTENCY_KEY_MESSAGE = 'Must be 1 to 255 printable ASCII characters, such as a UUID.';

/**
 * Adds a field error for an `Idempotency-Key` header that is present but not 1–255
 * printable ASCII characters (decision record 084); an absent header is fine.
 */
function checkIdempotencyKey(event: APIGatewayProxyEventV2, errors: FieldError[]): void {
  const key = event.headers?.['idempotency-key'];
  if (key === undefined) return;
  if (!IDEMPOTENCY_KEY.test(key) || key.trim() === '') {
    errors.push({ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message: IDEMPOTENCY_KEY_MESSAGE });
  }
}

/**
 * API Gateway HTTP APIs may hand path parameters over decoded or still encoded
 * (a greedy `{x+}` keeps `%2F`), so each value is decoded once, and only when it
 * holds an escape: a value without `%` is already plain text.
 */
function decodePathParameters(
  parameters: APIGatewayProxyEventV2['pathParameters'],
  errors: FieldError[],
): Record<string, string | undefined> {
  const decoded: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(parameters ?? {})) {
    if (value === undefined || !value.includes('%')) {
      decoded[name] = value;
      continue;
    }
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      errors.push({ path: `path.${name}`, message: 'Is not correctly URL-encoded.' });
    }
  }
  return decoded;
}

/**
 * Refuses a body larger than the route's `maxBodyBytes` (counted in bytes once
 * decoded) before it is parsed.
 * @throws PayloadTooLargeError (413).
 */
function checkBodySize(route: RouteDefinition, event: APIGatewayProxyEventV2): void {
  if (route.maxBodyBytes === undefined || !event.body) return;
  const bytes = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').byteLength
    : Buffer.byteLength(event.body, 'utf8');
  if (bytes > route.maxBodyBytes) {
    throw new PayloadTooLargeError(`The request body must be at most ${route.maxBodyBytes} bytes.`);
  }
}

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * The request's JSON body (`undefined` when there is none), or `ok: false` when it is
 * not well-formed JSON.
 * @throws UnsupportedMediaTypeError for a body sent as anything but JSON.
 */
function readJsonBody(event: APIGatewayProxyEventV2): { ok: true; value: unknown } | { ok: false } {
  if (event.body === undefined || event.body === '') return { ok: true, value: undefined };
  const contentType = event.headers?.['content-type'] ?? '';
  if (!JSON_MEDIA_TYPE.test(contentType)) throw new UnsupportedMediaTypeError('Content type must be application/json.');
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function validatePart(prefix: string, schema: z.ZodType | undefined, input: unknown, errors: FieldError[]): unknown {
  if (!schema) return {};
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  errors.push(...fieldErrors(prefix, result.error));
  return undefined;
}

/** Zod issues as dotted field errors; a missing value reads "Is required." rather than a type complaint. */
function fieldErrors(prefix: string, error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'Is required.' : issue.message,
  }));
}

/**
 * The route's rate limit (`rateLimitOf`, issue 21 item 4), per caller and per
 * target, once access and validation have passed; routes without one pass through.
 */
function rateLimiter(
  route: RouteDefinition,
  callers: WeakMap<APIGatewayProxyEventV2, Caller>,
  parsed: WeakMap<APIGatewayProxyEventV2, ParsedRequest>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  const limit = rateLimitOf(route.operationId);
  return {
    before: async ({ event }) => {
      if (!limit) return;
      const parts = parsed.get(event) ?? { path: undefined, body: undefined };
      await enforceRateLimit(route.operationId, limit, {
        caller: callerSubjectOf(callers.get(event)?.sub ?? null, event),
        target: limit.target ? targetOf(limit.target.of, parts) : null,
      });
    },
  };
}

function errorRenderer(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    onError: (request) => {
      request.response = renderError(request.error, requestIdOf(request.event, request.context));
    },
  };
}
