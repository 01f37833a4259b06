import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_ROUTES } from '#shared/routes/meta';
import { jsonBody, loadEvent } from '../test-support/events.ts';
import { lambdaContext } from '../test-support/stack.ts';
import { createGroupHandler } from './group.ts';
import { routeDefiner } from './handler.ts';
import { logger, PORTAL_SERVICE_NAME, withLogging } from './logger.ts';

// The real logger writes through the global console in tests (POWERTOOLS_DEV, vitest.config.ts).
const defineRoute = routeDefiner(META_ROUTES);
const event = loadEvent('meta/get-openapi-document');
const apiRequestId = event.requestContext.requestId;

function linesOf(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the portal logger in a client group Lambda', () => {
  const reportClientError = defineRoute('reportClientError', async () => ({ accepted: true as const }));

  it('writes every line of a handler with the request id, the function name and the group', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const handler = createGroupHandler(META_ROUTES, {
      getOpenApiDocument: defineRoute('getOpenApiDocument', async () => {
        logger.info('document asked for', { paths: 1 });
        return {} as never;
      }),
      reportClientError,
    });
    const result = await handler(event, lambdaContext('lambda-request-1'));
    expect(result.statusCode).toBe(200);
    expect(linesOf(info)).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'document asked for',
        service: PORTAL_SERVICE_NAME,
        function_name: 'portal-test',
        function_request_id: 'lambda-request-1',
        requestId: apiRequestId,
        component: 'api/meta',
        paths: 1,
      }),
    ]);
  });

  it('logs an unhandled error with the request id and function name, and answers a bare 500', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createGroupHandler(META_ROUTES, {
      getOpenApiDocument: defineRoute('getOpenApiDocument', async () => {
        throw new Error('table arn:aws:dynamodb:us-east-1:123:table/portal is gone');
      }),
      reportClientError,
    });
    const result = await handler(event, lambdaContext('lambda-request-2'));
    expect(jsonBody(result)).toEqual({ statusCode: 500, message: 'Internal server error.' });
    const [line] = linesOf(error);
    expect(line).toMatchObject({
      level: 'ERROR',
      function_name: 'portal-test',
      function_request_id: 'lambda-request-2',
      requestId: apiRequestId,
      error: { name: 'Error', message: 'table arn:aws:dynamodb:us-east-1:123:table/portal is gone' },
    });
  });

  it('forgets the keys of one invocation before the next', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const handler = withLogging<{ key?: string }, void>(
      'test/function',
      async () => {
        logger.info('ran');
      },
      { keysOf: (input) => ({ requestId: input.key }) },
    );
    await handler({ key: 'first' }, lambdaContext('one'));
    await handler({}, lambdaContext('two'));
    const [first, second] = linesOf(info);
    expect(first).toMatchObject({ requestId: 'first', function_request_id: 'one', component: 'test/function' });
    expect(second).toMatchObject({ function_request_id: 'two', component: 'test/function' });
    expect(second).not.toHaveProperty('requestId');
  });
});
