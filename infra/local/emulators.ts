import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { BUCKETS, TABLE } from '#shared/table';

/**
 * The embedded emulators of the local stack (LOCAL-STACK.md): DynamoDB (dynalite)
 * and S3 (s3rver), each on a free loopback port, optionally persisted under a data
 * folder. `startEmulators` also points the AWS SDK at them through the standard
 * `AWS_ENDPOINT_URL_*` variables, so handlers run unchanged.
 */

/** The credentials s3rver accepts (LOCAL-STACK.md trap 2); dynalite accepts any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const LOCAL_REGION = 'us-east-1';

export interface EmulatorEndpoints {
  /** `http://127.0.0.1:<port>` of each service. */
  dynamodb: string;
  s3: string;
}

export interface RunningEmulators {
  endpoints: EmulatorEndpoints;
  /** Stops every emulator; resolves when ports are closed and data flushed. */
  stop(): Promise<void>;
}

export interface StartEmulatorsOptions {
  /** Folder to persist data in (`<dir>/dynamodb`, `<dir>/s3`); in memory when null. */
  dataDir: string | null;
  /** Origins allowed by the buckets' CORS rules (browser uploads). */
  corsOrigins?: readonly string[];
}

/**
 * Starts dynalite and s3rver on free loopback ports, creates the table and both
 * buckets if missing, and sets `AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`,
 * the region, the local credentials and the checksum settings of LOCAL-STACK.md
 * trap 1 in `process.env`.
 * @throws when a port cannot be bound or the table cannot be created.
 */
export async function startEmulators(options: StartEmulatorsOptions): Promise<RunningEmulators> {
  const { dataDir } = options;
  if (dataDir) mkdirSync(path.join(dataDir, 's3'), { recursive: true });

  const dynamo = dynalite({
    ...(dataDir ? { path: path.join(dataDir, 'dynamodb') } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    dynamo.once('error', reject);
    dynamo.listen(0, '127.0.0.1', () => resolve());
  });
  const dynamoPort = (dynamo.address() as AddressInfo).port;

  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dataDir ? path.join(dataDir, 's3') : undefined,
    resetOnClose: !dataDir,
  });
  const s3Address = (await s3rver.run()) as AddressInfo;

  const endpoints: EmulatorEndpoints = {
    dynamodb: `http://127.0.0.1:${dynamoPort}`,
    s3: `http://127.0.0.1:${s3Address.port}`,
  };
  applyLocalAwsEnvironment(endpoints);

  await ensureTable(new DynamoDBClient({ endpoint: endpoints.dynamodb }), tableName());
  await ensureBuckets(new S3Client({ endpoint: endpoints.s3, forcePathStyle: true }), options.corsOrigins ?? ['*']);

  return {
    endpoints,
    async stop() {
      await s3rver.close();
      await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    },
  };
}

/** Sets the SDK's standard variables so every client in this process talks to the emulators. */
export function applyLocalAwsEnvironment(endpoints: Partial<EmulatorEndpoints>): void {
  if (endpoints.dynamodb) process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoints.dynamodb;
  if (endpoints.s3) process.env.AWS_ENDPOINT_URL_S3 = endpoints.s3;
  process.env.AWS_REGION ??= LOCAL_REGION;
  process.env.AWS_ACCESS_KEY_ID ??= LOCAL_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= LOCAL_CREDENTIALS.secretAccessKey;
  process.env.AWS_REQUEST_CHECKSUM_CALCULATION = 'WHEN_REQUIRED';
  process.env.AWS_RESPONSE_CHECKSUM_VALIDATION = 'WHEN_REQUIRED';
  process.env[TABLE.nameEnv] ??= TABLE.localName;
  process.env[BUCKETS.private.nameEnv] ??= BUCKETS.private.localName;
  process.env[BUCKETS.public.nameEnv] ??= BUCKETS.public.localName;
}

function tableName(): string {
  return process.env[TABLE.nameEnv] ?? TABLE.localName;
}

/**
 * The CreateTable input of the single table, built from `#shared/table` exactly as
 * the CDK data stack builds its `TableV2` (on-demand, three GSIs projecting all).
 */
export function tableDefinition(name: string): CreateTableCommandInput {
  const gsis = Object.values(TABLE.indexes);
  const keyAttributes = [TABLE.partitionKey, TABLE.sortKey, ...gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: gsis.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/** Creates the table if it does not exist. Returns true when it was created. */
export async function ensureTable(client: DynamoDBClient, name: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(tableDefinition(name)));
  return true;
}

/** Creates both buckets if missing and sets CORS on each (LOCAL-STACK.md trap 2). */
export async function ensureBuckets(client: S3Client, corsOrigins: readonly string[]): Promise<void> {
  for (const bucket of Object.values(BUCKETS)) {
    const name = process.env[bucket.nameEnv] ?? bucket.localName;
    try {
      await client.send(new HeadBucketCommand({ Bucket: name }));
    } catch {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    }
    await client.send(
      new PutBucketCorsCommand({
        Bucket: name,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [...corsOrigins],
              AllowedMethods: ['GET', 'HEAD', 'PUT', 'POST'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  }
}
