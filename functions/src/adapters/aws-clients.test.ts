import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoDbClient, dynamoDocumentClient, s3Client } from './aws-clients.ts';

interface CapturedRequest {
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

class Captured extends Error {
  constructor(readonly request: CapturedRequest) {
    super('captured');
  }
}

// Stops a request just before it would go on the wire and hands back what would have been sent.
const capture = (next: unknown) => async (args: { request: CapturedRequest }) => {
  void next;
  throw new Captured(args.request);
};

async function sent(send: () => Promise<unknown>): Promise<CapturedRequest> {
  try {
    await send();
  } catch (error) {
    if (error instanceof Captured) return error.request;
    throw error;
  }
  throw new Error('The request was not captured.');
}

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  s3Client.middlewareStack.add(capture as never, { step: 'finalizeRequest', name: 'captureForTest', priority: 'low' });
  dynamoDbClient.middlewareStack.add(capture as never, {
    step: 'finalizeRequest',
    name: 'captureForTest',
    priority: 'low',
  });
});

afterEach(() => {
  s3Client.middlewareStack.remove('captureForTest');
  dynamoDbClient.middlewareStack.remove('captureForTest');
  vi.unstubAllEnvs();
});

describe('s3Client', () => {
  it('addresses buckets by path when a custom S3 endpoint is set, even after the module loaded', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://localhost:4566');
    const request = await sent(() =>
      s3Client.send(new PutObjectCommand({ Bucket: 'portal-private', Key: 'content/a/b', Body: 'x' })),
    );
    expect(request.hostname).toBe('localhost');
    expect(request.path).toBe('/portal-private/content/a/b');
  });

  it('sends no flexible checksum on a plain upload (LOCAL-STACK.md trap 1)', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://localhost:4566');
    const request = await sent(() =>
      s3Client.send(new PutObjectCommand({ Bucket: 'portal-private', Key: 'k', Body: 'bytes' })),
    );
    const checksumHeaders = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-checksum-'));
    expect(checksumHeaders).toEqual([]);
    expect(request.headers['x-amz-sdk-checksum-algorithm']).toBeUndefined();
  });
});

describe('dynamoDocumentClient', () => {
  it('drops undefined attributes instead of failing', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://localhost:8000');
    const request = await sent(() =>
      dynamoDocumentClient.send(new PutCommand({ TableName: 't', Item: { pk: 'a', sk: 'b', image: undefined } })),
    );
    const body = request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : String(request.body);
    expect(JSON.parse(body).Item).toEqual({ pk: { S: 'a' }, sk: { S: 'b' } });
  });

  it('shares the raw client middleware stack, so counting requests there sees document commands', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://localhost:8000');
    const request = await sent(() => dynamoDocumentClient.send(new PutCommand({ TableName: 't', Item: { pk: 'a' } })));
    expect(request.hostname).toBe('localhost');
  });
});
