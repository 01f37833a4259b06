import { createServer, type IncomingMessage, type Server } from 'node:http';
import { DynamoDBClient, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators } from './emulators.ts';
import {
  FaultInjector,
  type FaultKind,
  type FaultService,
  type FaultSettings,
  FaultSettingsError,
  operationOf,
  parseFaults,
  type RequestListener,
} from './faults.ts';
import { closeServer, LOOPBACK, listen, loopbackUrl } from './net.ts';

const request = (headers: Record<string, string> = {}, method = 'POST', url = '/') =>
  ({ method, url, headers }) as unknown as IncomingMessage;
const dynamoRequest = (operation = 'PutItem') => request({ 'x-amz-target': `DynamoDB_20120810.${operation}` });
const settings = (overrides: Partial<FaultSettings> = {}): FaultSettings => ({
  rate: 0.3,
  kinds: ['throttle', 'error', 'timeout', 'drop'],
  services: ['dynamodb', 's3', 'sfn', 'ses'],
  seed: 42,
  ...overrides,
});

describe('parseFaults (the FAULTS setting)', () => {
  it('reads every key', () => {
    expect(
      parseFaults('rate=0.05,kinds=throttle+error+timeout+drop+lost,services=dynamodb+s3,seed=7,limit=3,ops=PutObject'),
    ).toEqual({
      rate: 0.05,
      kinds: ['throttle', 'error', 'timeout', 'drop', 'lost'],
      services: ['dynamodb', 's3'],
      seed: 7,
      limit: 3,
      operations: ['PutObject'],
    });
  });

  it('defaults to the four kinds of the issue, every service and seed 1', () => {
    expect(parseFaults('rate=1')).toEqual({
      rate: 1,
      kinds: ['throttle', 'error', 'timeout', 'drop'],
      services: ['dynamodb', 's3', 'sfn', 'ses'],
      seed: 1,
    });
  });

  it('is off when unset, empty, off or 0', () => {
    for (const text of [undefined, '', ' ', 'off', '0']) expect(parseFaults(text)).toBeNull();
  });

  it.each([
    ['rate=2', 'rate must be a number from 0 to 1'],
    ['rate=-0.1', 'rate must be a number from 0 to 1'],
    ['rate=abc', 'rate must be a number from 0 to 1'],
    ['seed=4', 'needs rate='],
    ['rate=0.1,kinds=throttle+fire', 'kinds must be one or more of throttle+error+timeout+drop+lost'],
    ['rate=0.1,services=lambda', 'services must be one or more of dynamodb+s3+sfn+ses'],
    ['rate=0.1,seed=x', 'seed must be a whole number'],
    ['rate=0.1,limit=1.5', 'limit must be a whole number'],
    ['rate=0.1,colour=red', 'unknown key "colour"'],
    ['rate=0.1,rate=0.2', 'names "rate" twice'],
    ['rate', 'must be key=value pairs'],
    ['rate=0.1,ops=Put-Object', 'ops must be operation names'],
  ])('refuses %s with one line', (text, message) => {
    let thrown: unknown;
    try {
      parseFaults(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FaultSettingsError);
    expect((thrown as Error).message).toContain(message);
    expect((thrown as Error).message).not.toContain('\n');
  });
});

describe('FaultInjector.choose', () => {
  const draw = (injector: FaultInjector, n: number, req = dynamoRequest()) =>
    Array.from({ length: n }, () => injector.choose(req));

  it('gives the same sequence for the same seed, and another for another seed', () => {
    const a = new FaultInjector('dynamodb');
    const b = new FaultInjector('dynamodb');
    const c = new FaultInjector('dynamodb');
    a.configure(settings());
    b.configure(settings());
    c.configure(settings({ seed: 43 }));
    const first = draw(a, 200);
    expect(draw(b, 200)).toEqual(first);
    expect(draw(c, 200)).not.toEqual(first);
    // Configuring again restarts the sequence.
    a.configure(settings());
    expect(draw(a, 200)).toEqual(first);
  });

  it('fails about the chosen share of requests, with every kind, and counts them', () => {
    const injector = new FaultInjector('s3');
    injector.configure(settings({ rate: 0.05 }));
    const kinds = draw(injector, 10_000, request({}, 'PUT', '/bucket/key'));
    const injected = kinds.filter((k): k is FaultKind => k !== null);
    expect(injected.length).toBeGreaterThan(400);
    expect(injected.length).toBeLessThan(600);
    const counters = injector.counters();
    for (const kind of ['throttle', 'error', 'timeout', 'drop'] as const) {
      expect(counters[kind]).toBe(injected.filter((k) => k === kind).length);
      expect(counters[kind]).toBeGreaterThan(0);
    }
    expect(counters.lost).toBe(0);
    injector.resetCounters();
    expect(injector.counters().throttle).toBe(0);
  });

  it('stops after the limit, and fails only the named operations and services', () => {
    const injector = new FaultInjector('dynamodb');
    injector.configure(settings({ rate: 1, limit: 2, operations: ['TransactWriteItems'] }));
    expect(injector.choose(dynamoRequest('GetItem'))).toBeNull();
    expect(injector.choose(dynamoRequest('TransactWriteItems'))).not.toBeNull();
    expect(injector.choose(dynamoRequest('TransactWriteItems'))).not.toBeNull();
    expect(injector.choose(dynamoRequest('TransactWriteItems'))).toBeNull();

    const ses = new FaultInjector('ses');
    ses.configure(settings({ rate: 1, services: ['dynamodb'] }));
    expect(ses.active).toBe(false);
    ses.configure(settings({ rate: 1 }));
    // The inbox (GET /store) never fails: tests read it.
    expect(ses.choose(request({}, 'GET', '/store'))).toBeNull();
    expect(ses.choose(request({}, 'POST', '/'))).not.toBeNull();
    ses.configure(null);
    expect(ses.active).toBe(false);
  });

  it('names S3 operations as the SDK does', () => {
    const s3 = (method: string, url: string, headers: Record<string, string> = {}) =>
      operationOf('s3', request(headers, method, url));
    expect(s3('PUT', '/b/k')).toBe('PutObject');
    expect(s3('PUT', '/b/k', { 'x-amz-copy-source': '/b/j' })).toBe('CopyObject');
    expect(s3('PUT', '/b/k?partNumber=1&uploadId=x')).toBe('UploadPart');
    expect(s3('POST', '/b/k?uploads')).toBe('CreateMultipartUpload');
    expect(s3('POST', '/b/k?uploadId=x')).toBe('CompleteMultipartUpload');
    expect(s3('POST', '/b')).toBe('PostObject');
    expect(s3('DELETE', '/b/k?uploadId=x')).toBe('AbortMultipartUpload');
    expect(s3('GET', '/b?uploads')).toBe('ListMultipartUploads');
    expect(s3('GET', '/b/k')).toBe('GetObject');
    expect(s3('HEAD', '/b')).toBe('HeadBucket');
  });
});

/** The wire answer of each kind, as the real SDK clients (one attempt) see it. */
describe('FaultInjector.wrap on the wire', () => {
  let server: Server;
  let url: string;
  let reached = 0;
  const injector = new FaultInjector('dynamodb');
  let service: FaultService = 'dynamodb';
  const injectors = new Map<FaultService, FaultInjector>();
  const inner: RequestListener = (req, res) => {
    reached += 1;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end('{}');
    });
  };
  const listener: RequestListener = (req, res) => {
    let current = injectors.get(service);
    if (!current) {
      current = new FaultInjector(service);
      injectors.set(service, current);
    }
    current.wrap(inner)(req, res);
  };
  const on = (s: FaultService, kind: FaultKind) => {
    service = s;
    const current = injectors.get(s) ?? new FaultInjector(s);
    injectors.set(s, current);
    current.configure(settings({ rate: 1, kinds: [kind], limit: 1 }));
    reached = 0;
  };
  const clientOptions = () => ({
    endpoint: url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    maxAttempts: 1,
    requestHandler: { requestTimeout: 300, connectionTimeout: 300, throwOnRequestTimeout: true },
  });
  const failure = async (send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (error) {
      return error as Error & { $metadata?: { httpStatusCode?: number }; code?: string };
    }
    throw new Error('expected a failure');
  };

  beforeAll(async () => {
    server = createServer(listener);
    url = loopbackUrl(await listen(server, 0, LOOPBACK));
  });
  afterEach(() => {
    for (const current of injectors.values()) current.close();
  });
  afterAll(async () => {
    injector.close();
    await closeServer(server);
  });

  it('throttles and fails DynamoDB with its JSON errors', async () => {
    const client = new DynamoDBClient(clientOptions());
    const put = () => client.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } }));
    on('dynamodb', 'throttle');
    const throttled = await failure(put);
    expect(['ThrottlingException', 'ProvisionedThroughputExceededException']).toContain(throttled.name);
    expect(throttled.$metadata?.httpStatusCode).toBe(400);
    on('dynamodb', 'error');
    const failed = await failure(put);
    expect(failed.name).toBe('InternalServerError');
    expect(failed.$metadata?.httpStatusCode).toBe(500);
    expect(reached).toBe(0);
    // Past the limit the request reaches the service.
    await put();
    expect(reached).toBe(1);
    expect(injectors.get('dynamodb')?.counters()).toMatchObject({ throttle: 1, error: 1 });
    client.destroy();
  });

  it('slows S3 down with 503 SlowDown and fails it with 500 InternalError', async () => {
    const client = new S3Client({ ...clientOptions(), forcePathStyle: true });
    const put = () => client.send(new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: 'bytes' }));
    on('s3', 'throttle');
    const throttled = await failure(put);
    expect(throttled.name).toBe('SlowDown');
    expect(throttled.$metadata?.httpStatusCode).toBe(503);
    on('s3', 'error');
    expect((await failure(put)).name).toBe('InternalError');
    expect(reached).toBe(0);
    client.destroy();
  });

  it('throttles Step Functions and SES with their own error codes', async () => {
    const sfn = new SFNClient(clientOptions());
    on('sfn', 'throttle');
    const throttled = await failure(() => sfn.send(new StartExecutionCommand({ stateMachineArn: 'arn:x' })));
    expect(throttled.name).toBe('ThrottlingException');
    on('sfn', 'error');
    expect(
      (await failure(() => sfn.send(new StartExecutionCommand({ stateMachineArn: 'arn:x' })))).$metadata
        ?.httpStatusCode,
    ).toBe(500);
    const ses = new SESClient(clientOptions());
    const send = () => ses.send(new SendRawEmailCommand({ RawMessage: { Data: Buffer.from('Subject: x\r\n\r\nx') } }));
    on('ses', 'throttle');
    const sesThrottled = await failure(send);
    expect(sesThrottled.name).toBe('Throttling');
    expect(sesThrottled.$metadata?.httpStatusCode).toBe(400);
    on('ses', 'error');
    expect((await failure(send)).$metadata?.httpStatusCode).toBe(500);
    expect(reached).toBe(0);
    sfn.destroy();
    ses.destroy();
  });

  it('holds a timed-out request until the client gives up, and never answers it', async () => {
    const client = new DynamoDBClient(clientOptions());
    on('dynamodb', 'timeout');
    const timedOut = await failure(() => client.send(new ListTablesCommand({})));
    expect(timedOut.name).toBe('TimeoutError');
    expect(reached).toBe(0);
    client.destroy();
  });

  it('drops an upload mid-body without the service seeing it', async () => {
    const client = new S3Client({ ...clientOptions(), forcePathStyle: true });
    on('s3', 'drop');
    const dropped = await failure(() =>
      client.send(new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: Buffer.alloc(256 * 1024, 1) })),
    );
    expect(dropped.$metadata?.httpStatusCode).toBeUndefined();
    expect(reached).toBe(0);
    client.destroy();
  });

  it('loses the answer of a request the service acted on', async () => {
    const client = new S3Client({ ...clientOptions(), forcePathStyle: true });
    on('s3', 'lost');
    const lost = await failure(() => client.send(new HeadBucketCommand({ Bucket: 'b' })));
    expect(lost.$metadata?.httpStatusCode).toBeUndefined();
    expect(reached).toBe(1);
    client.destroy();
  });
});

describe('the stack switch of startEmulators', () => {
  it('fails DynamoDB in its child process, counts there, and turns off', async () => {
    const emulators = await startEmulators({ dataDir: null });
    try {
      const client = new DynamoDBClient({ endpoint: emulators.endpoints.dynamodb, maxAttempts: 1 });
      await emulators.faults.set(settings({ rate: 1, kinds: ['throttle'], services: ['dynamodb'], limit: 2 }));
      await expect(client.send(new ListTablesCommand({}))).rejects.toThrow();
      await expect(client.send(new ListTablesCommand({}))).rejects.toThrow();
      await client.send(new ListTablesCommand({}));
      const counters = await emulators.faults.counters();
      expect(counters.dynamodb.throttle).toBe(2);
      expect(counters.s3.throttle).toBe(0);
      await emulators.faults.resetCounters();
      expect((await emulators.faults.counters()).dynamodb.throttle).toBe(0);
      // A held request does not keep the stack from stopping.
      await emulators.faults.set(settings({ rate: 1, kinds: ['timeout'], services: ['dynamodb', 's3'] }));
      void client.send(new ListTablesCommand({})).catch(() => undefined);
      const s3 = new S3Client({ endpoint: emulators.endpoints.s3, forcePathStyle: true, maxAttempts: 1 });
      void s3.send(new HeadBucketCommand({ Bucket: 'b' })).catch(() => undefined);
      await expect.poll(async () => (await emulators.faults.counters()).s3.timeout).toBe(1);
      await expect.poll(async () => (await emulators.faults.counters()).dynamodb.timeout).toBe(1);
      client.destroy();
      s3.destroy();
    } finally {
      await emulators.stop();
    }
  });
});
