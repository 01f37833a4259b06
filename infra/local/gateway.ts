import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  APIGatewayEventRequestContextJWTAuthorizer,
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import FindMyWay from 'find-my-way';
import type { ClientGroup } from '#shared/enums';
import { ROUTES, type RouteDefinition, routeKey } from '#shared/routes';
import type { AdmissionControl, Refusal } from './admission.ts';

/**
 * The local HTTP API gateway (ARCHITECTURE.md "Same code, two homes"): matches
 * `/api/…` requests against the route table like an API Gateway HTTP API (the path
 * is URL-decoded before matching, so `%2F` in a greedy parameter works), builds a
 * payload format 2.0 event, calls the handler of the route's client group (imported
 * lazily, once) and writes its result back. API Gateway's own answers are copied:
 * 404 `{"message":"Not Found"}`, 413 over 10 MB, 500 `{"message":"Internal Server
 * Error"}` when the handler throws, 401 `{"message":"Unauthorized"}` from the authorizer.
 * With an admission control (`admission.ts`, decision record 085) it throttles like the
 * stage (429 `{"message":"Too Many Requests"}`) and sheds what a group's concurrency
 * cannot take in time (503 `{"message":"Service Unavailable"}`), both with `Retry-After`.
 */

/** A client group's Lambda handler (`functions/src/api/<group>/index.ts`). */
export type GroupHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** Finds the handler of a client group; the default imports its module from `functions/src/api`. */
export type LoadGroupHandler = (group: ClientGroup) => Promise<GroupHandler>;

/**
 * The JWT authorizer seam. Called for every route whose access is not `public`,
 * with the event about to be sent; returns what API Gateway's JWT authorizer puts
 * in `requestContext.authorizer`, or null (or throws {@link AuthorizerRejection})
 * for a 401. Without one, such routes answer 401; `startPortal` supplies
 * `jwt-authorizer.ts`.
 */
export type Authorizer = (
  event: APIGatewayProxyEventV2,
  route: RouteDefinition,
) => Promise<APIGatewayEventRequestContextJWTAuthorizer | null>;

export interface GatewayOptions {
  routes?: readonly RouteDefinition[];
  loadHandler?: LoadGroupHandler;
  authorize?: Authorizer;
  /** Error lines (a handler that throws, a module that fails to load); silent by default. */
  log?: (line: string) => void;
  /**
   * Stage throttling and per-group concurrency (`createAdmissionControl`): the bucket is
   * asked once a route matched, a group slot once the request is read and authorized,
   * held until the handler returned. @default none: every request runs at once
   */
  admission?: AdmissionControl | null;
}

export interface Gateway {
  /** Answers one request whose path starts with `/api/`. Never rejects. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** The payload limit of an API Gateway HTTP API: 10 MB. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway's integration timeout; what `context.getRemainingTimeInMillis()` counts down from. */
const TIMEOUT_MS = 30_000;
const ACCOUNT_ID = '000000000000';
const API_ID = 'local';

/** Where the client groups' Lambda modules live: `functions/src/api/<group>/index.ts`. */
export const FUNCTIONS_API_DIR = path.resolve(import.meta.dirname, '../../functions/src/api');

/** A loader that imports `<directory>/<group>/index.ts` and returns its `handler`. */
export function importGroupHandlerFrom(directory: string): LoadGroupHandler {
  return async (group) => {
    const file = path.join(directory, group, 'index.ts');
    const module = (await import(pathToFileURL(file).href)) as { handler?: unknown };
    if (typeof module.handler !== 'function') throw new Error(`${file} exports no handler function`);
    return module.handler as GroupHandler;
  };
}

/** Thrown by an {@link Authorizer}: a 401 `{"message":"Unauthorized"}` with this `www-authenticate` value. */
export class AuthorizerRejection extends Error {
  override name = 'AuthorizerRejection';
  constructor(readonly wwwAuthenticate: string) {
    super('Unauthorized');
  }
}

class GatewayResponseError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function createGateway(options: GatewayOptions = {}): Gateway {
  const log = options.log ?? (() => undefined);
  const admission = options.admission ?? null;
  const loadHandler = options.loadHandler ?? importGroupHandlerFrom(FUNCTIONS_API_DIR);
  const handlers = new Map<ClientGroup, Promise<GroupHandler>>();
  const handlerOf = (group: ClientGroup) => {
    let handler = handlers.get(group);
    if (!handler) {
      handler = loadHandler(group);
      handlers.set(group, handler);
      // A module that failed to load is tried again on the next request.
      handler.catch(() => handlers.delete(group));
    }
    return handler;
  };

  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false });
  for (const route of options.routes ?? ROUTES) {
    router.on(route.method, toFindMyWayPath(route.path), () => undefined, { route });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = apiGatewayRequestId();
    res.setHeader('apigw-requestid', requestId);
    try {
      const url = req.url ?? '/';
      const queryStart = url.indexOf('?');
      const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
      const rawQueryString = queryStart === -1 ? '' : url.slice(queryStart + 1);
      let decodedPath: string;
      try {
        decodedPath = decodeURIComponent(rawPath);
      } catch {
        throw new GatewayResponseError(400, 'Bad Request');
      }

      // find-my-way decodes again: keep what decoding produced literal.
      const match = router.find(
        (req.method ?? 'GET') as 'GET',
        decodedPath.replace(/[%?#]/g, (c) => encodeURIComponent(c)),
      );
      const route = (match?.store as { route?: RouteDefinition } | undefined)?.route;
      if (!match || !route) throw new GatewayResponseError(404, 'Not Found');
      const pathParameters = routeParameters(route.path, match.params);
      if (Object.values(pathParameters).some((value) => value === '')) throw new GatewayResponseError(404, 'Not Found');
      const throttled = admission?.throttle();
      if (throttled) {
        req.resume();
        throw refusalError(throttled);
      }

      const body = await readBody(req);
      const key = routeKey(route);
      const now = new Date();
      const headers = eventHeaders(req);
      const event: APIGatewayProxyEventV2 = {
        version: '2.0',
        routeKey: key,
        rawPath,
        rawQueryString,
        ...(req.headers.cookie ? { cookies: req.headers.cookie.split(';').map((c) => c.trim()) } : {}),
        headers,
        ...(rawQueryString ? { queryStringParameters: queryParameters(rawQueryString) } : {}),
        requestContext: {
          accountId: ACCOUNT_ID,
          apiId: API_ID,
          domainName: headers.host ?? 'localhost',
          domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
          http: {
            method: req.method ?? 'GET',
            path: decodedPath,
            protocol: `HTTP/${req.httpVersion}`,
            sourceIp: sourceIp(req),
            userAgent: headers['user-agent'] ?? '',
          },
          requestId,
          routeKey: key,
          stage: '$default',
          time: apiGatewayTime(now),
          timeEpoch: now.getTime(),
        },
        ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
        ...(body.length > 0 ? encodeBody(body, headers['content-type']) : { isBase64Encoded: false }),
      };

      if (route.access !== 'public') {
        let authorizer: APIGatewayEventRequestContextJWTAuthorizer | null = null;
        let challenge = 'Bearer';
        try {
          authorizer = options.authorize ? await options.authorize(event, route) : null;
        } catch (error) {
          if (!(error instanceof AuthorizerRejection)) throw error;
          challenge = error.wwwAuthenticate;
        }
        if (!authorizer) throw new GatewayResponseError(401, 'Unauthorized', { 'www-authenticate': challenge });
        Object.assign(event.requestContext, { authorizer });
      }

      const slot = admission ? await admission.acquire(route.group) : null;
      if (slot && !slot.admitted) throw refusalError(slot);
      let result: APIGatewayProxyResultV2;
      try {
        const handler = await handlerOf(route.group);
        result = await handler(event, lambdaContext(route.group, now.getTime()));
      } catch (error) {
        log(`${key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        throw new GatewayResponseError(500, 'Internal Server Error');
      } finally {
        slot?.release();
      }
      writeResult(res, result);
    } catch (error) {
      if (error instanceof GatewayResponseError) {
        writeResult(res, {
          statusCode: error.statusCode,
          headers: { 'content-type': 'application/json', ...error.headers },
          body: JSON.stringify({ message: error.message }),
        });
      } else {
        log(`gateway error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (!res.headersSent) writeResult(res, { statusCode: 500, body: '{"message":"Internal Server Error"}' });
        else res.destroy();
      }
    }
  }

  return { handle };
}

/** A refusal of the admission control as API Gateway would answer it, plus `Retry-After`. */
function refusalError(refusal: Refusal): GatewayResponseError {
  return new GatewayResponseError(refusal.statusCode, refusal.message, {
    'retry-after': String(refusal.retryAfterSeconds),
  });
}

/** `/a/{id}/{rest+}` → `/a/:id/*` */
function toFindMyWayPath(apiGatewayPath: string): string {
  return apiGatewayPath.replace(/\{([^}+]+)\+\}$/, '*').replace(/\{([^}]+)\}/g, ':$1');
}

/** The matched values under the route's own parameter names (`*` is the greedy one). */
function routeParameters(apiGatewayPath: string, params: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [, name, greedy] of apiGatewayPath.matchAll(/\{([^}+]+)(\+?)\}/g)) {
    if (name) result[name] = (greedy ? params['*'] : params[name]) ?? '';
  }
  return result;
}

/** Repeated parameters are joined with commas, as API Gateway does. */
function queryParameters(rawQueryString: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    result[name] = name in result ? `${result[name]},${value}` : value;
  }
  return result;
}

/** Lower-cased, repeated headers joined with commas; cookies travel in `cookies`, not here. */
function eventHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (name === 'cookie' || !values) continue;
    headers[name] = values.join(',');
  }
  const address = sourceIp(req);
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${address}` : address;
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-amzn-trace-id'] ??=
    `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
  return headers;
}

function sourceIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

const TEXT_TYPES = [
  /^text\//,
  /[/+]json\b/,
  /[/+]xml\b/,
  /^application\/javascript\b/,
  /^application\/x-www-form-urlencoded\b/,
];

/** Text bodies as text, anything else (or no content type) base64-encoded, like API Gateway. */
function encodeBody(body: Buffer, contentType: string | undefined): { body: string; isBase64Encoded: boolean } {
  const type = (contentType ?? '').toLowerCase();
  if (type && TEXT_TYPES.some((pattern) => pattern.test(type))) {
    return { body: body.toString('utf8'), isBase64Encoded: false };
  }
  return { body: body.toString('base64'), isBase64Encoded: true };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    throw new GatewayResponseError(413, 'Request Entity Too Large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw new GatewayResponseError(413, 'Request Entity Too Large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  // A result without statusCode is "inferred" by API Gateway: 200, the value as JSON.
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? result
      : {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: typeof result === 'string' ? result : JSON.stringify(result),
        };
  const body =
    structured.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  for (const [name, value] of Object.entries(structured.headers ?? {})) res.setHeader(name, String(value));
  if (structured.cookies?.length) res.setHeader('set-cookie', structured.cookies);
  res.setHeader('content-length', body.length);
  res.statusCode = structured.statusCode ?? 200;
  res.end(body);
}

function lambdaContext(group: ClientGroup, startedAt: number): Context {
  const functionName = `portal-${group}`;
  const unsupported = () => {
    throw new Error('Lambda context callbacks are not supported; return a result instead');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:${ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, startedAt + TIMEOUT_MS - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** An id shaped like API Gateway's (`Xyz12abcIAMEb1A=`). */
function apiGatewayRequestId(): string {
  return randomBytes(10).toString('base64');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12/Mar/2020:19:03:58 +0000`, API Gateway's `requestContext.time`. */
function apiGatewayTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}
