import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE } from '#shared/table';

/** What a function may do with a bound resource. */
export type TableAccess = 'read' | 'readWrite';
export type BucketAccess = 'read' | 'readWrite';

export interface PortalFunctionProps {
  /** Absolute path of the handler module (exports `handler`); must lie under `projectRoot`. */
  readonly entry: string;
  /** Absolute path of the repository root, holding `package-lock.json`. */
  readonly projectRoot: string;
  readonly description?: string;
  /** @default 512 MB */
  readonly memorySize?: number;
  /** @default 10 s (API Gateway gives up after 30 s) */
  readonly timeout?: Duration;
  /** @default one month */
  readonly logRetention?: RetentionDays;
  /** Applied to the log group. @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
  /** Concurrent executions reserved (and allowed at most); 1 serialises invocations. @default none (account pool) */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * Exact DynamoDB actions for {@link PortalFunction.bindTableActions}: `actions` on the
 * table itself, `indexActions` on its indexes (`<table ARN>/index/*`). Read actions
 * only make sense on indexes (`dynamodb:Query`, `dynamodb:Scan`).
 */
export interface TableGrant {
  readonly actions: readonly string[];
  readonly indexActions?: readonly string[];
}

/**
 * Exact S3 object actions on the objects under each of `keyPrefixes` (e.g. `bundles/`),
 * for {@link PortalFunction.bindBucketObjects}. `s3:GetObject` also authorises
 * HeadObject; `s3:PutObject` also authorises CreateMultipartUpload, UploadPart and
 * CompleteMultipartUpload.
 */
export interface ObjectGrant {
  readonly actions: readonly string[];
  readonly keyPrefixes: readonly string[];
}

/** Options of {@link PortalFunction.bindBucket}. */
export interface BindBucketOptions {
  /** Grant object access only under this key prefix (e.g. `search/`); the whole bucket when absent. */
  readonly keyPrefix?: string;
}

/** The ESM bundle needs `require` for the CommonJS dependencies that esbuild leaves as calls. */
const CREATE_REQUIRE_BANNER =
  "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);";

/**
 * The house Lambda of the portal: Node.js 22 on arm64, an ESM bundle built by the
 * local esbuild (never Docker), source maps, its own log group, and the SDK
 * settings the local stack also uses. Resources are attached with `bindTable()` /
 * `bindBucket()` / `bindSecret()`, which set the handler's environment variable and grant IAM in
 * one call, so a handler can never see a name it has no permission for; the
 * least-privilege variants `bindTableActions()` / `bindBucketObjects()` grant exactly
 * the listed actions. The one exception is `bindBucketName()`, for a bucket whose name
 * the shared environment check (`functions/src/lib/env.ts`) requires but the
 * function never touches.
 */
export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      // Explicit, so synthesis does not depend on the working directory.
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      logGroup,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // Presigned PUT/POST URLs must not carry a checksum of an empty body
        // (LOCAL-STACK.md trap 1); the same settings as the local stack.
        AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
        AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: CREATE_REQUIRE_BANNER,
        minify: true,
        keepNames: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        // Bundle the SDK clients from package-lock.json instead of the runtime's copy,
        // so the cloud runs the exact versions the local stack and the tests run.
        bundleAwsSDK: true,
      },
    });
  }

  /** Sets `TABLE_NAME` and grants the table and its indexes. */
  bindTable(table: ITableV2, access: TableAccess = 'readWrite'): this {
    this.addEnvironment(TABLE.nameEnv, table.tableName);
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    return this;
  }

  /**
   * Sets `envName` to the bucket's name and grants object access (never bucket
   * configuration), to the objects under `options.keyPrefix` only when given. Read
   * access includes `s3:List*` on the bucket, so a missing object is a 404, not a 403.
   */
  bindBucket(
    envName: string,
    bucket: IBucket,
    access: BucketAccess = 'readWrite',
    options: BindBucketOptions = {},
  ): this {
    this.addEnvironment(envName, bucket.bucketName);
    const objects = options.keyPrefix === undefined ? undefined : `${options.keyPrefix}*`;
    if (access === 'read') bucket.grantRead(this, objects);
    else bucket.grantReadWrite(this, objects);
    return this;
  }

  /**
   * Sets `TABLE_NAME` and grants exactly `grant.actions` on the table and
   * `grant.indexActions` on its indexes: for functions that must not get the whole
   * read or read-write set of {@link bindTable}. A transaction (TransactWriteItems /
   * TransactGetItems) is authorised by the item-level actions it contains.
   */
  bindTableActions(table: ITableV2, grant: TableGrant): this {
    this.addEnvironment(TABLE.nameEnv, table.tableName);
    if (grant.actions.length > 0) {
      this.addToRolePolicy(new PolicyStatement({ actions: [...grant.actions], resources: [table.tableArn] }));
    }
    if (grant.indexActions && grant.indexActions.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({ actions: [...grant.indexActions], resources: [`${table.tableArn}/index/*`] }),
      );
    }
    table.encryptionKey?.grantEncryptDecrypt(this);
    return this;
  }

  /**
   * Sets `envName` to the bucket's name and grants exactly `objects` (object actions per
   * key prefix) plus `bucketActions` on the bucket itself (e.g. `s3:ListBucket`, which
   * turns HeadObject of a missing object into a 404 instead of a 403, or
   * `s3:ListBucketMultipartUploads`). Never bucket configuration. A KMS-encrypted
   * bucket's key is granted too.
   */
  bindBucketObjects(
    envName: string,
    bucket: IBucket,
    objects: readonly ObjectGrant[],
    bucketActions: readonly string[] = [],
  ): this {
    this.addEnvironment(envName, bucket.bucketName);
    for (const grant of objects) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: [...grant.actions],
          resources: grant.keyPrefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
        }),
      );
    }
    if (bucketActions.length > 0) {
      this.addToRolePolicy(new PolicyStatement({ actions: [...bucketActions], resources: [bucket.bucketArn] }));
    }
    bucket.encryptionKey?.grantEncryptDecrypt(this);
    return this;
  }

  /**
   * Sets `envName` to the bucket's name and grants nothing: for a bucket the shared
   * environment check requires (`functions/src/lib/env.ts` needs both bucket names)
   * but this function never reads or writes.
   */
  bindBucketName(envName: string, bucket: IBucket): this {
    this.addEnvironment(envName, bucket.bucketName);
    return this;
  }

  /**
   * Lets the function send e-mail through SES (`ses:SendRawEmail`, `ses:SendEmail` on
   * the identities of its account and region) and sets `variables`, the sender and
   * recipient addresses it reads (decision record 018).
   */
  bindEmailSending(variables: Readonly<Record<string, string>>): this {
    for (const [name, value] of Object.entries(variables)) this.addEnvironment(name, value);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendRawEmail', 'ses:SendEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
      }),
    );
    return this;
  }

  /** Sets `envName` to the secret's ARN and grants reading its value (GetSecretValue, and its KMS key if any). */
  bindSecret(envName: string, secret: ISecret): this {
    this.addEnvironment(envName, secret.secretArn);
    secret.grantRead(this);
    return this;
  }
}
