import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteAccess } from '#shared/capabilities';
import { IdOrAlias } from '#shared/contracts/common';
import type { RouteDefinition } from '#shared/routes';
import { listContent } from '../api/content/list-content.ts';
import { jsonBody, loadEvent, withHeaders, withQuery } from '../test-support/events.ts';
import { lambdaContext } from '../test-support/stack.ts';
import { signPortalToken } from './auth/portal-tokens.ts';
import { getSigningKey } from './auth/signing-key.ts';
import {
  editorTokenInput,
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
  TEST_USER_ID,
} from './auth/test-support.ts';
import { NotFoundError } from './errors.ts';
import {
  type Caller,
  createRouteHandler,
  DEADLINE_MARGIN_MS,
  DEADLINE_MESSAGE,
  DEADLINE_RETRY_AFTER_SECONDS,
} from './handler.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

const context = lambdaContext();

function postEvent(overrides: Partial<APIGatewayProxyEventV2>): APIGatewayProxyEventV2 {
  const base = loadEvent('content/get-content');
  return {
    ...base,
    routeKey: 'POST /api/v1/test/{idOrAlias+}',
    pathParameters: { idOrAlias: 'seed-labs' },
    headers: { ...base.headers, 'content-type': 'application/json' },
    body: '{"name":"Lab"}',
    ...overrides,
  };
}

const echoRoute = {
  operationId: 'echoTest',
  method: 'POST',
  path: '/api/v1/test/{idOrAlias+}',
  group: 'meta',
  access: 'public',
  summary: 'Echoes what the factory parsed.',
  request: {
    path: z.object({ idOrAlias: IdOrAlias }),
    query: z.object({ limit: z.coerce.number().int().max(5, 'Must be at most 5.').default(5) }),
    body: z.object({ name: z.string().min(1, 'Is required.') }),
  },
  response: z.object({ idOrAlias: z.string(), limit: z.number(), name: z.string(), callerIsNull: z.boolean() }),
  successStatus: 201,
} as const satisfies RouteDefinition;

const echo = createRouteHandler(echoRoute, async ({ path, query, body, caller }) => ({
  idOrAlias: path.idOrAlias,
  limit: query.limit,
  name: body.name,
  callerIsNull: caller === (null as Caller),
}));

const tokenEnv = portalTokenTestEnv();

beforeAll(() => {
  resetPortalTokenCaches();
});

beforeEach(() => {
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  for (const [name, value] of Object.entries(tokenEnv)) vi.stubEnv(name, value);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('query validation', () => {
  it('answers a limit over 300 with 400 and the field message', async () => {
    // Prepare
    const event = withQuery(loadEvent('content/list-content'), { limit: '301' });
    // Act
    const result = await listContent(event, context);
    // Assess
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result)).toEqual({
      statusCode: 400,
      message: 'Invalid request.',
      errors: [{ path: 'query.limit', message: 'Must be at most 300.' }],
    });
  });

  it('lists every invalid field in one answer', async () => {
    const event = withQuery(loadEvent('content/list-content'), { limit: 'ten', condense: 'maybe' });
    const result = await listContent(event, context);
    expect(result.statusCode).toBe(400);
    const { errors } = jsonBody<{ errors: { path: string }[] }>(result);
    expect(errors.map((error) => error.path).sort()).toEqual(['query.condense', 'query.limit']);
  });

  it('keeps a repeated parameter as the comma-joined string API Gateway delivers', async () => {
    const event = { ...postEvent({}), queryStringParameters: { limit: '2,3' } };
    const result = await echo(event, context);
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'query.limit', message: expect.any(String) }]);
  });
});

describe('path parameters', () => {
  it('decodes an encoded value once and lower-cases it', async () => {
    const result = await echo(postEvent({ pathParameters: { idOrAlias: 'SEED-Labs%2FWeb%2520Security' } }), context);
    expect(result.statusCode).toBe(201);
    // %2520 is an encoded "%20": decoding once leaves "%20", never a space.
    expect(jsonBody(result).idOrAlias).toBe('seed-labs/web%20security');
  });

  it('takes a value that arrives decoded as it is', async () => {
    const result = await echo(postEvent({ pathParameters: { idOrAlias: 'seed-labs/web' } }), context);
    expect(jsonBody(result).idOrAlias).toBe('seed-labs/web');
  });

  it('answers a malformed escape with 400, not 500', async () => {
    const result = await echo(postEvent({ pathParameters: { idOrAlias: 'seed-labs%E0%A4%A' } }), context);
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'path.idOrAlias', message: 'Is not correctly URL-encoded.' }]);
  });
});

describe('JSON body', () => {
  it('parses the body and answers with the route success status', async () => {
    const result = await echo(postEvent({}), context);
    expect(result.statusCode).toBe(201);
    expect(jsonBody(result)).toEqual({ idOrAlias: 'seed-labs', limit: 5, name: 'Lab', callerIsNull: true });
  });

  it('reads a base64-encoded body', async () => {
    const body = Buffer.from('{"name":"Encoded"}').toString('base64');
    const result = await echo(postEvent({ body, isBase64Encoded: true }), context);
    expect(jsonBody(result).name).toBe('Encoded');
  });

  it('answers a body that is not JSON with 415', async () => {
    const event = postEvent({});
    const result = await echo({ ...event, headers: { ...event.headers, 'content-type': 'text/plain' } }, context);
    expect(result.statusCode).toBe(415);
    expect(jsonBody(result)).toEqual({ statusCode: 415, message: 'Content type must be application/json.' });
  });

  it('answers malformed JSON with 400 at body', async () => {
    const result = await echo(postEvent({ body: '{"name":' }), context);
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'body', message: 'Must be valid JSON.' }]);
  });

  it('names the body field that fails its schema, and a missing one as required', async () => {
    const result = await echo(postEvent({ body: '{"name":""}' }), context);
    expect(jsonBody(result).errors).toEqual([{ path: 'body.name', message: 'Is required.' }]);
    const missing = await echo(postEvent({ body: '{}' }), context);
    expect(jsonBody(missing).errors).toEqual([{ path: 'body.name', message: 'Is required.' }]);
  });

  it('matches the JSON content type with any header case', async () => {
    const event = postEvent({});
    const { 'content-type': _dropped, ...headers } = event.headers;
    const result = await echo(
      { ...event, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } },
      context,
    );
    expect(result.statusCode).toBe(201);
  });
});

describe('errors and responses', () => {
  const plainRoute = { ...echoRoute, request: {}, response: z.object({ ok: z.boolean() }), successStatus: 200 };

  it('answers a thrown plain Error with a 500 that leaks nothing, and logs it with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = createRouteHandler(plainRoute, async () => {
      throw new Error('secret table arn:aws:dynamodb:us-east-1:123:table/portal');
    });
    const result = await failing(postEvent({}), context);
    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('{"statusCode":500,"message":"Internal server error."}');
    expect(result.body).not.toContain('secret');
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({ requestId: 'GcB2bIrBIAMEcMx=' });
  });

  it('renders a domain error with its status', async () => {
    const missing = createRouteHandler(plainRoute, async () => {
      throw new NotFoundError('Content does not exist.');
    });
    const result = await missing(postEvent({}), context);
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result)).toEqual({ statusCode: 404, message: 'Content does not exist.' });
  });

  it('turns a response that breaks its schema into a 500 when responses are validated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const wrong = createRouteHandler(plainRoute, async () => ({ ok: 'yes' }) as unknown as { ok: boolean });
    expect((await wrong(postEvent({}), context)).statusCode).toBe(500);
    vi.stubEnv('VALIDATE_RESPONSES', 'false');
    expect((await wrong(postEvent({}), context)).statusCode).toBe(200);
  });

  it('serialises JSON with charset and no-store for a route without cacheSeconds', async () => {
    const ok = createRouteHandler(plainRoute, async () => ({ ok: true }));
    const result = await ok(postEvent({}), context);
    expect(result.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  });

  it('lets a cacheable route be cached only when no Authorization header is sent', async () => {
    const cached = createRouteHandler({ ...plainRoute, cacheSeconds: 300 }, async () => ({ ok: true }));
    const anonymous = await cached(postEvent({}), context);
    expect(anonymous.headers?.['cache-control']).toBe('public, max-age=300');
    const token = await signPortalToken(studentTokenInput());
    const signedIn = await cached(withHeaders(postEvent({}), { Authorization: `Bearer ${token}` }), context);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers?.['cache-control']).toBe('no-store');
    const refused = await cached(withHeaders(postEvent({}), { Authorization: 'Bearer x.y.z' }), context);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers?.['cache-control']).toBe('no-store');
  });
});

describe('the request deadline (issue 28 item 4)', () => {
  const plainRoute = { ...echoRoute, request: {}, response: z.object({ ok: z.boolean() }), successStatus: 200 };
  const withRemaining = (ms: number) => ({ ...context, getRemainingTimeInMillis: () => ms });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 503 with Retry-After when the database keeps a request past the remaining time less the margin', async () => {
    vi.useFakeTimers();
    // A read that waits on a database that never answers.
    const stuck = createRouteHandler(plainRoute, () => new Promise<{ ok: boolean }>(() => undefined));
    let result: Awaited<ReturnType<typeof stuck>> | undefined;
    void stuck(postEvent({}), withRemaining(3000)).then((answer) => {
      result = answer;
    });
    await vi.advanceTimersByTimeAsync(3000 - DEADLINE_MARGIN_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result?.statusCode).toBe(503);
    expect(result?.headers?.['retry-after']).toBe(String(DEADLINE_RETRY_AFTER_SECONDS));
    expect(jsonBody(result as NonNullable<typeof result>)).toEqual({ statusCode: 503, message: DEADLINE_MESSAGE });
  });

  it('answers as usual, leaving no timer behind, when the work ends before the deadline', async () => {
    vi.useFakeTimers();
    const quick = createRouteHandler(plainRoute, async () => ({ ok: true }));
    expect((await quick(postEvent({}), withRemaining(3000))).statusCode).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
    const failing = createRouteHandler(plainRoute, async () => {
      throw new NotFoundError('Content does not exist.');
    });
    expect((await failing(postEvent({}), withRemaining(3000))).statusCode).toBe(404);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the caller and the route access rule (spec §6)', () => {
  const callerRoute = {
    ...echoRoute,
    operationId: 'whoAmITest',
    method: 'GET',
    request: {},
    response: z.object({ sub: z.string().nullable(), displayName: z.string().nullable(), roles: z.array(z.string()) }),
    successStatus: 200,
  } as const satisfies RouteDefinition;
  let calls = 0;
  const whoAmI = (access: RouteAccess) =>
    createRouteHandler({ ...callerRoute, access }, async ({ caller }) => {
      calls += 1;
      return {
        sub: caller?.sub ?? null,
        displayName: caller?.claims.displayName ?? null,
        roles: [...(caller?.principal.roles ?? [])],
      };
    });
  const publicRoute = whoAmI('public');
  const signedInRoute = whoAmI('authenticated');
  const editorRoute = whoAmI('updateContent');

  const withToken = (token: string, scheme = 'Bearer') =>
    withHeaders(postEvent({ body: '' }), { Authorization: `${scheme} ${token}` });

  function payloadOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  }

  /** The genuine student token's claims with `changes`, signed by the portal key or a foreign one. */
  async function resigned(changes: Record<string, unknown>, foreignKey = false) {
    const payload = { ...payloadOf(await signPortalToken(studentTokenInput())), ...changes };
    const own = await getSigningKey();
    const key = foreignKey ? (await generateKeyPair('RS256')).privateKey : own.privateKey;
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: own.kid }).sign(key);
  }

  async function expect401(result: Awaited<ReturnType<typeof publicRoute>>, message = 'Invalid token.') {
    expect(result.statusCode).toBe(401);
    expect(jsonBody(result)).toEqual({ statusCode: 401, message });
    expect(result.headers?.['www-authenticate']).toMatch(/^Bearer/);
    expect(calls).toBe(0);
  }

  beforeEach(() => {
    calls = 0;
  });

  it('hands the verified caller to the route (the control)', async () => {
    const result = await signedInRoute(withToken(await signPortalToken(studentTokenInput())), context);
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({ sub: TEST_USER_ID, displayName: 'Test Student', roles: ['USER'] });
  });

  it('accepts the bearer scheme in any case', async () => {
    const token = await signPortalToken(studentTokenInput());
    expect((await signedInRoute(withToken(token, 'bearer'), context)).statusCode).toBe(200);
    expect((await signedInRoute(withToken(token, 'BEARER'), context)).statusCode).toBe(200);
  });

  it('lets a visitor call a public route with a null caller', async () => {
    const result = await publicRoute(postEvent({ body: '' }), context);
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result).sub).toBeNull();
  });

  it('knows the caller of a public route when a token is sent', async () => {
    const result = await publicRoute(withToken(await signPortalToken(studentTokenInput())), context);
    expect(jsonBody(result).sub).toBe(TEST_USER_ID);
  });

  it('answers a visitor on a protected route with 401 "Sign in to continue." and WWW-Authenticate', async () => {
    await expect401(await signedInRoute(postEvent({ body: '' }), context), 'Sign in to continue.');
  });

  it('answers an Authorization header that is not a bearer token with 401, even on a public route', async () => {
    const token = await signPortalToken(studentTokenInput());
    for (const header of ['Basic dXNlcjpwYXNz', `Bearer`, `Bearer ${token} extra`, token, '']) {
      await expect401(await publicRoute(withHeaders(postEvent({ body: '' }), { Authorization: header }), context));
    }
  });

  it('refuses alg: none', async () => {
    const [, payload] = (await signPortalToken(studentTokenInput())).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect401(await signedInRoute(withToken(`${header}.${payload}.`), context));
  });

  it('refuses a token signed by another key', async () => {
    await expect401(await signedInRoute(withToken(await resigned({}, true)), context));
  });

  it('refuses an expired token with "jwt expired"', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expect401(
      await signedInRoute(withToken(await resigned({ iat: past - 3600, exp: past })), context),
      'jwt expired',
    );
  });

  it('refuses a wrong issuer', async () => {
    await expect401(
      await signedInRoute(withToken(await resigned({ iss: 'https://attacker.example/api/v1/auth' })), context),
    );
  });

  it('refuses a wrong audience', async () => {
    await expect401(await signedInRoute(withToken(await resigned({ aud: 'some-other-app' })), context));
  });

  it('refuses a tampered payload that keeps the signature', async () => {
    const [header, payload, signature] = (await signPortalToken(studentTokenInput())).split('.');
    const claims = payloadOf(`.${payload}`);
    claims.claims = [{ type: 'api', value: 'patch_v1_content' }];
    const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
    await expect401(await editorRoute(withToken(`${header}.${forged}.${signature}`), context));
  });

  it('answers a genuine token without the USER role with 401 "Sign in to continue."', async () => {
    const token = await signPortalToken(studentTokenInput({ roles: [] }));
    await expect401(await signedInRoute(withToken(token), context), 'Sign in to continue.');
  });

  it('answers a capability route without the capability with 403 "Forbidden"', async () => {
    const result = await editorRoute(withToken(await signPortalToken(studentTokenInput())), context);
    expect(result.statusCode).toBe(403);
    expect(jsonBody(result)).toEqual({ statusCode: 403, message: 'Forbidden' });
    expect(calls).toBe(0);
  });

  it('runs a capability route for a caller who has the capability', async () => {
    const result = await editorRoute(withToken(await signPortalToken(editorTokenInput())), context);
    expect(result.statusCode).toBe(200);
    expect(calls).toBe(1);
  });

  it('checks access before the request is validated', async () => {
    const strict = createRouteHandler({ ...echoRoute, access: 'authenticated' }, async () => {
      calls += 1;
      return { idOrAlias: '', limit: 0, name: '', callerIsNull: true };
    });
    await expect401(await strict(postEvent({ body: '{' }), context), 'Sign in to continue.');
  });
});
