import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { BUCKETS, TABLE } from '#shared/table';
import { overrideSdkCallSettings } from '../../functions/src/adapters/aws-clients.ts';
import type { DynamoProcessFaults, DynamoProcessMessage, DynamoProcessStart } from './dynamo-process.ts';
import {
  emptyFaultCounters,
  FaultInjector,
  type FaultKind,
  type FaultSettings,
  type FaultSwitch,
  type RequestListener,
} from './faults.ts';
import { closeServer, LOOPBACK, listenPreferring, loopbackUrl } from './net.ts';
import { withS3Authorization } from './s3-authorization.ts';
import { withMultipartOperations } from './s3-multipart.ts';
import { startSes } from './ses.ts';
import { type LocalStepFunctions, startStepFunctionsEndpoint } from './stepfunctions.ts';

/**
 * The embedded emulators of the local stack (LOCAL-STACK.md, decision record 002):
 * DynamoDB (dynalite behind the transaction proxy), S3 (s3rver), Step Functions
 * (our own ASL executor behind an AWS JSON endpoint) and SES (aws-ses-v2-local),
 * each on a free loopback port, DynamoDB and S3 optionally persisted under a data
 * folder. A service whose endpoint is given (a LocalStack the user runs) is not
 * started. `startEmulators` points the AWS SDK at every service through the standard
 * `AWS_ENDPOINT_URL_*` variables, so handlers run unchanged.
 */

/** The credentials s3rver accepts (LOCAL-STACK.md trap 2); the other emulators accept any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const LOCAL_REGION = 'us-east-1';

export const EMULATED_SERVICES = ['dynamodb', 's3', 'sfn', 'ses'] as const;
export type EmulatedService = (typeof EMULATED_SERVICES)[number];

/** `http://127.0.0.1:<port>` (or the given external address) of each service. */
export type EmulatorEndpoints = Record<EmulatedService, string>;

export interface RunningEmulators {
  endpoints: EmulatorEndpoints;
  /** True for each service started here, false for one used as given. */
  embedded: Record<EmulatedService, boolean>;
  /** The embedded SES inbox page; null when SES is external. */
  sesInboxUrl: string | null;
  /** The embedded state machine registry; null when Step Functions is external. */
  stepFunctions: LocalStepFunctions | null;
  /** The fault switch of the embedded services (off until set; `faults.ts`, decision record 083). */
  faults: FaultSwitch;
  /** Stops every embedded emulator, in reverse order of start; resolves when ports are closed and data flushed. */
  stop(): Promise<void>;
}

export interface StartEmulatorsOptions {
  /** Folder to persist data in (`<dir>/dynamodb`, `<dir>/s3`); in memory when null. */
  dataDir: string | null;
  /** Origins allowed by the buckets' CORS rules (browser uploads). */
  corsOrigins?: readonly string[];
  /** Services run elsewhere, by endpoint: not started here (see `externalEndpointsFromEnv`). */
  external?: Partial<EmulatorEndpoints>;
  /**
   * Milliseconds one attempt of a handler's AWS SDK call may take in this process before
   * it fails and is retried (decision record 083): {@link LOCAL_SDK_REQUEST_TIMEOUT_MS}
   * unless given. Set for the process's shared clients (`overrideSdkCallSettings`).
   */
  sdkRequestTimeoutMs?: number;
}

/**
 * A handler's SDK attempt while the emulators run: 10 s (AWS: 1.5 s, S3 5 s), as dynalite
 * under load is 10–100 times slower than DynamoDB, and an attempt that times out after the
 * emulator applied it would be retried (an `ADD` counted twice). Every process that starts
 * the emulators (the portal, the test stack, the seed, the archive tools) gets it.
 */
export const LOCAL_SDK_REQUEST_TIMEOUT_MS = 10_000;

/** The request listener wrapper of one service's fault injector (S3, Step Functions, SES: in this process). */
export type FaultWrap = (listener: RequestListener) => RequestListener;

/** Thrown when another running instance holds the data folder (leveldb LOCK). */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    options?: ErrorOptions,
  ) {
    super(
      `Data folder ${dataDir} is already in use by another running instance. Set DATA_DIR to another folder.`,
      options,
    );
  }
}

/**
 * Ports the embedded services had last time in this process. A stack restarted in
 * the same process (tests) asks for them again, so that SDK clients the handlers
 * created at module scope, bound to the old endpoints, keep working.
 */
const previousPorts: Partial<Record<EmulatedService, number>> = {};

/**
 * Starts the embedded emulators (all but `external` ones), creates the table and
 * both buckets if missing, and sets `AWS_ENDPOINT_URL_*`, the region, the local
 * credentials and the checksum settings of LOCAL-STACK.md trap 1 in `process.env`.
 * @throws DataDirInUseError when another instance holds `dataDir`; any error of a
 * port bind or of the table and bucket creation (what was started is stopped first).
 */
export async function startEmulators(options: StartEmulatorsOptions): Promise<RunningEmulators> {
  const external = options.external ?? {};
  overrideSdkCallSettings({ requestTimeoutMs: options.sdkRequestTimeoutMs ?? LOCAL_SDK_REQUEST_TIMEOUT_MS });
  const stops: (() => Promise<void>)[] = [];
  // S3, Step Functions and SES fail here; DynamoDB in its own process (asked over IPC).
  const injectors = {
    s3: new FaultInjector('s3'),
    sfn: new FaultInjector('sfn'),
    ses: new FaultInjector('ses'),
  } as const;
  let dynamoFaults:
    | ((message: DistributiveOmit<DynamoProcessFaults, 'id'>) => Promise<Record<FaultKind, number>>)
    | null = null;
  const stopAll = async () => {
    // Requests held by a `timeout` fault go first, so no server waits for one while it closes.
    for (const injector of Object.values(injectors)) injector.close();
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  const faults: FaultSwitch = {
    async set(settings: FaultSettings | null) {
      for (const injector of Object.values(injectors)) injector.configure(settings);
      await dynamoFaults?.({ type: 'faults-set', settings });
    },
    async counters() {
      const counters = emptyFaultCounters();
      for (const injector of Object.values(injectors)) counters[injector.service] = injector.counters();
      if (dynamoFaults) counters.dynamodb = await dynamoFaults({ type: 'faults-counters' });
      return counters;
    },
    async resetCounters() {
      for (const injector of Object.values(injectors)) injector.resetCounters();
      await dynamoFaults?.({ type: 'faults-counters', reset: true });
    },
  };
  try {
    const endpoints: Partial<EmulatorEndpoints> = { ...external };
    let stepFunctions: LocalStepFunctions | null = null;
    let sesInboxUrl: string | null = null;

    // The DynamoDB child process loads and starts while the other emulators start here.
    let dynamoStarted: Promise<void> = Promise.resolve();
    if (!external.dynamodb) {
      // A folder another instance holds fails here, before anything starts.
      const starting = startDynamo(await databaseFolder(options.dataDir));
      stops.push(async () => (await starting.catch(() => undefined))?.stop());
      dynamoStarted = starting.then((dynamo) => {
        endpoints.dynamodb = dynamo.url;
        dynamoFaults = dynamo.faults;
      });
      // Awaited below; a failure while the others start is not an unhandled rejection.
      dynamoStarted.catch(() => undefined);
    }
    if (!external.s3) {
      const s3 = await startS3(options.dataDir, (listener) => injectors.s3.wrap(listener));
      stops.push(s3.stop);
      endpoints.s3 = s3.url;
    }
    if (!external.sfn) {
      const sfn = await startStepFunctionsEndpoint({
        preferredPort: previousPorts.sfn,
        wrap: (listener) => injectors.sfn.wrap(listener),
      });
      stops.push(sfn.close);
      endpoints.sfn = sfn.url;
      stepFunctions = sfn.stateMachines;
    }
    if (!external.ses) {
      const ses = await startSes({
        preferredPort: previousPorts.ses,
        wrap: (listener) => injectors.ses.wrap(listener),
      });
      stops.push(ses.close);
      endpoints.ses = ses.url;
      sesInboxUrl = ses.url;
    }
    await dynamoStarted;

    const all = endpoints as EmulatorEndpoints;
    const embedded = Object.fromEntries(EMULATED_SERVICES.map((s) => [s, !external[s]])) as Record<
      EmulatedService,
      boolean
    >;
    for (const service of EMULATED_SERVICES) {
      if (embedded[service]) previousPorts[service] = Number(new URL(all[service]).port);
    }
    applyLocalAwsEnvironment(all, { forceLocalCredentials: embedded.s3 });

    const dynamoClient = new DynamoDBClient({ endpoint: all.dynamodb });
    const s3Client = new S3Client({ endpoint: all.s3, forcePathStyle: true });
    try {
      await Promise.all([
        ensureTable(dynamoClient, tableName()),
        ensureBuckets(s3Client, options.corsOrigins ?? ['*']),
      ]);
    } finally {
      dynamoClient.destroy();
      s3Client.destroy();
    }

    return { endpoints: all, embedded, sesInboxUrl, stepFunctions, faults, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The child process's entry point (`dynamo-process.ts`) and the TypeScript loader it runs with. */
const DYNAMO_PROCESS = path.join(import.meta.dirname, 'dynamo-process.ts');
const TSX_LOADER = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;

/**
 * dynalite on an internal loopback port, behind the transaction proxy (the endpoint
 * clients use), both in a child process (`dynamo-process.ts`, issue 22 item 8) so
 * that the table's CPU work runs beside the portal's, not in turn with it.
 * `dbPath` comes from {@link databaseFolder} (null: in memory).
 * @throws Error when the child fails to start.
 */
/** `Omit` over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

async function startDynamo(dbPath: string | null): Promise<{
  url: string;
  stop(): Promise<void>;
  /** Sends a fault switch request to the child; resolves with its counters (before a reset). */
  faults(message: DistributiveOmit<DynamoProcessFaults, 'id'>): Promise<Record<FaultKind, number>>;
}> {
  const child = fork(DYNAMO_PROCESS, [], {
    execArgv: ['--import', TSX_LOADER],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve(counters: Record<FaultKind, number>): void; reject(e: Error): void }>();
  let nextId = 0;
  child.on('message', (message: DynamoProcessMessage) => {
    if (message.type !== 'faults') return;
    pending.get(message.id)?.resolve(message.counters);
    pending.delete(message.id);
  });
  void exited.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error('The DynamoDB emulator process ended.'));
    pending.clear();
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(
          new Error(`The DynamoDB emulator process ended before it was ready (${signal ?? `exit code ${code}`}).`),
        ),
      );
      child.on('message', (message: DynamoProcessMessage) => {
        if (message.type === 'ready') resolve(message.url);
        else if (message.type === 'failed')
          reject(new Error(`The DynamoDB emulator did not start: ${message.message}`));
      });
      const start: DynamoProcessStart = { type: 'start', dbPath, preferredPort: previousPorts.dynamodb };
      child.send(start);
    });
    return {
      url,
      faults(message) {
        if (!child.connected) return Promise.reject(new Error('The DynamoDB emulator process has ended.'));
        const id = ++nextId;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          child.send({ ...message, id });
        });
      },
      async stop() {
        if (child.connected) child.send({ type: 'stop' });
        // leveldb is closed by then; a child that does not end promptly is ended.
        const timer = setTimeout(() => void kill(), 5_000);
        await exited;
        clearTimeout(timer);
      },
    };
  } catch (error) {
    await kill();
    throw error;
  }
}

/**
 * `<dataDir>/dynamodb`, created if missing and checked free, or null in memory.
 * @throws DataDirInUseError when another instance holds it.
 */
async function databaseFolder(dataDir: string | null): Promise<string | null> {
  if (!dataDir) return null;
  const dbPath = path.join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  await assertDatabaseFree(dataDir, dbPath);
  return dbPath;
}

/**
 * dynalite opens its leveldb lazily and crashes the process on the first request
 * when another process holds the LOCK, so the folder is probed first.
 */
async function assertDatabaseFree(dataDir: string, dbPath: string): Promise<void> {
  // dynalite's own `level`, whatever the hoisting.
  const requireFromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  const { Level } = requireFromDynalite('level') as {
    Level: new (location: string) => { open(): Promise<void>; close(): Promise<void> };
  };
  const probe = new Level(dbPath);
  try {
    await probe.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') throw new DataDirInUseError(path.resolve(dataDir), { cause: error });
    throw error;
  }
  await probe.close();
}

/** s3rver, persisted under `<dataDir>/s3`, or in a temporary folder removed on stop; `wrap` is the fault switch, outermost. */
async function startS3(dataDir: string | null, wrap: FaultWrap): Promise<{ url: string; stop(): Promise<void> }> {
  // s3rver's default folder is shared by every in-memory instance of the machine: use our own.
  const directory = dataDir ? path.join(dataDir, 's3') : mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  mkdirSync(directory, { recursive: true });
  const s3rver = new S3rver({ silent: true, directory });
  // s3rver's own listen() has no error handler (a taken port would crash the process).
  // AbortMultipartUpload and ListMultipartUploads, which s3rver lacks, are answered in front of it,
  // behind the signature and POST policy checks S3 makes and s3rver does not (s3-authorization.ts).
  const server: Server = createServer(
    wrap(
      withS3Authorization(
        { [LOCAL_CREDENTIALS.accessKeyId]: LOCAL_CREDENTIALS.secretAccessKey },
        withMultipartOperations(directory, s3rver.callback() as Parameters<typeof withMultipartOperations>[1]),
      ),
    ),
  );
  const port = await listenPreferring(server, previousPorts.s3, LOOPBACK);
  return {
    url: loopbackUrl(port),
    async stop() {
      await closeServer(server);
      (s3rver as unknown as { logger: { close(): void } }).logger.close();
      if (!dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Endpoint variables the SDK reads per service (`AWS_ENDPOINT_URL_<serviceId>`). */
const ENDPOINT_VARIABLES: Record<EmulatedService, readonly string[]> = {
  dynamodb: ['AWS_ENDPOINT_URL_DYNAMODB'],
  s3: ['AWS_ENDPOINT_URL_S3'],
  sfn: ['AWS_ENDPOINT_URL_SFN'],
  ses: ['AWS_ENDPOINT_URL_SES', 'AWS_ENDPOINT_URL_SESV2'],
};

/** Values this module wrote into `process.env`: not a user's choice, so never "external". */
const writtenEndpoints = new Set<string>();

/**
 * The services a user points elsewhere (a LocalStack): `AWS_ENDPOINT_URL` for all, or
 * `AWS_ENDPOINT_URL_DYNAMODB`, `_S3`, `_SFN`, `_SES` / `_SESV2` per service. Values set
 * by an embedded stack earlier in this process are ignored.
 */
export function externalEndpointsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<EmulatorEndpoints> {
  const given = (value: string | undefined) => (value && !writtenEndpoints.has(value) ? value : undefined);
  const external: Partial<EmulatorEndpoints> = {};
  for (const service of EMULATED_SERVICES) {
    const value =
      ENDPOINT_VARIABLES[service].map((name) => given(env[name])).find(Boolean) ?? given(env.AWS_ENDPOINT_URL);
    if (value) external[service] = value;
  }
  return external;
}

/**
 * Sets the SDK's standard variables so every client in this process talks to the
 * given endpoints, plus the region, credentials, checksum settings (LOCAL-STACK.md
 * trap 1) and resource names. `forceLocalCredentials` replaces credentials already in
 * the environment (an embedded s3rver accepts only its own pair).
 */
export function applyLocalAwsEnvironment(
  endpoints: Partial<EmulatorEndpoints>,
  options: { forceLocalCredentials?: boolean } = {},
): void {
  for (const service of EMULATED_SERVICES) {
    const endpoint = endpoints[service];
    if (!endpoint) continue;
    for (const name of ENDPOINT_VARIABLES[service]) process.env[name] = endpoint;
    writtenEndpoints.add(endpoint);
  }
  process.env.AWS_REGION ??= LOCAL_REGION;
  if (options.forceLocalCredentials) {
    process.env.AWS_ACCESS_KEY_ID = LOCAL_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = LOCAL_CREDENTIALS.secretAccessKey;
    delete process.env.AWS_SESSION_TOKEN;
  } else {
    process.env.AWS_ACCESS_KEY_ID ??= LOCAL_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY ??= LOCAL_CREDENTIALS.secretAccessKey;
  }
  process.env.AWS_REQUEST_CHECKSUM_CALCULATION = 'WHEN_REQUIRED';
  process.env.AWS_RESPONSE_CHECKSUM_VALIDATION = 'WHEN_REQUIRED';
  process.env[TABLE.nameEnv] ??= TABLE.localName;
  process.env[BUCKETS.private.nameEnv] ??= BUCKETS.private.localName;
  process.env[BUCKETS.public.nameEnv] ??= BUCKETS.public.localName;
}

/** The physical table name: `TABLE_NAME`, else the local name. */
export function tableName(): string {
  return process.env[TABLE.nameEnv] ?? TABLE.localName;
}

/** The physical name of a bucket: its variable, else its local name. */
export function bucketName(bucket: keyof typeof BUCKETS): string {
  return process.env[BUCKETS[bucket].nameEnv] ?? BUCKETS[bucket].localName;
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
  for (const bucket of Object.keys(BUCKETS) as (keyof typeof BUCKETS)[]) {
    const name = bucketName(bucket);
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
