import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE } from '#shared/table';
import { SES_CONFIGURATION_SET_ENV } from '../../functions/src/adapters/email.ts';

/**
 * The SES resources a sending function uses ({@link PortalFunction.bindEmailSending}):
 * the identity's ARN (`…:identity/<address or domain>`), the configuration set's name
 * and ARN (`…:configuration-set/<name>`); `infra/constructs/email.ts` creates them.
 */
export interface EmailSending {
  readonly identityArn: string;
  readonly configurationSetName: string;
  readonly configurationSetArn: string;
}

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
  /**
   * Files copied beside the bundle (into `/var/task/`), e.g. the SPA's `index.html`
   * that the html group answers with (decision record 038). @default none
   */
  readonly bundleFiles?: readonly string[];
  /**
   * Packages left out of the bundle (esbuild `--external`) and copied whole from the
   * project's `node_modules` into the asset's `node_modules/` without a network install,
   * for a package esbuild cannot bundle (a native `.node` binary, pdf.js's worker).
   * @default none
   */
  readonly bundleNodeModules?: readonly string[];
  /** @default arm64 (a function with a native binary for x86-64 only sets x86_64) */
  readonly architecture?: Architecture;
}

/**
 * Exact DynamoDB actions for {@link PortalFunction.bindTableActions}: `actions` on the
 * table itself, `indexActions` on its indexes (`<table ARN>/index/*`). Read actions
 * only make sense on indexes (`dynamodb:Query`, `dynamodb:Scan`).
 */
export interface TableGrant {
  readonly actions: readonly string[];
  readonly indexActions?: readonly string[];
  /**
   * The indexes (physical names, e.g. `gsi1`) `indexActions` apply to, each as
   * `<table ARN>/index/<name>`. @default every index (`<table ARN>/index/*`)
   */
  readonly indexNames?: readonly string[];
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

/**
 * CDK context key (`-c bundleAwsSdk=true` or cdk.json): bundle the AWS SDK clients
 * from package-lock.json into every function instead of importing the copy the
 * Node.js 22 runtime provides. Off by default (decision record 028): the runtime's
 * SDK keeps 11 of the 13 client groups under issue 10's 250 KB goal; bundling it adds
 * 320–590 KB per function but pins the exact versions the tests ran.
 */
export const BUNDLE_AWS_SDK_CONTEXT = 'bundleAwsSdk';

/** Whether the app's context asks for bundled SDK clients (`true` or `'true'`). */
export function bundlesAwsSdk(scope: Construct): boolean {
  const value: unknown = scope.node.tryGetContext(BUNDLE_AWS_SDK_CONTEXT);
  return value === true || value === 'true';
}

/**
 * Packages the Lambda bundles replace (esbuild `--alias`), each by a module of this
 * repository (path relative to the project root), for a dependency that loads a
 * package it never calls with the portal's settings. None today: decision record 028
 * aliased postcss away from sanitize-html; the sanitiser of decision record 041 imports
 * only the tokenizer of `xss`, which loads nothing it does not use.
 */
export const LAMBDA_BUNDLE_ALIASES: Readonly<Record<string, string>> = {};

/**
 * The esbuild settings of every Lambda bundle, shared by {@link PortalFunction} and the
 * bundle-size check (`infra/tools/function-sizes.ts`, decision record 041), which
 * builds the same entries with the same settings without a synth: an ESM bundle for
 * Node.js 22, minified (names not kept: every error class sets its `name`, and
 * source maps give stack traces their names back), an external source map without
 * sources, and `require` made available to the CommonJS dependencies that esbuild
 * leaves as calls.
 */
export const LAMBDA_BUNDLE_SETTINGS = {
  target: 'node22',
  mainFields: ['module', 'main'],
  banner:
    "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  minify: true,
  sourcesContent: false,
} as const;

/**
 * The house Lambda of the portal: Node.js 22 on arm64, an ESM bundle built by the
 * local esbuild (never Docker), source maps, its own log group, and the SDK
 * settings the local stack also uses. Resources are attached with `bindTableActions()` /
 * `bindBucketObjects()` / `bindSecret()` / `bindEmailSending()`, which set the handler's
 * environment variable and grant IAM in one call, so a handler can never see a name
 * it has no permission for, and grant exact actions only (no CDK `grantRead*`, whose
 * action lists hold wildcards; decision record 029, `infra/stacks/group-grants.ts`).
 * The one exception is `bindBucketName()`, for a bucket whose name the shared
 * environment check (`functions/src/lib/env.ts`) requires but the function never touches.
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
      architecture: props.architecture ?? Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      logGroup,
      // Structured logs (issue 10): each line a JSON object with timestamp, level and
      // requestId; console.debug is dropped, and of the platform's lines only warnings.
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
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
        target: LAMBDA_BUNDLE_SETTINGS.target,
        mainFields: [...LAMBDA_BUNDLE_SETTINGS.mainFields],
        banner: LAMBDA_BUNDLE_SETTINGS.banner,
        minify: LAMBDA_BUNDLE_SETTINGS.minify,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: LAMBDA_BUNDLE_SETTINGS.sourcesContent,
        esbuildArgs: Object.fromEntries([
          ...Object.entries(LAMBDA_BUNDLE_ALIASES).map(([name, module]) => [
            `--alias:${name}`,
            path.join(props.projectRoot, module),
          ]),
          ...(props.bundleNodeModules ?? []).map((name) => [`--external:${name}`, true]),
        ]),
        // The runtime's SDK clients by default (`@aws-sdk/*` left external); the
        // bundleAwsSdk context bundles the versions of package-lock.json instead.
        bundleAwsSDK: bundlesAwsSdk(scope),
        ...((props.bundleFiles && props.bundleFiles.length > 0) ||
        (props.bundleNodeModules && props.bundleNodeModules.length > 0)
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_inputDir: string, outputDir: string) => [
                  ...(props.bundleFiles ?? []).map((file) => `cp "${file}" "${outputDir}/"`),
                  ...(props.bundleNodeModules ?? []).map((name) => {
                    const target = path.join(outputDir, 'node_modules', name);
                    return `mkdir -p "${path.dirname(target)}" && cp -R "${path.join(props.projectRoot, 'node_modules', name)}" "${target}"`;
                  }),
                ],
              },
            }
          : {}),
      },
    });
  }

  /**
   * Sets `TABLE_NAME` and grants exactly `grant.actions` on the table and
   * `grant.indexActions` on its indexes. A transaction (TransactWriteItems /
   * TransactGetItems) is authorised by the item-level actions it contains. With
   * `grant.indexNames`, the index actions apply to those indexes only.
   */
  bindTableActions(table: ITableV2, grant: TableGrant): this {
    this.addEnvironment(TABLE.nameEnv, table.tableName);
    if (grant.actions.length > 0) {
      this.addToRolePolicy(new PolicyStatement({ actions: [...grant.actions], resources: [table.tableArn] }));
    }
    if (grant.indexActions && grant.indexActions.length > 0) {
      const indexes = grant.indexNames ?? ['*'];
      if (indexes.length > 0) {
        this.addToRolePolicy(
          new PolicyStatement({
            actions: [...grant.indexActions],
            resources: indexes.map((name) => `${table.tableArn}/index/${name}`),
          }),
        );
      }
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
   * Lets the function send e-mail through SES and sets `variables`, the sender and
   * recipient addresses it reads (decision records 018, 025), plus
   * `SES_CONFIGURATION_SET` (`functions/src/adapters/email.ts`) to the configuration
   * set's name. Grants `ses:SendRawEmail` and `ses:SendEmail` on exactly the sending
   * identity and the configuration set (SES authorises a send on both), nothing else.
   */
  bindEmailSending(variables: Readonly<Record<string, string>>, sending: EmailSending): this {
    for (const [name, value] of Object.entries(variables)) this.addEnvironment(name, value);
    this.addEnvironment(SES_CONFIGURATION_SET_ENV, sending.configurationSetName);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendRawEmail', 'ses:SendEmail'],
        resources: [sending.identityArn, sending.configurationSetArn],
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
