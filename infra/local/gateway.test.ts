import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ROUTES, type RouteDefinition } from '#shared/routes';
import { startEmulators } from './emulators.ts';
import { createGateway, FUNCTIONS_API_DIR, type GatewayOptions, importGroupHandlerFrom } from './gateway.ts';
import { closeServer, listen, loopbackUrl } from './net.ts';

const fixtureApi = path.join(import.meta.dirname, 'fixtures', 'api');

/** The real routes, plus two test routes of the fixture's group: a body-taking one and a protected one. */
const routes: RouteDefinition[] = [
  ...ROUTES,
  {
    operationId: 'echoUpload',
    method: 'POST',
    path: '/api/v1/content-uploads/{id}',
    group: 'content',
    access: 'public',
    summary: 'test route',
    request: {},
    response: z.unknown(),
  },
  {
    operationId: 'echoProtected',
    method: 'GET',
    path: '/api/v1/content-protected',
    group: 'content',
    access: 'updateContent',
    summary: 'test route',
    request: {},
    response: z.unknown(),
  },
];

async function serve(options: GatewayOptions): Promise<{ url: string; server: Server }> {
  const gateway = createGateway(options);
  const server = createServer((req, res) => void gateway.handle(req, res));
  return { url: loopbackUrl(await listen(server, 0, '127.0.0.1')), server };
}

describe('the local gateway', () => {
  const lines: string[] = [];
  const load = vi.fn(importGroupHandlerFrom(fixtureApi));
  let url: string;
  let server: Server;

  beforeAll(async () => {
    ({ url, server } = await serve({ routes, loadHandler: load, log: (line) => lines.push(line) }));
  });
  afterAll(() => closeServer(server));

  const eventOf = async (response: Response) => (await response.json()) as APIGatewayProxyEventV2;

  it('matches a greedy route whose parameter carries encoded slashes, like API Gateway', async () => {
    const response = await fetch(`${url}/api/v1/content/nebraska-gencyber%2F2024%2Fintro`);
    const event = await eventOf(response);

    expect(response.status).toBe(200);
    expect(event.routeKey).toBe('GET /api/v1/content/{idOrAlias+}');
    expect(event.pathParameters).toEqual({ idOrAlias: 'nebraska-gencyber/2024/intro' });
    expect(event.rawPath).toBe('/api/v1/content/nebraska-gencyber%2F2024%2Fintro');
    expect(event.requestContext.http.path).toBe('/api/v1/content/nebraska-gencyber/2024/intro');
  });

  it('decodes a parameter exactly once', async () => {
    const event = await eventOf(await fetch(`${url}/api/v1/content/100%2525%20sure%3F`));

    expect(event.pathParameters).toEqual({ idOrAlias: '100%25 sure?' });
  });

  it('matches one-segment parameters and leaves an encoded slash out of them', async () => {
    const one = await fetch(`${url}/api/v1/knowledge/ksa/K0001`);
    const split = await fetch(`${url}/api/v1/content-children/a%2Fb`);

    expect((await eventOf(one)).pathParameters).toEqual({ type: 'ksa', id: 'K0001' });
    expect(split.status).toBe(404);
  });

  it('answers 404 Not Found for an unknown path or method, as API Gateway', async () => {
    const unknown = await fetch(`${url}/api/v1/nothing-here`);
    const wrongMethod = await fetch(`${url}/api/v1/content`, { method: 'DELETE' });

    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect(unknown.headers.get('content-type')).toBe('application/json');
    expect(wrongMethod.status).toBe(404);
  });

  it('builds a version 2.0 event: query joined by commas, lower-cased headers, cookies apart', async () => {
    const sent = Date.now();
    const response = await fetch(`${url}/api/v1/content?tag=a&tag=b&text=x%20y&pageSize=10`, {
      headers: { 'X-Custom-Header': 'Value', Cookie: 'session=abc; theme=dark' },
    });
    const event = await eventOf(response);
    const answered = Date.now();

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/v1/content',
      rawPath: '/api/v1/content',
      rawQueryString: 'tag=a&tag=b&text=x%20y&pageSize=10',
      queryStringParameters: { tag: 'a,b', text: 'x y', pageSize: '10' },
      cookies: ['session=abc', 'theme=dark'],
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        routeKey: 'GET /api/v1/content',
        stage: '$default',
        http: { method: 'GET', path: '/api/v1/content', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' },
      },
    });
    expect(event.headers['x-custom-header']).toBe('Value');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    // The gateway's clock read between sending and the answer, however long that took.
    expect(event.requestContext.timeEpoch).toBeGreaterThanOrEqual(sent);
    expect(event.requestContext.timeEpoch).toBeLessThanOrEqual(answered);
    expect(event.requestContext.requestId).toBe(response.headers.get('apigw-requestid'));
    expect(response.headers.get('x-function')).toBe('portal-content');
  });

  it('passes a JSON body as text and a binary body as base64', async () => {
    const json = await eventOf(
      await fetch(`${url}/api/v1/content-uploads/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Caf\u00e9"}',
      }),
    );
    const binary = await eventOf(
      await fetch(`${url}/api/v1/content-uploads/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array([37, 80, 68, 70, 0, 255]),
      }),
    );

    expect(json).toMatchObject({ body: '{"name":"Caf\u00e9"}', isBase64Encoded: false });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body ?? '', 'base64')).toEqual(Buffer.from([37, 80, 68, 70, 0, 255]));
  });

  it('decodes a base64 result and writes cookies as set-cookie headers', async () => {
    const binary = await fetch(`${url}/api/v1/content`, { headers: { 'x-fixture': 'binary' } });
    const cookies = await fetch(`${url}/api/v1/content`, { headers: { 'x-fixture': 'cookies' } });

    expect(Buffer.from(await binary.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 254, 255]));
    expect(binary.headers.get('content-type')).toBe('application/octet-stream');
    expect(cookies.status).toBe(204);
    expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; HttpOnly']);
  });

  it('answers 500 Internal Server Error and logs a line when the handler throws', async () => {
    const response = await fetch(`${url}/api/v1/content`, { headers: { 'x-fixture': 'throw' } });

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal Server Error' });
    expect(lines.some((line) => line.includes('GET /api/v1/content failed: Error: fixture handler failed'))).toBe(true);
  });

  it('answers 413 to a body over 10 MB', async () => {
    const response = await fetch(`${url}/api/v1/content-uploads/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(10 * 1024 * 1024 + 1),
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
  });

  it('answers 401 on a protected route while no authorizer is configured', async () => {
    const response = await fetch(`${url}/api/v1/content-protected`);

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('imports a group module lazily and once', () => {
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('content');
  });
});

describe('the authorizer seam', () => {
  it('puts what the authorizer returns in requestContext.authorizer, and answers 401 when it returns null', async () => {
    const authorize = vi.fn(async (event: APIGatewayProxyEventV2) =>
      event.headers.authorization === 'Bearer good' ? { jwt: { claims: { sub: 'u1' }, scopes: null } } : null,
    );
    const { url, server } = await serve({ routes, loadHandler: importGroupHandlerFrom(fixtureApi), authorize });
    try {
      const allowed = await fetch(`${url}/api/v1/content-protected`, { headers: { authorization: 'Bearer good' } });
      const refused = await fetch(`${url}/api/v1/content-protected`, { headers: { authorization: 'Bearer bad' } });
      const open = await fetch(`${url}/api/v1/content`);

      expect(((await allowed.json()) as { requestContext: unknown }).requestContext).toMatchObject({
        authorizer: { jwt: { claims: { sub: 'u1' }, scopes: null } },
      });
      expect(refused.status).toBe(401);
      expect(open.status).toBe(200);
      expect(authorize).toHaveBeenCalledTimes(2);
    } finally {
      await closeServer(server);
    }
  });
});

describe('the real content group', () => {
  it('is found in functions/src/api and answers through the gateway', async () => {
    const emulators = await startEmulators({ dataDir: null });
    const { url, server } = await serve({});
    try {
      const unknown = await fetch(`${url}/api/v1/content/does-not-exist%2Fchild`);
      const list = await fetch(`${url}/api/v1/content`);

      expect(existsSync(path.join(FUNCTIONS_API_DIR, 'content', 'index.ts'))).toBe(true);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('application/json');
      expect(list.status).toBe(200);
      expect(await list.json()).toHaveProperty('items');
    } finally {
      await closeServer(server);
      await emulators.stop();
    }
  });
});
