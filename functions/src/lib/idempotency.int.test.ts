import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteDefinition } from '#shared/route-definition';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from '../data/dynamo.ts';
import { IDEMPOTENCY_ATTRIBUTES } from '../data/idempotency.ts';
import { ENTITY_TYPES } from '../data/keys.ts';
import { jsonBody, loadEvent } from '../test-support/events.ts';
import { lambdaContext, startTestStack } from '../test-support/stack.ts';
import { ConflictError } from './errors.ts';
import { createRouteHandler, IDEMPOTENCY_KEY_MESSAGE } from './handler.ts';
import {
  IDEMPOTENCY_RECORD_SECONDS,
  IN_PROGRESS_MESSAGE,
  KEY_REUSED_MESSAGE,
  REPLAYED_HEADER,
  runIdempotently,
} from './idempotency.ts';

/**
 * The idempotency step of the handler factory (issue 28 item 2; decision record 084),
 * against the embedded DynamoDB through the real SDK client: a test route counts the
 * runs of its write, so a replay, a second run and a refusal can be told apart.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const route = {
  operationId: 'idempotencyTest',
  method: 'POST',
  path: '/api/v1/idempotency-test',
  group: 'content',
  access: 'public',
  summary: 'Counts its runs.',
  request: { body: z.object({ name: z.string().min(1) }) },
  response: z.object({ run: z.number(), name: z.string() }),
  successStatus: 201,
  idempotent: true,
} as const satisfies RouteDefinition;

let runs = 0;
let gate: Promise<void> | null = null;
const handler = createRouteHandler(
  route,
  async ({ body }) => {
    runs += 1;
    const run = runs;
    if (gate) await gate;
    if (body.name === 'fail') throw new ConflictError('The write lost a race.');
    return { run, name: body.name };
  },
  { idempotency: runIdempotently },
);

function post(options: { key?: string; body?: string; ip?: string } = {}): APIGatewayProxyEventV2 {
  const base = loadEvent('content/get-content');
  return {
    ...base,
    routeKey: 'POST /api/v1/idempotency-test',
    rawPath: '/api/v1/idempotency-test',
    pathParameters: {},
    headers: {
      ...base.headers,
      'content-type': 'application/json',
      ...(options.key === undefined ? {} : { 'Idempotency-Key': options.key }),
    },
    requestContext: {
      ...base.requestContext,
      http: { ...base.requestContext.http, method: 'POST', sourceIp: options.ip ?? '203.0.113.10' },
    },
    body: options.body ?? '{"name":"Lab"}',
  };
}

const context = lambdaContext();

describe('Idempotency-Key on an idempotent route', () => {
  it('runs once per key and replays the first answer exactly', async () => {
    const key = crypto.randomUUID();
    const before = runs;
    const first = await handler(post({ key }), context);
    const second = await handler(post({ key }), context);
    expect(first.statusCode).toBe(201);
    expect(runs - before).toBe(1);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers).toEqual({ ...first.headers, [REPLAYED_HEADER]: 'true' });
    expect(first.headers?.[REPLAYED_HEADER]).toBeUndefined();
  });

  it('keeps each record in a partition of its own, with the entity type and the table TTL', async () => {
    const key = crypto.randomUUID();
    const started = Math.floor(Date.now() / 1000);
    await handler(post({ key }), context);
    await handler(post({ key: crypto.randomUUID() }), context);
    // A Scan: the test's own table holds only this file's records.
    const { Items: items } = await dynamoDocumentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': TABLE.entityTypeAttribute },
        ExpressionAttributeValues: { ':type': ENTITY_TYPES.idempotencyRecord },
      }),
    );
    expect(items?.length).toBeGreaterThanOrEqual(2);
    const partitions = new Set(items?.map((item) => item[TABLE.partitionKey]));
    expect(partitions.size).toBe(items?.length);
    for (const item of items ?? []) {
      expect(item[TABLE.partitionKey]).toMatch(/^IDEMPOTENCY#idempotencyTest#/);
      expect(item[TABLE.sortKey]).toBe('IDEMPOTENCY');
      // Neither the caller nor the client's key is stored in clear.
      expect(JSON.stringify(item)).not.toContain(key);
      expect(JSON.stringify(item)).not.toContain('203.0.113.10');
      expect(item[IDEMPOTENCY_ATTRIBUTES.status]).toBe('COMPLETED');
      expect(item[TABLE.ttlAttribute]).toBeGreaterThanOrEqual(started + IDEMPOTENCY_RECORD_SECONDS);
      expect(item[TABLE.ttlAttribute]).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + IDEMPOTENCY_RECORD_SECONDS);
    }
    const one = items?.[0];
    const read = await dynamoDocumentClient.send(
      new GetCommand({
        TableName: tableName(),
        Key: { [TABLE.partitionKey]: one?.[TABLE.partitionKey], [TABLE.sortKey]: 'IDEMPOTENCY' },
      }),
    );
    expect(read.Item?.[IDEMPOTENCY_ATTRIBUTES.response]).toMatchObject({ statusCode: 201 });
  });

  it('answers 422 for the same key with a different body, and runs nothing', async () => {
    const key = crypto.randomUUID();
    await handler(post({ key }), context);
    const before = runs;
    const reused = await handler(post({ key, body: '{"name":"Other"}' }), context);
    expect(reused.statusCode).toBe(422);
    expect(jsonBody(reused)).toEqual({ statusCode: 422, message: KEY_REUSED_MESSAGE });
    expect(runs).toBe(before);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const key = crypto.randomUUID();
    let release: () => void = () => undefined;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const before = runs;
    const first = handler(post({ key }), context);
    try {
      await vi.waitFor(() => expect(runs).toBe(before + 1), { timeout: 25_000 });
      const concurrent = await handler(post({ key }), context);
      expect(concurrent.statusCode).toBe(409);
      expect(concurrent.headers?.['retry-after']).toBe('1');
      expect(jsonBody(concurrent)).toEqual({ statusCode: 409, message: IN_PROGRESS_MESSAGE });
    } finally {
      release();
      gate = null;
    }
    expect((await first).statusCode).toBe(201);
    const after = await handler(post({ key }), context);
    expect(after.statusCode).toBe(201);
    expect(runs).toBe(before + 1);
  });

  it('keeps the keys of different callers apart', async () => {
    const key = crypto.randomUUID();
    const before = runs;
    const one = await handler(post({ key, ip: '198.51.100.1' }), context);
    const other = await handler(post({ key, ip: '198.51.100.2' }), context);
    expect(runs - before).toBe(2);
    expect(jsonBody(one).run).not.toBe(jsonBody(other).run);
    expect(other.headers?.[REPLAYED_HEADER]).toBeUndefined();
  });

  it('runs again once the record has expired', async () => {
    const key = crypto.randomUUID();
    const before = runs;
    await handler(post({ key }), context);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (IDEMPOTENCY_RECORD_SECONDS + 1) * 1000);
    const later = await handler(post({ key }), context);
    expect(later.statusCode).toBe(201);
    expect(later.headers?.[REPLAYED_HEADER]).toBeUndefined();
    expect(runs - before).toBe(2);
  });

  it('runs as before without a key', async () => {
    const before = runs;
    const one = await handler(post(), context);
    const two = await handler(post(), context);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(runs - before).toBe(2);
  });

  it('keeps no record of a failed run, so a retry runs again', async () => {
    const key = crypto.randomUUID();
    const before = runs;
    const failed = await handler(post({ key, body: '{"name":"fail"}' }), context);
    expect(failed.statusCode).toBe(409);
    const retried = await handler(post({ key, body: '{"name":"fail"}' }), context);
    expect(retried.statusCode).toBe(409);
    expect(retried.headers?.[REPLAYED_HEADER]).toBeUndefined();
    expect(runs - before).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['too long', 'k'.repeat(256)],
    ['not printable', 'key\u0007'],
  ])('refuses a key that is %s with a 400 naming the header', async (_label, key) => {
    const before = runs;
    const refused = await handler(post({ key }), context);
    expect(refused.statusCode).toBe(400);
    expect(jsonBody(refused).errors).toEqual([{ path: 'headers.Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }]);
    expect(runs).toBe(before);
  });

  it('refuses to build an idempotent route without the idempotency option', () => {
    expect(() => createRouteHandler(route, async () => ({ run: 0, name: '' }))).toThrow(/idempotency option/);
  });
});
