import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '#shared/routes';
import packageJson from '../../../../package.json' with { type: 'json' };
import { jsonBody, loadEvent } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler } from './index.ts';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }>;
}
type OpenApi = {
  openapi: string;
  components: { securitySchemes?: Record<string, Record<string, string>> };
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

beforeEach(() => {
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
});

describe('GET /api/v1/openapi.json', () => {
  it('describes every route of the route table with its parameters and error bodies', async () => {
    // Prepare
    const event = loadEvent('meta/get-openapi-document');
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['cache-control']).toBe('public, max-age=300');
    const document = jsonBody<OpenApi>(result);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Courseware portal API', version: packageJson.version });
    expect(document.servers).toEqual([{ url: '/' }]);
    for (const route of ROUTES) {
      const path = route.path.replace('+}', '}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, route.operationId).toBe(route.operationId);
      const statuses = Object.keys(operation?.responses ?? {});
      const errorStatuses = 'errorStatuses' in route ? route.errorStatuses : [];
      for (const status of [400, 500, ...errorStatuses]) {
        expect(operation?.responses[status]?.content['application/json'].schema.$ref).toBe(
          '#/components/schemas/Error',
        );
      }
      expect(statuses).toContain(String('successStatus' in route ? route.successStatus : 200));
      const parameters = (operation?.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
      const expected = [
        ...Object.keys('path' in route.request ? route.request.path.shape : {}).map((name) => `path:${name}`),
        ...Object.keys('query' in route.request ? route.request.query.shape : {}).map((name) => `query:${name}`),
        // Decision record 084: a route marked idempotent documents its optional Idempotency-Key header, 409 and 422.
        ...('idempotent' in route && route.idempotent ? ['header:Idempotency-Key'] : []),
      ].sort();
      if ('idempotent' in route && route.idempotent) expect(statuses).toEqual(expect.arrayContaining(['409', '422']));
      expect(parameters, route.operationId).toEqual(expected);
    }
    expect(Object.values(document.paths).flatMap((methods) => Object.values(methods))).toHaveLength(ROUTES.length);
  });

  it('declares the bearer scheme and, for every route of the route table, whether its operation needs a token (issue 21 item 9)', async () => {
    const document = jsonBody<OpenApi>(await handler(loadEvent('meta/get-openapi-document'), lambdaContext()));
    expect(document.components.securitySchemes).toEqual({
      portalToken: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    for (const route of ROUTES) {
      const operation = document.paths[route.path.replace('+}', '}')]?.[route.method.toLowerCase()];
      // Written from the route table's rule: public routes take a token optionally, all others need one.
      const security = route.access === 'public' ? [{}, { portalToken: [] }] : [{ portalToken: [] }];
      expect(operation?.security, route.operationId).toEqual(security);
      expect(operation?.['x-access'], route.operationId).toBe(route.access);
      expect(Object.keys(operation?.responses ?? {}), route.operationId).toContain('401');
      if (route.access !== 'public' && route.access !== 'authenticated') {
        expect(Object.keys(operation?.responses ?? {}), route.operationId).toContain('403');
      }
    }
    const needsToken = ROUTES.filter((route) => route.access !== 'public').map((route) => route.operationId);
    expect(needsToken).toContain('createContent');
    expect(needsToken).not.toContain('listContent');
  });
});
