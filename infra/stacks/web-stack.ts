import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  type HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { PUBLIC_FILES_PATH } from '#shared/public-files';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from './security-headers.ts';
import {
  FEED_ROUTE_PATH,
  HTML_REWRITE_FUNCTION,
  PUBLIC_PREFIX_FUNCTION,
  PUBLIC_RESPONSE_FUNCTION,
  VIEWER_HOST_FUNCTION,
} from './viewer-functions.ts';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The SPA build the stacks deploy unless told otherwise: `web/dist`. */
export const DEFAULT_WEB_ASSET_PATH = path.join(PROJECT_ROOT, 'web', 'dist');

/** Days the site's logs (CloudFront standard logs, the web bucket's S3 access logs) are kept. */
export const WEB_LOG_DAYS = 90;

/** Key prefixes in the web log bucket: CloudFront standard logs and the web bucket's S3 server access logs. */
export const WEB_LOG_PREFIX = { cloudFront: 'cloudfront/', webBucket: 's3/web/' } as const;

/**
 * CDK context key naming an AWS WAF web ACL (scope CLOUDFRONT, so created in
 * us-east-1) to attach to the distribution. Opt-in: a web ACL costs about 5 USD a
 * month plus 1 USD per rule and 0.60 USD per million requests, more than the rest
 * of the site at idle; CloudFront's built-in AWS Shield Standard and the API
 * stage's throttling cover the baseline.
 */
export const WEB_ACL_CONTEXT = 'webAclArn';

const WEB_ACL_ARN_PATTERN = /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/;

export interface WebStackProps extends StackProps {
  readonly stage: string;
  readonly httpApi: IHttpApi;
  /** Served under `/public/*`; its policy (data stack) lets CloudFront read it. */
  readonly publicBucket: IBucket;
  /** Browsers upload to both buckets with presigned URLs: allowed in the CSP's connect-src. */
  readonly uploadBuckets: readonly IBucket[];
  /** Already validated (see `buildRuntimeConfig`); written as `/env.json`. */
  readonly runtimeConfig: RuntimeConfig;
  /** The SPA build folder. @default `web/dist` */
  readonly webAssetPath?: string;
  /** Custom domain of the site and its ACM certificate (us-east-1); CloudFront's own domain when absent. */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /**
   * ARN of a WAF web ACL (scope CLOUDFRONT, `arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>`)
   * for the distribution. @default context `webAclArn` ({@link WEB_ACL_CONTEXT}); none when absent
   */
  readonly webAclArn?: string;
}

/**
 * The site: a private web bucket and one CloudFront distribution that serves the
 * SPA and `/env.json`, forwards `/api/*` to the HTTP API and `/public/*` to the
 * public bucket, all from one origin (so the API needs no CORS).
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly webBucket: Bucket;
  /**
   * The site's logs: CloudFront standard logs under `cloudfront/` and the web bucket's
   * S3 server access logs under `s3/web/`, expired after {@link WEB_LOG_DAYS} days.
   * ACLs stay enabled (owner preferred) because CloudFront standard logging writes with an ACL.
   */
  readonly logBucket: Bucket;
  readonly securityHeaders: ResponseHeadersPolicy;
  /** The WAF web ACL attached to the distribution, when one is configured. */
  readonly webAclArn: string | undefined;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const disposable = props.stage === 'dev';
    const webAssetPath = props.webAssetPath ?? DEFAULT_WEB_ASSET_PATH;
    if (!existsSync(path.join(webAssetPath, 'index.html'))) {
      throw new Error(
        `No SPA build at ${webAssetPath} (index.html missing): run \`npm run build\` before synthesising.`,
      );
    }

    const webAclArn = props.webAclArn ?? webAclFromContext(this);
    if (webAclArn !== undefined && !WEB_ACL_ARN_PATTERN.test(webAclArn)) {
      throw new Error(
        `Context ${WEB_ACL_CONTEXT} must be the ARN of a CLOUDFRONT-scope web ACL (arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>); got ${webAclArn}`,
      );
    }
    this.webAclArn = webAclArn;

    this.logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(WEB_LOG_DAYS) }],
      removalPolicy: disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: disposable,
    });

    this.webBucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: WEB_LOG_PREFIX.webBucket,
      removalPolicy: disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: disposable,
    });

    this.securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Portal security headers (CSP, HSTS, framing, sniffing, referrer)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: bucketContentSecurityPolicy(props.uploadBuckets),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: FRAME_OPTIONS as HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
      },
    });

    const htmlRewrite = new CloudFrontFunction(this, 'HtmlRewrite', {
      comment: 'Page addresses go to the html group of the API (first HTML with its content)',
      code: FunctionCode.fromInline(HTML_REWRITE_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
    });
    const viewerHost = new CloudFrontFunction(this, 'ViewerHost', {
      comment: 'The Atom feed names the site: the viewer host as x-viewer-host',
      code: FunctionCode.fromInline(VIEWER_HOST_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
    });
    const publicPrefix = new CloudFrontFunction(this, 'PublicPrefix', {
      comment: 'Maps /public/<key> to object <key> of the public bucket',
      code: FunctionCode.fromInline(PUBLIC_PREFIX_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
    });

    const publicResponse = new CloudFrontFunction(this, 'PublicResponse', {
      comment: 'Public files: only raster images inline, anything else as an attachment',
      code: FunctionCode.fromInline(PUBLIC_RESPONSE_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
    });

    const apiOrigin = new HttpOrigin(`${props.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    // One compressing policy for the API and the pages the html group answers (both from API Gateway).
    const apiCachePolicy = new CachePolicy(this, 'ApiCachePolicy', apiCachePolicyProps());
    const api: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      // The routes' cacheSeconds reach browsers through the handlers' Cache-Control;
      // the edge keeps nothing beyond a second (an edge cache policy for public routes
      // comes with the hardening). A policy, not CACHING_DISABLED: CloudFront
      // compresses only what a cache policy with gzip and brotli admits, and such a
      // policy cannot have every TTL at 0 (issue 22 item 4).
      cachePolicy: apiCachePolicy,
      // API Gateway routes on its own Host header; everything else is forwarded.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.securityHeaders,
      compress: true,
    };
    // The public bucket lives in the data stack, which cannot name this distribution
    // without a cycle; it is imported here and its policy is written there.
    const publicBucket = Bucket.fromBucketAttributes(this, 'PublicBucketRef', {
      bucketArn: props.publicBucket.bucketArn,
      bucketRegionalDomainName: props.publicBucket.bucketRegionalDomainName,
    });
    const publicFiles: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(publicBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.securityHeaders,
      functionAssociations: [
        { function: publicPrefix, eventType: FunctionEventType.VIEWER_REQUEST },
        { function: publicResponse, eventType: FunctionEventType.VIEWER_RESPONSE },
      ],
      compress: true,
    };
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The public bucket policy for CloudFront is written by the data stack',
    );

    // Static files of the build (hashed assets, env.json, anything else at its top
    // level) come from the web bucket, each under its own behaviour; every other
    // address is a page, answered by the html group (issue 22 item 2; decision record 038).
    const webFiles: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.webBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.securityHeaders,
      compress: true,
    };
    const pages: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // HTML is never kept at the edge: it carries the current content, and its
      // cache-control (no-cache) is honoured by the API's policy (min TTL 0) and reaches
      // browsers; the policy, not CACHING_DISABLED, so CloudFront compresses it (issue 22 item 4).
      cachePolicy: apiCachePolicy,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.securityHeaders,
      functionAssociations: [{ function: htmlRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    };
    const staticBehaviors = Object.fromEntries(staticPathPatterns(webAssetPath).map((pattern) => [pattern, webFiles]));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Courseware portal ${Stack.of(this).stackName}`,
      defaultBehavior: pages,
      additionalBehaviors: {
        // The Atom feed (decision record 055): the API, with the viewer's host for its links;
        // first, since CloudFront takes the first behaviour whose pattern matches.
        [FEED_ROUTE_PATH]: {
          ...api,
          functionAssociations: [{ function: viewerHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        '/api/*': api,
        [`${PUBLIC_FILES_PATH}/*`]: publicFiles,
        ...staticBehaviors,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North-American and European edges: the ranges' users are in the US.
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: WEB_LOG_PREFIX.cloudFront,
      ...(webAclArn ? { webAclId: webAclArn } : {}),
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });

    // Hashed build output never changes under its name: cache it for a year, and
    // never prune it, so a browser still holding the previous index.html can load
    // its chunks during a deployment.
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      destinationBucket: this.webBucket,
      sources: [Source.asset(webAssetPath)],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    // Everything else (index.html, env.json, icons) is revalidated on every load.
    const site = new BucketDeployment(this, 'DeploySite', {
      destinationBucket: this.webBucket,
      sources: [
        Source.asset(webAssetPath, { exclude: ['env.json'] }),
        Source.jsonData('env.json', props.runtimeConfig),
      ],
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    site.node.addDependency(hashedAssets);

    new CfnOutput(this, 'SiteUrl', { value: `https://${props.domain?.name ?? this.distribution.domainName}` });
    new CfnOutput(this, 'DistributionId', {
      value: this.distribution.distributionId,
      description: 'Set as context webDistributionId to pin the public bucket policy to this distribution',
    });
  }
}

/**
 * The `/api/*` cache policy: answers compressed (gzip, brotli), nothing kept at the
 * edge unless the answer asks for it (`minTtl`/`defaultTtl` 0: `no-store`, `private`
 * and answers without Cache-Control are never kept) and then for at most one second.
 * Every query string, every cookie, `Authorization` and `Origin` are in the key, so
 * an answer kept for one caller is never given to another (authorised answers are
 * `no-store` anyway, `functions/src/lib/handler.ts`).
 */
function apiCachePolicyProps() {
  return {
    comment: 'API: compressed; kept at most 1 s, and only when the answer allows it',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(1),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
    headerBehavior: CacheHeaderBehavior.allowList('Authorization', 'Origin'),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.all(),
  };
}

/**
 * The path patterns of the build's static files, each served from the web bucket by
 * its own behaviour: `/env.json`, `/<folder>/*` for each top-level folder (`/assets/*`)
 * and `/<file>` for each top-level file but `index.html` (which only the html group
 * answers with). Sorted, so synthesis is stable.
 */
export function staticPathPatterns(webAssetPath: string): string[] {
  const patterns = new Set<string>(['/env.json']);
  for (const entry of readdirSync(webAssetPath, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'index.html') continue;
    patterns.add(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`);
  }
  return [...patterns].sort();
}

/** The web ACL ARN from context {@link WEB_ACL_CONTEXT}, or undefined when unset or empty. */
function webAclFromContext(scope: Construct): string | undefined {
  const value: unknown = scope.node.tryGetContext(WEB_ACL_CONTEXT);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${WEB_ACL_CONTEXT} must be a string`);
  return value;
}

/**
 * The CSP of `security-headers.ts`, with connect-src adding the two buckets because
 * browsers upload to them directly with presigned URLs (ARCHITECTURE.md "Files"),
 * under either S3 host name the SDK may sign for.
 */
function bucketContentSecurityPolicy(uploadBuckets: readonly IBucket[]): string {
  const bucketHosts = uploadBuckets.flatMap((bucket) => [
    `https://${bucket.bucketRegionalDomainName}`,
    `https://${bucket.bucketDomainName}`,
  ]);
  return contentSecurityPolicy({ connectSources: bucketHosts });
}
