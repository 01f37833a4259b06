import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { BUCKETS, TABLE } from '#shared/table';
import { BUNDLE_STATE_MACHINE_ENV } from '../../functions/src/adapters/workflows.ts';
import { ZIP_TASK_NODE_FLAGS } from '../../functions/src/bundles/zip-task-settings.ts';
import {
  BUNDLE_MANIFEST_PREFIX,
  BUNDLE_OBJECT_PREFIX,
  CONTENT_FILE_PREFIX,
  UPLOADED_FILE_PREFIX,
} from '../../functions/src/data/keys.ts';
import { PortalFunction } from './portal-function.ts';

/** The one ASL file of the bundle workflow, shared with the local executor (ARCHITECTURE.md "Single sources of truth"). */
export const BUNDLE_WORKFLOW_ASL_PATH = path.resolve(import.meta.dirname, '..', 'workflows', 'bundle.asl.json');

/** The three task Lambdas of the workflow, by the name of their entry `functions/src/bundles/<name>-task.ts`. */
export const BUNDLE_TASKS = ['resolve', 'zip', 'finish'] as const;
export type BundleTask = (typeof BUNDLE_TASKS)[number];

/** The ASL substitution that stands for each task's function ARN (`${Name}` in bundle.asl.json). */
export const BUNDLE_TASK_SUBSTITUTIONS = {
  resolve: 'BundleResolveFunctionArn',
  zip: 'BundleZipFunctionArn',
  finish: 'BundleFinishFunctionArn',
} as const satisfies Record<BundleTask, string>;

/**
 * Memory (MB) and timeout of each task Lambda. The zip task streams every file into a
 * multipart upload (memory flat whatever the size; never a whole file in memory or on
 * disk, so ephemeral storage stays at its default); its 15 minutes bound a bundle to
 * about 10 GB (decision record 022).
 */
export const BUNDLE_TASK_SETTINGS = {
  resolve: { memorySize: 512, timeout: Duration.minutes(5) },
  zip: { memorySize: 1024, timeout: Duration.minutes(15) },
  finish: { memorySize: 256, timeout: Duration.minutes(1) },
} as const satisfies Record<BundleTask, { memorySize: number; timeout: Duration }>;

/** Limit of one whole execution: after it Step Functions stops the run (States.Timeout), whatever its retries. */
export const BUNDLE_EXECUTION_TIMEOUT = Duration.minutes(30);

/** A task Lambda's entry: `functions/src/bundles/<task>-task.ts`, exporting `handler`. */
export function bundleTaskEntry(projectRoot: string, task: BundleTask): string {
  return path.join(projectRoot, 'functions', 'src', 'bundles', `${task}-task.ts`);
}

/**
 * The definition string deployed from the ASL text: the file as it is, with the
 * execution-wide `TimeoutSeconds` set to `timeout`. (CDK's `timeout` property is
 * ignored for a definition given as a string, so the limit has to be in the JSON.)
 * Substitutions stay `${Name}` placeholders, resolved by CloudFormation.
 * @throws Error when the text is not a JSON object, names substitutions other than
 *   {@link BUNDLE_TASK_SUBSTITUTIONS} (or misses one), or sets a different
 *   top-level `TimeoutSeconds`.
 */
export function bundleWorkflowDefinition(asl: string, timeout: Duration = BUNDLE_EXECUTION_TIMEOUT): string {
  const definition: unknown = JSON.parse(asl);
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    throw new Error('The bundle workflow ASL must be a JSON object.');
  }
  const used = [...new Set([...asl.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]))].sort();
  const expected = Object.values(BUNDLE_TASK_SUBSTITUTIONS).sort();
  if (JSON.stringify(used) !== JSON.stringify(expected)) {
    throw new Error(
      `The bundle workflow ASL must use exactly the substitutions ${expected.join(', ')}; it uses ${used.join(', ') || 'none'}.`,
    );
  }
  const seconds = timeout.toSeconds();
  const current = (definition as Record<string, unknown>).TimeoutSeconds;
  if (current !== undefined && current !== seconds) {
    throw new Error(
      `The bundle workflow ASL sets TimeoutSeconds ${String(current)}; the deployment expects ${seconds}.`,
    );
  }
  return JSON.stringify({ ...definition, TimeoutSeconds: seconds });
}

export interface BundleWorkflowProps {
  /** Absolute path of the repository root (entries and `package-lock.json`). */
  readonly projectRoot: string;
  readonly table: ITableV2;
  /** Courseware files, uploads and bundles. */
  readonly privateBucket: IBucket;
  /** Only its name is given (the handlers' environment check needs it); never granted. */
  readonly publicBucket: IBucket;
  /** Log groups' removal policy. @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
  /** @default {@link BUNDLE_WORKFLOW_ASL_PATH} */
  readonly aslPath?: string;
}

/**
 * The bundle workflow (ARCHITECTURE.md "Files, bundles, downloads"; decision record
 * 022): a STANDARD state machine whose definition is `infra/workflows/bundle.asl.json`
 * (the file the local executor runs), and its three task Lambdas, each granted only
 * what its step does:
 * - resolve: reads the table and its indexes (content tree, files, lessons, the
 *   `BUNDLE#<fingerprint>` item), records the fingerprint on the bundle record
 *   (UpdateItem), writes `bundles/manifests/*`, and checks that a reusable zip still
 *   exists (HeadObject on `bundles/*`, ListBucket so a missing one is a 404);
 * - zip: reads `content/*`, `files/*` and `bundles/manifests/*` (ListBucket, so a file
 *   deleted meanwhile is a 404), writes `bundles/*` by multipart upload (and aborts its
 *   own), reads the bundle record, records its upload ids and updates its progress;
 * - finish: marks the bundle record Ready or Failed and records the finished zip
 *   (Get/Put/UpdateItem), aborts the multipart uploads the bundle recorded (by id, on
 *   `bundles/*`), deletes the manifest, HeadObject on `bundles/*`.
 * The state machine's role may invoke exactly these three functions; it logs errors
 * (without execution data) to its own log group and is traced with X-Ray.
 */
export class BundleWorkflow extends Construct {
  readonly stateMachine: StateMachine;
  readonly functions: Readonly<Record<BundleTask, PortalFunction>>;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: BundleWorkflowProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const { table, privateBucket, publicBucket } = props;

    const task = (name: BundleTask, description: string): PortalFunction =>
      new PortalFunction(this, `${name[0]?.toUpperCase()}${name.slice(1)}Function`, {
        entry: bundleTaskEntry(props.projectRoot, name),
        projectRoot: props.projectRoot,
        description,
        removalPolicy,
        ...BUNDLE_TASK_SETTINGS[name],
      }).bindBucketName(BUCKETS.public.nameEnv, publicBucket);

    const resolve = task('resolve', 'Portal bundle workflow: resolves the files of a bundle into a manifest')
      .bindTableActions(table, {
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
        // Children and lessons of content (gsi2), a category's published content (gsi3).
        indexActions: ['dynamodb:Query'],
        indexNames: [TABLE.indexes.gsi2.indexName, TABLE.indexes.gsi3.indexName],
      })
      .bindBucketObjects(
        BUCKETS.private.nameEnv,
        privateBucket,
        [
          { actions: ['s3:PutObject'], keyPrefixes: [BUNDLE_MANIFEST_PREFIX] },
          { actions: ['s3:GetObject'], keyPrefixes: [BUNDLE_OBJECT_PREFIX] },
        ],
        ['s3:ListBucket'],
      );

    const zip = task('zip', 'Portal bundle workflow: streams the files of a manifest into a zip')
      .bindTableActions(table, { actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] })
      .bindBucketObjects(
        BUCKETS.private.nameEnv,
        privateBucket,
        [
          {
            actions: ['s3:GetObject'],
            keyPrefixes: [CONTENT_FILE_PREFIX, UPLOADED_FILE_PREFIX, BUNDLE_MANIFEST_PREFIX],
          },
          {
            actions: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
            keyPrefixes: [BUNDLE_OBJECT_PREFIX],
          },
        ],
        // A file deleted since the manifest was written must read as a 404 (the bundle
        // fails with "the file … could not be read"), not as a 403 (a generic failure).
        ['s3:ListBucket'],
      );

    // The zip task streams: small semi-spaces keep its memory flat (decision record 022).
    zip.addEnvironment('NODE_OPTIONS', `--enable-source-maps ${ZIP_TASK_NODE_FLAGS}`);

    const finish = task('finish', 'Portal bundle workflow: marks a bundle Ready or Failed')
      .bindTableActions(table, { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] })
      .bindBucketObjects(
        BUCKETS.private.nameEnv,
        privateBucket,
        [
          {
            actions: ['s3:GetObject', 's3:AbortMultipartUpload', 's3:DeleteObject'],
            keyPrefixes: [BUNDLE_OBJECT_PREFIX],
          },
        ],
        ['s3:ListBucket'],
      );

    this.functions = { resolve, zip, finish };

    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy });
    const aslPath = props.aslPath ?? BUNDLE_WORKFLOW_ASL_PATH;
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineType: StateMachineType.STANDARD,
      comment: 'Portal bundle workflow: zips the files of a content item or category (decision record 022)',
      definitionBody: DefinitionBody.fromString(bundleWorkflowDefinition(readFileSync(aslPath, 'utf8'))),
      definitionSubstitutions: {
        [BUNDLE_TASK_SUBSTITUTIONS.resolve]: resolve.functionArn,
        [BUNDLE_TASK_SUBSTITUTIONS.zip]: zip.functionArn,
        [BUNDLE_TASK_SUBSTITUTIONS.finish]: finish.functionArn,
      },
      logs: { destination: this.logGroup, level: LogLevel.ERROR, includeExecutionData: false },
      tracingEnabled: true,
    });
    // The definition is a string, so CDK cannot see its tasks: grant them here, exactly.
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [resolve.functionArn, zip.functionArn, finish.functionArn],
      }),
    );
  }

  /**
   * Lets `fn` start runs: sets {@link BUNDLE_STATE_MACHINE_ENV} to the state machine's
   * ARN and grants `states:StartExecution` on this state machine only.
   */
  grantStart(fn: PortalFunction): void {
    fn.addEnvironment(BUNDLE_STATE_MACHINE_ENV, this.stateMachine.stateMachineArn);
    this.stateMachine.grantStartExecution(fn);
  }
}
