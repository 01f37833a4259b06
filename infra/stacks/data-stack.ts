import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  type GlobalSecondaryIndexPropsV2,
  ProjectionType,
  StreamViewType,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  type CorsRule,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE } from '#shared/table';
import { BUNDLE_OBJECT_DAYS, BUNDLE_OBJECT_PREFIX, SEARCH_OBJECT_PREFIX } from '../../functions/src/data/keys.ts';

/**
 * Days after which S3 aborts a multipart upload that never completed, in both data
 * buckets: the bundle workflow aborts its own failed uploads, this is the last resort
 * (decision record 022).
 */
export const ABORT_INCOMPLETE_UPLOAD_DAYS = 1;

/**
 * Days the noncurrent versions of bundle objects are kept (versioned bucket): the
 * expiry of a zip or manifest, the finish step's deletion of a manifest and an
 * identical rewrite of a zip each leave one; nothing ever restores them.
 */
export const BUNDLE_NONCURRENT_DAYS = 1;

/**
 * Days S3 server access logs of the data buckets are kept in the log bucket
 * (`DataStack.accessLogBucket`): long enough to investigate an incident reported
 * weeks later, short enough that the logs of presigned downloads do not pile up.
 */
export const ACCESS_LOG_DAYS = 90;

/** Key prefix of each data bucket's server access logs in the log bucket (`<prefix><bucket>/`). */
export const ACCESS_LOG_PREFIX = { private: 's3/private/', public: 's3/public/' } as const;

export interface DataStackProps extends StackProps {
  /** `dev` stacks may be destroyed with their data; every other stage retains and protects it. */
  readonly stage: string;
  /** Origins the browser uploads from with presigned POST/PUT (the site's address). */
  readonly uploadOrigins: readonly string[];
  /**
   * The web distribution allowed to read the public bucket. Unknown on the first
   * deployment (the web stack depends on this one), so until it is set any
   * distribution of this account may read; set it once the web stack exists.
   */
  readonly webDistributionId?: string;
}

/** The stateful part of the portal: the single table, the two file buckets and their access-log bucket. */
export class DataStack extends Stack {
  readonly table: TableV2;
  /** Courseware files and bundles: read only through presigned URLs. */
  readonly privateBucket: Bucket;
  /** Portraits, page and news images: read only through CloudFront (`/public/*`). */
  readonly publicBucket: Bucket;
  /**
   * S3 server access logs of both data buckets (who read or wrote which object, with
   * the presigned URL's signer), expired after {@link ACCESS_LOG_DAYS} days. Private,
   * SSE-S3 (the only encryption S3 log delivery supports), written by the S3 logging
   * service through the bucket policy; it does not log itself.
   */
  readonly accessLogBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const disposable = props.stage === 'dev';
    const removalPolicy = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: Object.values(TABLE.indexes).map(
        (index): GlobalSecondaryIndexPropsV2 => ({
          indexName: index.indexName,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          sortKey: { name: index.sortKey, type: AttributeType.STRING },
          projectionType: ProjectionType.ALL,
        }),
      ),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      // Keys only: the catalog indexer needs to know that the revision item changed, not how.
      dynamoStream: StreamViewType.KEYS_ONLY,
      deletionProtection: !disposable,
      removalPolicy,
    });

    // Same rule as the local stack's buckets (infra/local/emulators.ts), so browser
    // uploads behave the same in both homes. CORS only lets the page read the
    // response; the presigned signature is what authorises the request.
    const uploadCors: CorsRule = {
      allowedOrigins: [...props.uploadOrigins],
      allowedMethods: [HttpMethods.GET, HttpMethods.HEAD, HttpMethods.PUT, HttpMethods.POST],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    };
    this.accessLogBucket = new Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(ACCESS_LOG_DAYS) }],
      removalPolicy,
      autoDeleteObjects: disposable,
    });

    const bucketDefaults: BucketProps = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      cors: [uploadCors],
      lifecycleRules: [
        {
          id: 'abort-incomplete-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(ABORT_INCOMPLETE_UPLOAD_DAYS),
        },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) },
      ],
      removalPolicy,
      autoDeleteObjects: disposable,
    };

    this.privateBucket = new Bucket(this, 'PrivateBucket', {
      ...bucketDefaults,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIX.private,
    });
    // Every content write replaces the catalog snapshot; its old versions are worth nothing.
    this.privateBucket.addLifecycleRule({
      id: 'expire-old-catalog-snapshots',
      prefix: SEARCH_OBJECT_PREFIX,
      noncurrentVersionExpiration: Duration.days(1),
    });
    // Bundle zips and manifests are rebuilt on demand: they expire after BUNDLE_OBJECT_DAYS
    // (reuse stops a day earlier, so a reused zip never vanishes under a download link).
    this.privateBucket.addLifecycleRule({
      id: 'expire-bundles',
      prefix: BUNDLE_OBJECT_PREFIX,
      expiration: Duration.days(BUNDLE_OBJECT_DAYS),
      noncurrentVersionExpiration: Duration.days(BUNDLE_NONCURRENT_DAYS),
    });
    this.publicBucket = new Bucket(this, 'PublicBucket', {
      ...bucketDefaults,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIX.public,
    });

    // CloudFront's origin access control reads the public bucket. The statement is
    // written here rather than by the distribution's origin: a policy naming the
    // distribution would make this stack depend on the web stack, a cycle.
    this.publicBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOriginAccessControl',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.publicBucket.arnForObjects('*')],
        conditions: props.webDistributionId
          ? {
              StringEquals: {
                'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/${props.webDistributionId}`,
              },
            }
          : { ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` } },
      }),
    );

    // What the operator tools need (npm run admin:first, npm run seed; docs/deploy.md).
    new CfnOutput(this, 'TableName', { description: 'The single table (TABLE_NAME)', value: this.table.tableName });
    new CfnOutput(this, 'PrivateBucketName', {
      description: 'Courseware files and bundles (PRIVATE_BUCKET)',
      value: this.privateBucket.bucketName,
    });
    new CfnOutput(this, 'PublicBucketName', {
      description: 'Portraits, page and news images (PUBLIC_BUCKET)',
      value: this.publicBucket.bucketName,
    });
  }
}
