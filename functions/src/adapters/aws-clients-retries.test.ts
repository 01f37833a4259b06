import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dynamoDbClient,
  dynamoDocumentClient,
  overrideSdkCallSettings,
  SDK_CALL_SETTINGS,
  s3Client,
  sdkCallSettings,
} from './aws-clients.ts';

/**
 * The clients' bounded retries and timeouts (issue 28 item 2, decision record 083),
 * against a local HTTP server that answers as told: how many attempts a failing call
 * gets, that a hung attempt ends at the request timeout and is retried, and that a
 * retried TransactWriteItems carries one ClientRequestToken (DynamoDB's idempotency
 * token) on every attempt.
 */

type Answer = 'hang' | 'throttle' | 'error' | 'ok';
let answers: Answer[] = [];
let seen: { target: string; token?: string }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        target: String(req.headers['x-amz-target'] ?? req.method),
        token: body.startsWith('{')
          ? (JSON.parse(body) as { ClientRequestToken?: string }).ClientRequestToken
          : undefined,
      });
      const answer = answers.shift() ?? 'ok';
      if (answer === 'hang') return;
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(payload));
      };
      if (answer === 'throttle') json(400, { __type: 'ThrottlingException', message: 'slow down' });
      else if (answer === 'error') json(500, { __type: 'InternalServerError', message: 'boom' });
      else if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-length': '0' });
        res.end();
      } else json(200, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', url);
  vi.stubEnv('AWS_ENDPOINT_URL_S3', url);
  answers = [];
  seen = [];
});
afterEach(() => {
  overrideSdkCallSettings(null);
  vi.unstubAllEnvs();
});

describe('the handlers’ SDK clients', () => {
  it('retry a failing call four times in all, then fail', async () => {
    expect(SDK_CALL_SETTINGS.dynamodb.maxAttempts).toBe(4);
    answers = ['error', 'error', 'error', 'error', 'ok'];
    const failure = await dynamoDbClient.send(new ListTablesCommand({})).catch((error: unknown) => error);
    expect((failure as Error).name).toBe('InternalServerError');
    expect((failure as { $metadata: { attempts: number } }).$metadata.attempts).toBe(4);
    expect(seen).toHaveLength(4);
  });

  it('succeed after transient failures within the bound', async () => {
    answers = ['error', 'error', 'ok'];
    const output = await dynamoDbClient.send(new ListTablesCommand({}));
    expect(output.$metadata.attempts).toBe(3);
  });

  it('end a hung attempt at the request timeout and retry it', async () => {
    overrideSdkCallSettings({ requestTimeoutMs: 150 });
    expect(sdkCallSettings('s3').requestTimeoutMs).toBe(150);
    answers = ['hang', 'hang', 'ok'];
    const output = await s3Client.send(new HeadObjectCommand({ Bucket: 'portal-private', Key: 'a' }));
    expect(output.$metadata.attempts).toBe(3);
    expect(seen).toHaveLength(3);
  });

  it('send one ClientRequestToken on every attempt of a TransactWriteItems', async () => {
    answers = ['throttle', 'error', 'ok'];
    await dynamoDocumentClient.send(
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a', sk: 'b' } } }] }),
    );
    expect(seen).toHaveLength(3);
    expect(seen[0]?.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(seen.map((s) => s.token)).size).toBe(1);
  });
});
