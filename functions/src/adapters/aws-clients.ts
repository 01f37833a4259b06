import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { StandardRetryStrategy } from '@smithy/core/retry';

/**
 * The AWS SDK clients of a Lambda, created once per container at module scope
 * (powertools style). Endpoints, region and credentials come only from the SDK's
 * standard environment variables (`AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`,
 * `AWS_ENDPOINT_URL`, `AWS_REGION`, …; ARCHITECTURE.md "Same code, two homes"), and
 * the SDK resolves them on the first request, so a test or the local stack may set
 * them after this module was imported.
 */

/**
 * The clients' logger: silent, as the SDK's default one, but without an `info`
 * method. The SDK's logger middleware calls `logger?.info?.({ input, output })` after
 * every request, and builds those copies (every value walked against the operation's
 * schema to mask sensitive members) whenever `info` exists, even when the default
 * logger drops them: about 2.5 ms of CPU for a 60-item query. Without `info` the
 * copies are never made (issue 22 item 8). Warnings and errors are dropped as before.
 */
const sdkLogger = {
  trace: () => undefined,
  debug: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as NonNullable<DynamoDBClientConfig['logger']>;

/** The services the handlers call, each with its own retry and timeout settings. */
export type SdkService = 'dynamodb' | 's3' | 'sfn' | 'ses' | 'secretsManager';

/** Attempts and timeouts of one service's client (decision record 083). */
export interface SdkCallSettings {
  /** Attempts per call, the first included (the SDK's standard retry strategy: exponential backoff, full jitter). */
  readonly maxAttempts: number;
  /** Milliseconds to open a connection before the attempt fails (retried). */
  readonly connectionTimeoutMs: number;
  /** Milliseconds one attempt may take until its answer's headers arrive, connection included; then it fails (`TimeoutError`) and is retried. */
  readonly requestTimeoutMs: number;
}

/**
 * The bounded retries and timeouts of every AWS SDK client of the handlers (issue 28
 * item 2, decision record 083). The SDK's own `standard` retry mode retries throttles,
 * 5xx, timeouts and dropped connections with full-jitter exponential backoff (random
 * in [0, min(20 s, base × 2^retry)), base 50 ms, 1 s after a throttle); a request
 * timeout turns a hung call into a retried failure. One DynamoDB, Step Functions or
 * SES call takes at most 1.55 + 2 + 4 + 1.5 = 9.05 s (each of the four attempts
 * hung or throttled, whichever costs more, with the backoff after the first three),
 * below the API functions' 10 s and API Gateway's 30 s. S3 gets a longer attempt for
 * object copies and multipart parts (decision record 083 has the arithmetic).
 */
export const SDK_CALL_SETTINGS: Readonly<Record<SdkService, SdkCallSettings>> = {
  dynamodb: { maxAttempts: 4, connectionTimeoutMs: 1000, requestTimeoutMs: 1500 },
  s3: { maxAttempts: 4, connectionTimeoutMs: 1000, requestTimeoutMs: 5000 },
  sfn: { maxAttempts: 4, connectionTimeoutMs: 1000, requestTimeoutMs: 1500 },
  ses: { maxAttempts: 4, connectionTimeoutMs: 1000, requestTimeoutMs: 1500 },
  secretsManager: { maxAttempts: 4, connectionTimeoutMs: 1000, requestTimeoutMs: 1500 },
};

/** Overrides of {@link SDK_CALL_SETTINGS} in force, for every service (set by {@link overrideSdkCallSettings}). */
let overrides: Partial<SdkCallSettings> = {};
/** The request handlers of the clients made by {@link sdkClientOptions}, by service, so overrides reach them. */
const handlers: { service: SdkService; handler: { updateHttpClientConfig(key: string, value: unknown): void } }[] = [];

/** The settings in force for `service`: {@link SDK_CALL_SETTINGS} with the current overrides. */
export function sdkCallSettings(service: SdkService): SdkCallSettings {
  return { ...SDK_CALL_SETTINGS[service], ...overrides };
}

/**
 * Changes attempts and timeouts of every client made by {@link sdkClientOptions},
 * already made or not (null: back to {@link SDK_CALL_SETTINGS}). The local stack
 * gives the slow emulators longer attempts (`startPortal`); tests of timeouts give
 * shorter ones. Not used on AWS.
 */
export function overrideSdkCallSettings(settings: Partial<SdkCallSettings> | null): void {
  overrides = { ...(settings ?? {}) };
  for (const { service, handler } of handlers) {
    const current = sdkCallSettings(service);
    handler.updateHttpClientConfig('connectionTimeout', current.connectionTimeoutMs);
    handler.updateHttpClientConfig('requestTimeout', current.requestTimeoutMs);
  }
}

/**
 * The retry and timeout part of a client's configuration for `service`: the SDK's
 * `standard` retry mode with {@link SdkCallSettings.maxAttempts} (read on every call,
 * so overrides apply), and a Node HTTP handler (`@smithy/node-http-handler`, built by
 * the SDK from these options) whose request timeout throws.
 */
export function sdkClientOptions(service: SdkService) {
  const initial = sdkCallSettings(service);
  return {
    retryMode: 'standard',
    maxAttempts: async () => sdkCallSettings(service).maxAttempts,
    requestHandler: {
      connectionTimeout: initial.connectionTimeoutMs,
      requestTimeout: initial.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
  } as const;
}

/** Keeps the client's request handler, so {@link overrideSdkCallSettings} reaches it; returns the client. */
function registered<T extends { config: { requestHandler: unknown } }>(service: SdkService, client: T): T {
  const handler = client.config.requestHandler as { updateHttpClientConfig?(key: string, value: unknown): void };
  if (typeof handler.updateHttpClientConfig === 'function') {
    handlers.push({ service, handler: handler as { updateHttpClientConfig(key: string, value: unknown): void } });
  }
  return client;
}

/**
 * The raw DynamoDB client. Exported so a benchmark or test can add a middleware to
 * its `middlewareStack` (for example to count requests); the document client below
 * shares this client's stack.
 */
export const dynamoDbClient = registered(
  'dynamodb',
  new DynamoDBClient({ logger: sdkLogger, ...sdkClientOptions('dynamodb') }),
);

/**
 * Document client over {@link dynamoDbClient}: plain JavaScript values in and out;
 * `undefined` attributes are dropped rather than rejected.
 */
export const dynamoDocumentClient = DynamoDBDocumentClient.from(dynamoDbClient, {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * True when S3 is reached through a custom endpoint (s3rver, LocalStack), which
 * serves buckets by path, not by virtual host (LOCAL-STACK.md trap 2).
 */
function usesCustomS3Endpoint(): boolean {
  return Boolean(process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL);
}

const forcePathStyle = async (): Promise<boolean> => usesCustomS3Endpoint();

/**
 * The S3 client. Path-style addressing when a custom endpoint is configured
 * (evaluated per request, like the endpoint itself); checksums only when an
 * operation requires them, because s3rver stores the `aws-chunked` framing of
 * default-checksum streamed uploads as object bytes (LOCAL-STACK.md trap 1) and
 * default-mode presigned URLs carry the checksum of an empty body.
 */
export const s3Client = registered(
  's3',
  new S3Client({
    ...sdkClientOptions('s3'),
    // The SDK resolves this endpoint parameter through a provider (its
    // EndpointParameters type says so); the merged client-config type narrows it to
    // boolean, hence the cast.
    forcePathStyle: forcePathStyle as unknown as boolean,
    logger: sdkLogger,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }),
);

/** Node's codes of a connection that broke after the request may have reached the service. */
const BROKEN_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * True when a failed call may have been carried out all the same: no answer came
 * (the attempt timed out, or the connection broke after the request left: a lost
 * answer, a dropped connection), so the service may have acted. False when the
 * service answered an error (it did not act: a throttle, a 5xx, a refusal), when the
 * connection was never made (`ECONNREFUSED`), and for anything else (a plain error).
 * SES sends, which carry no idempotency token, are judged by it (decision record 083).
 */
export function sendOutcomeUnknown(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const failure = error as Error & { code?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (failure.$metadata?.httpStatusCode) return false;
  if (failure.name === 'TimeoutError') return true;
  if (failure.code && BROKEN_CONNECTION_CODES.has(failure.code)) return true;
  if (/socket hang up/i.test(failure.message)) return true;
  return sendOutcomeUnknown(failure.cause, depth + 1);
}

/**
 * The SDK's standard retry strategy, except that a call whose outcome is unknown
 * ({@link sendOutcomeUnknown}) is never retried: the SES client's, because a second
 * `SendRawEmail` after a lost answer sends a second e-mail (SES has no idempotency
 * token). Throttles and error answers are retried as everywhere else (decision record 083).
 */
export class AnsweredOnlyRetryStrategy extends StandardRetryStrategy {
  override async refreshRetryTokenForRetry(
    ...args: Parameters<StandardRetryStrategy['refreshRetryTokenForRetry']>
  ): ReturnType<StandardRetryStrategy['refreshRetryTokenForRetry']> {
    const [, errorInfo] = args;
    if (sendOutcomeUnknown(errorInfo.error)) throw new Error('No retry of a call whose outcome is unknown.');
    return super.refreshRetryTokenForRetry(...args);
  }
}

/**
 * The SES (v1 API) client: raw e-mails with attachments (`SendRawEmail`), e.g. the
 * content feedback of decision record 018. Locally its endpoint is the embedded
 * `aws-ses-v2-local` (`AWS_ENDPOINT_URL_SES`). A send without an answer is not retried
 * ({@link AnsweredOnlyRetryStrategy}): it fails with an error {@link sendOutcomeUnknown} knows.
 */
export const sesClient = registered(
  'ses',
  new SESClient({
    logger: sdkLogger,
    ...sdkClientOptions('ses'),
    retryStrategy: new AnsweredOnlyRetryStrategy(async () => sdkCallSettings('ses').maxAttempts),
  }),
);

/**
 * The Step Functions client: starts and inspects the bundle workflow (decision
 * record 022). Locally its endpoint is the embedded executor's AWS JSON endpoint
 * (`AWS_ENDPOINT_URL_SFN`).
 */
export const sfnClient = registered('sfn', new SFNClient({ logger: sdkLogger, ...sdkClientOptions('sfn') }));
