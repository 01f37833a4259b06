import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

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

/**
 * The raw DynamoDB client. Exported so a benchmark or test can add a middleware to
 * its `middlewareStack` (for example to count requests); the document client below
 * shares this client's stack.
 */
export const dynamoDbClient = new DynamoDBClient({ logger: sdkLogger });

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
export const s3Client = new S3Client({
  // The SDK resolves this endpoint parameter through a provider (its
  // EndpointParameters type says so); the merged client-config type narrows it to
  // boolean, hence the cast.
  forcePathStyle: forcePathStyle as unknown as boolean,
  logger: sdkLogger,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/**
 * The SES (v1 API) client: raw e-mails with attachments (`SendRawEmail`), e.g. the
 * content feedback of decision record 018. Locally its endpoint is the embedded
 * `aws-ses-v2-local` (`AWS_ENDPOINT_URL_SES`).
 */
export const sesClient = new SESClient({ logger: sdkLogger });

/**
 * The Step Functions client: starts and inspects the bundle workflow (decision
 * record 022). Locally its endpoint is the embedded executor's AWS JSON endpoint
 * (`AWS_ENDPOINT_URL_SFN`).
 */
export const sfnClient = new SFNClient({ logger: sdkLogger });
