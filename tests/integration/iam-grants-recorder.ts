import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareStack } from '@smithy/types';
import { BUCKETS, TABLE } from '#shared/table';
import { dynamoDbClient, s3Client } from '../../functions/src/adapters/aws-clients.ts';

/**
 * Records every DynamoDB and S3 request the portal's code sends through the shared
 * SDK clients (`functions/src/adapters/aws-clients.ts`), in this test process, and
 * names the IAM action and resource each one needs (AWS service authorization
 * reference), for `iam-grants.int.test.ts`.
 *
 * Each call is attributed by its async stack: a frame under `functions/src/api/<group>/`
 * names the client group whose route sent it (the local gateway awaits the handler, so
 * V8's async stack traces reach it); frames of the bundle workflow's tasks, the
 * catalog indexer or the housekeeping jobs mark background work; otherwise the group
 * of the running handler ({@link handlerGroup}); anything else stays unattributed,
 * and the test reports it.
 *
 * Presigned GETs run the client's middleware stack (the presigner clones it), so they
 * are recorded like requests; presigned POSTs do not, and are recorded by
 * {@link recordPresignedPost}, called by the test's wrapper of `presignUpload`.
 */

/** One IAM permission a recorded call needs. */
export interface RecordedUse {
  /** The client group, a background job (`catalogIndexer`, `bundleWorkflow`, …), or `unattributed`. */
  readonly origin: string;
  /** The SDK command, e.g. `QueryCommand`. */
  readonly command: string;
  /** e.g. `dynamodb:Query`, `s3:GetObject`. */
  readonly action: string;
  /** `table`, `index:<name>`, `private:<key>`, `public:<key>`, `private`, `public`, or `other:<name>`. */
  readonly resource: string;
  /** The portal's frames of the stack of an unattributed call, to tell where it came from. */
  readonly frames?: string;
}

/** Everything recorded so far, in order. */
export const recorded: RecordedUse[] = [];

/** Stack markers of work no route sent, and its name (`HOUSEKEEPING_GRANTS` keys where one applies). */
const BACKGROUND = [
  ['functions/src/bundles/', 'bundleWorkflow'],
  ['infra/local/workflows', 'bundleWorkflow'],
  ['functions/src/housekeeping/upload-sweeper', 'uploadSweeper'],
  ['functions/src/housekeeping/feedback-resender', 'feedbackResender'],
  ['functions/src/housekeeping/outbox-sender', 'outboxSender'],
  ['functions/src/housekeeping/saved-search-digest', 'savedSearchDigest'],
  ['functions/src/housekeeping/scheduled-publisher', 'scheduledPublisher'],
  ['functions/src/services/scheduled-publishing', 'scheduledPublisher'],
  ['functions/src/housekeeping/update-notices', 'updateNotices'],
  ['infra/local/outbox-consumer', 'outboxSender'],
  ['infra/local/housekeeping', 'housekeeping'],
  ['infra/local/catalog-indexer', 'catalogIndexer'],
  // A snapshot rebuild whose caller's frames are lost (a queued sync); the search
  // group's own rebuilds show its frame first, and both grant the same.
  ['functions/src/search/indexer.ts', 'catalogIndexer'],
  ['functions/src/seed/', 'seed'],
  ['functions/src/test-support/', 'testSetup'],
] as const;

/**
 * The client group whose handler is running, set by the test's wrapper of
 * `createGroupHandler` (`functions/src/lib/group.ts`): it reaches the calls of route
 * code shared between groups (e.g. `functions/src/messages/`), whose async stacks
 * show no `functions/src/api/<group>/` frame.
 */
export const handlerGroup = new AsyncLocalStorage<string>();

/**
 * The origin of the call whose stack this is: the html group for anything its handler
 * runs (it calls other groups' handlers in-process), else a route's group frame, then a
 * background marker (work a request may have started, e.g. the workflow, carries the
 * request's async context), then the running handler's group.
 */
function originOf(stack: string): string {
  // The html group calls other groups' read handlers in-process (decision record 038):
  // their frames are in functions/src/api/<group>/, but the html Lambda makes the calls, under its grants.
  if (handlerGroup.getStore() === 'html') return 'html';
  const group = /functions\/src\/api\/([a-z-]+)\//.exec(stack);
  if (group) return group[1] ?? 'unattributed';
  for (const [marker, name] of BACKGROUND) if (stack.includes(marker)) return name;
  return handlerGroup.getStore() ?? 'unattributed';
}

/** `private` / `public` for the portal's buckets, `other:<name>` for any other. */
function bucketOf(name: unknown): string {
  if (name === process.env[BUCKETS.private.nameEnv]) return 'private';
  if (name === process.env[BUCKETS.public.nameEnv]) return 'public';
  return `other:${String(name)}`;
}

function tableResource(name: unknown, index?: unknown): string {
  if (name !== process.env[TABLE.nameEnv]) return `other:${String(name)}`;
  return typeof index === 'string' ? `index:${index}` : 'table';
}

type Input = Record<string, unknown>;

/** The IAM uses of one DynamoDB command (by its raw or document-client name). */
export function dynamoUses(command: string, input: Input): { action: string; resource: string }[] {
  const name = command
    .replace(/Command$/, '')
    .replace(/Item$/, '')
    .replace(/Items$/, '');
  const single = (action: string) => [{ action, resource: tableResource(input.TableName, input.IndexName) }];
  switch (name) {
    case 'Get':
      return single('dynamodb:GetItem');
    case 'Put':
      return single('dynamodb:PutItem');
    case 'Update':
      return single('dynamodb:UpdateItem');
    case 'Delete':
      return single('dynamodb:DeleteItem');
    case 'Query':
      return single('dynamodb:Query');
    case 'Scan':
      return single('dynamodb:Scan');
    case 'BatchGet':
      return Object.keys((input.RequestItems ?? {}) as Input).map((table) => ({
        action: 'dynamodb:BatchGetItem',
        resource: tableResource(table),
      }));
    case 'BatchWrite':
      return Object.keys((input.RequestItems ?? {}) as Input).map((table) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: tableResource(table),
      }));
    case 'TransactWrite':
    case 'TransactGet': {
      const actions: Record<string, string> = {
        Put: 'dynamodb:PutItem',
        Update: 'dynamodb:UpdateItem',
        Delete: 'dynamodb:DeleteItem',
        ConditionCheck: 'dynamodb:ConditionCheckItem',
        Get: 'dynamodb:GetItem',
      };
      return ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
        Object.entries(item).map(([kind, operation]) => ({
          action: actions[kind] ?? `unknown:${kind}`,
          resource: tableResource((operation as Input).TableName),
        })),
      );
    }
    default:
      return [{ action: `unknown:dynamodb:${command}`, resource: tableResource(input.TableName) }];
  }
}

/** The IAM uses of one S3 command. */
export function s3Uses(command: string, input: Input): { action: string; resource: string }[] {
  const bucket = bucketOf(input.Bucket);
  const object = (action: string, key = input.Key) => ({ action, resource: `${bucket}:${String(key)}` });
  switch (command.replace(/Command$/, '')) {
    case 'GetObject':
    case 'HeadObject':
      return [object('s3:GetObject')];
    case 'PutObject':
    case 'CreateMultipartUpload':
    case 'UploadPart':
    case 'CompleteMultipartUpload':
      return [object('s3:PutObject')];
    case 'AbortMultipartUpload':
      return [object('s3:AbortMultipartUpload')];
    case 'ListParts':
      return [object('s3:ListMultipartUploadParts')];
    case 'DeleteObject':
      return [object('s3:DeleteObject')];
    case 'DeleteObjects':
      return ((input.Delete as { Objects?: { Key: string }[] })?.Objects ?? []).map((entry) =>
        object('s3:DeleteObject', entry.Key),
      );
    case 'CopyObject': {
      const source = String(input.CopySource ?? '');
      const [sourceBucket, ...key] = decodeURIComponent(source.replace(/^\//, '')).split('/');
      return [
        { action: 's3:GetObject', resource: `${bucketOf(sourceBucket)}:${key.join('/')}` },
        object('s3:PutObject'),
      ];
    }
    case 'ListObjectsV2':
    case 'ListObjects':
      return [{ action: 's3:ListBucket', resource: bucket }];
    case 'ListMultipartUploads':
      return [{ action: 's3:ListBucketMultipartUploads', resource: bucket }];
    default:
      return [{ action: `unknown:s3:${command}`, resource: bucket }];
  }
}

function record(command: string, uses: { action: string; resource: string }[]): void {
  const stack = new Error().stack ?? '';
  const origin = originOf(stack);
  const frames =
    origin === 'unattributed'
      ? stack
          .split('\n')
          .filter((line) => /\/(functions|infra|tests)\//.test(line) && !line.includes('iam-grants-recorder'))
          .map((line) => line.trim())
          .join(' < ')
      : undefined;
  for (const use of uses) recorded.push({ origin, command, ...use, ...(frames === undefined ? {} : { frames }) });
}

/** Records the presigned POST of an upload (it runs no middleware): `s3:PutObject` on its key. */
export function recordPresignedPost(bucket: string, key: string): void {
  record('PresignedPost', [{ action: 's3:PutObject', resource: `${bucketOf(bucket)}:${key}` }]);
}

type AnyStack = MiddlewareStack<object, object>;

let installed = false;

/**
 * Adds the recording middleware to the shared DynamoDB and S3 clients (once). The
 * document client shares the raw client's stack.
 */
export function installRecorder(): void {
  if (installed) return;
  installed = true;
  // Deep async stacks: the route's frame sits many awaits above the middleware.
  Error.stackTraceLimit = 200;
  const add = (stack: AnyStack, uses: typeof dynamoUses) =>
    stack.add(
      (next, context) => async (args) => {
        const command = (context as { commandName?: string }).commandName ?? 'unknown';
        record(command, uses(command, (args as { input: Input }).input));
        return next(args);
      },
      { step: 'initialize', name: 'iamGrantsRecorder', priority: 'high' },
    );
  add(dynamoDbClient.middlewareStack as unknown as AnyStack, dynamoUses);
  add(s3Client.middlewareStack as unknown as AnyStack, s3Uses);
}

// Installed on import, so a test file that imports this module before the suites it
// observes records their hooks' requests too.
installRecorder();
