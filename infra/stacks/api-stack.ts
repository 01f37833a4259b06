import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Architecture, FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { PORTAL_AUDIENCE } from '#shared/contracts/identity';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { Brand, ClientGroup } from '#shared/enums';
import { ROUTES, type RouteDefinition } from '#shared/routes';
import { TABLE } from '#shared/table';
import {
  CATALOG_PARTITION,
  contentKey,
  FILE_PARTITION_PREFIX,
  OUTBOX_PARTITION_PREFIX,
} from '../../functions/src/data/keys.ts';
import { MESSAGE_EMAIL_DEFAULTS, MESSAGE_EMAIL_ENV } from '../../functions/src/domain/message-email.ts';
import { DIGEST_SCHEDULE } from '../../functions/src/domain/saved-searches.ts';
import {
  UPDATE_NOTICE_DELIVERY_MINUTES,
  UPDATE_NOTICE_DIGEST_SCHEDULE,
} from '../../functions/src/domain/update-notices.ts';
import { HTML_SHELL_FILE_ENV, RUNTIME_CONFIG_ENV } from '../../functions/src/html/shell.ts';
import { FEEDBACK_EMAIL_DEFAULTS, FEEDBACK_EMAIL_ENV } from '../../functions/src/lib/env.ts';
import { CATALOG_SETTLE_ENV, SEARCH_CATALOG_CHECK_ENV } from '../../functions/src/search/settings.ts';
import { BUNDLE_TASKS, BundleWorkflow, bundleTaskEntry } from '../constructs/bundle-workflow.ts';
import { PortalEmail } from '../constructs/email.ts';
import { PortalObservability } from '../constructs/observability.ts';
import { type EmailSending, PortalFunction } from '../constructs/portal-function.ts';
import type { PortalSigningKey } from '../constructs/signing-key/signing-key.ts';
import { bindGrant, bindGroupResources, HOUSEKEEPING_GRANTS } from './group-grants.ts';

/** The repository root: entries are resolved from here, whatever the working directory. */
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where the portal's tokens come from and go to: the upstream providers of `POST /api/v1/authenticate`. */
export interface UpstreamIdentityProps {
  /** The range's Cognito user pool (provider `vcr`, ID tokens of that app client). Absent: vcr sign-in "not configured". */
  readonly cognito?: { readonly userPoolId: string; readonly clientId: string };
  /** The exercise area's SSO issuer (provider `sso`). Absent: sso sign-in "not configured". */
  readonly sso?: { readonly issuer: string; readonly audience: string; readonly jwksUri?: string };
}

/** Environment variables every API Lambda gets. */
export const API_FUNCTION_ENV = {
  portalIssuer: 'PORTAL_ISSUER',
  signingKeySecretArn: 'PORTAL_SIGNING_KEY_SECRET_ARN',
  brand: 'BRAND',
} as const;

/** Environment variables of the search group's Lambda (names of `functions/src/search/snapshot-search.ts`). */
export const SEARCH_FUNCTION_ENV = { catalogCheckMs: SEARCH_CATALOG_CHECK_ENV } as const;

/** How often a search container checks the catalog snapshot for a newer one, in ms (decision record 014). */
export const SEARCH_CATALOG_CHECK_MS = 1000;

/**
 * How long the indexer lets gsi3 settle after the last revision change before it
 * lists content (`CATALOG_SETTLE_MS` of functions/src/search/indexer.ts): gsi3 is
 * eventually consistent, and propagation normally takes well under a second.
 */
export const CATALOG_INDEXER_SETTLE = { env: CATALOG_SETTLE_ENV, ms: 1500 } as const;

/** Memory of the functions that hold the catalog index in memory: the search group and the indexer. */
export const SEARCH_MEMORY_MB = 1024;

/** The catalog indexer's stream trigger (decision record 014): batch size, batching window, retries. */
export const CATALOG_INDEXER_TRIGGER = { batchSize: 100, maxBatchingWindowSeconds: 1, retryAttempts: 5 } as const;

/**
 * The HTTP API stage's default route throttling (issue 28 item 4; decision record 085):
 * a token bucket over all routes together, `rateLimit` requests/s steady and
 * `burstLimit` at once; beyond it API Gateway answers 429 `{"message":"Too Many
 * Requests"}` (without `Retry-After`).
 */
export const API_STAGE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;

/**
 * Reserved concurrency of each client group's Lambda (decision record 085): its cap
 * (requests beyond it are throttled, never queued) and its guarantee (no other function
 * of the account takes it). 16 groups × 50 plus the housekeeping functions' 1 each leave
 * about 190 of the account's 1,000 unreserved (Lambda keeps at least 100 unreserved).
 */
export const API_RESERVED_CONCURRENCY = 50;

/** The issuer path below the site's address (decision record 012). */
export const PORTAL_ISSUER_PATH = '/api/v1/auth';

export interface ApiStackProps extends StackProps {
  readonly stage: string;
  readonly brand: Brand;
  readonly table: ITableV2;
  readonly privateBucket: IBucket;
  readonly publicBucket: IBucket;
  /** @default ROUTES, the route table; other values only in tests */
  readonly routes?: readonly RouteDefinition[];
  /**
   * Folder holding `package-lock.json` and `functions/src/api/<group>/index.ts`.
   * @default this repository; tests point it at stand-in entries
   */
  readonly projectRoot?: string;
  /**
   * The portal token issuer, `https://<site>/api/v1/auth`: API Gateway's JWT
   * authorizer trusts it and every Lambda signs and verifies with it. When absent,
   * a `dev` stage uses the API's own address (`https://<api id>.execute-api…/api/v1/auth`,
   * which serves the same discovery document and JWKS), and any other stage fails
   * synthesis: a production issuer is a deliberate choice.
   */
  readonly portalIssuer?: string;
  /** Upstream identity providers, given to the authentication Lambda only. */
  readonly upstreamIdentity?: UpstreamIdentityProps;
  /**
   * Addresses of the content feedback e-mail (decision record 018), given to the
   * content Lambda with the right to send through SES: `sender` must be an
   * SES-verified identity. @default FEEDBACK_EMAIL_DEFAULTS (placeholders)
   */
  readonly feedbackEmail?: { readonly sender?: string; readonly recipient?: string };
  /**
   * Recipients of the message e-mails (decision record 025): the team inbox of the
   * contact form and newsletter sign-ups, and the support desk that receives every
   * support request. Sent from `feedbackEmail.sender`.
   * @default MESSAGE_EMAIL_DEFAULTS (placeholders)
   */
  readonly messageEmail?: { readonly contactRecipient?: string; readonly supportRecipient?: string };
  /**
   * The domain SES verifies for the sender (context `emailDomain`; DKIM records to
   * publish). @default none: the sender's address itself is the identity
   */
  readonly emailDomain?: string;
  /** The portal's signing key (the identity stack's; decision record 012): every API Lambda reads it. */
  readonly signingKey: PortalSigningKey;
  /** An address subscribed to the alarm topic (context `alarmEmail`). @default none */
  readonly alarmEmail?: string;
  /** Stage-wide default throttling (all routes together). @default API_STAGE_THROTTLE (500 req/s, burst 1000) */
  readonly throttle?: ThrottleSettings;
  /**
   * Reserved concurrency of each client group's Lambda; null reserves none (an account
   * whose concurrency limit cannot spare it). @default API_RESERVED_CONCURRENCY (50)
   */
  readonly apiReservedConcurrency?: number | null;
  /**
   * The html group (decision record 038): the runtime configuration it embeds (what
   * `/env.json` answers) and the SPA build whose `index.html` it answers with, copied
   * into its bundle. Without them it answers the SPA shell only.
   * @default none
   */
  readonly html?: { readonly runtimeConfig: RuntimeConfig; readonly webAssetPath: string };
}

/** The client groups that serve at least one route, in route-table order: one Lambda each. */
export function routedGroups(routes: readonly Pick<RouteDefinition, 'group'>[] = ROUTES): ClientGroup[] {
  return [...new Set(routes.map((route) => route.group))];
}

/** The lead's convention: each client group's Lambda is `functions/src/api/<group>/index.ts` exporting `handler`. */
export function handlerEntry(projectRoot: string, group: ClientGroup): string {
  return path.join(projectRoot, 'functions', 'src', 'api', group, 'index.ts');
}

/** The thumbnail renderer's Lambda entry (decision record 060): `functions/src/thumbnails/index.ts`, exporting `handler`. */
export function thumbnailEntry(projectRoot: string): string {
  return path.join(projectRoot, 'functions', 'src', 'thumbnails', 'index.ts');
}

/**
 * Packages the thumbnail renderer loads at run time from its asset's `node_modules`
 * (copied, not bundled): pdf.js, and its optional canvas with the prebuilt x86-64 binary
 * installed here, which is why that function alone runs on x86_64.
 */
export const THUMBNAIL_NODE_MODULES = ['pdfjs-dist', '@napi-rs/canvas', '@napi-rs/canvas-linux-x64-gnu'] as const;

/** The catalog indexer's Lambda entry: `functions/src/indexer/index.ts`, exporting `handler`. */
export function indexerEntry(projectRoot: string): string {
  return path.join(projectRoot, 'functions', 'src', 'indexer', 'index.ts');
}

/** `business-unit` → `BusinessUnit`: construct ids stay stable and readable. */
function pascalCase(name: string): string {
  return name.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/**
 * The HTTP API: one API Gateway route per entry of the route table (spec §7),
 * each integrated with its client group's Lambda. Reached only through the web
 * stack's CloudFront `/api/*` behaviour, so no CORS.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly functions: ReadonlyMap<ClientGroup, PortalFunction>;
  readonly authorizer: HttpJwtAuthorizer;
  readonly signingKey: PortalSigningKey;
  /** The issuer the authorizer trusts and the Lambdas sign with (may be a token in dev). */
  readonly portalIssuer: string;
  /** Rebuilds the catalog snapshot when the catalog revision item changes (table stream). */
  readonly catalogIndexer: PortalFunction;
  /** Renders card thumbnails of written content items into the public bucket (table stream; decision record 060). */
  readonly thumbnailRenderer: PortalFunction;
  /** Deletes the objects of file records that DynamoDB's TTL removed (table stream; decision record 020). */
  readonly uploadSweeper: PortalFunction;
  /** Retries pending feedback and message e-mail on a schedule (decision records 018, 025). */
  readonly feedbackResender: PortalFunction;
  /** Sends the e-mail of new outbox messages, off the request path (table stream; decision record 033). */
  readonly outboxSender: PortalFunction;
  /** Writes the weekly saved-search digests to the outbox (EventBridge, Mondays 08:00 UTC; decision record 061). */
  readonly savedSearchDigest: PortalFunction;
  /** Publishes content whose schedule is due (EventBridge, every minute; issue 25 item 7, decision record 068). */
  readonly scheduledPublisher: PortalFunction;
  /** Delivers update notices every 15 minutes and writes their daily digest at 07:00 UTC (EventBridge; decision record 066). */
  readonly updateNotices: PortalFunction;
  /** The bundle workflow: its state machine, started by the file group's Lambda, and its three task Lambdas (decision record 022). */
  readonly bundleWorkflow: BundleWorkflow;
  /** The SES identity of the sender and the configuration set every e-mail is sent with. */
  readonly email: PortalEmail;
  /** Every queue that holds failed asynchronous work, by name: each has an alarm. */
  readonly failureQueues: Readonly<Record<string, IQueue>>;
  /** The alarm topic and the alarms (5xx rate, functions, workflow, failure queues, e-mail). */
  readonly observability: PortalObservability;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const disposable = props.stage === 'dev';
    const removalPolicy = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const projectRoot = props.projectRoot ?? PROJECT_ROOT;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${Stack.of(this).stackName}-http`,
      description: 'Courseware portal API, reached through CloudFront /api/*',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { ...API_STAGE_THROTTLE },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    if (!props.portalIssuer && !disposable) {
      throw new Error(
        `Stage ${props.stage} needs the portal token issuer: set context siteDomain (issuer https://<siteDomain>${PORTAL_ISSUER_PATH}) or portalIssuer (https://…${PORTAL_ISSUER_PATH}).`,
      );
    }
    this.portalIssuer = props.portalIssuer ?? `${this.httpApi.apiEndpoint}${PORTAL_ISSUER_PATH}`;
    this.authorizer = new HttpJwtAuthorizer('PortalJwtAuthorizer', this.portalIssuer, {
      authorizerName: 'portal-jwt',
      jwtAudience: [PORTAL_AUDIENCE],
      identitySource: ['$request.header.Authorization'],
    });
    this.signingKey = props.signingKey;
    this.email = new PortalEmail(this, 'Email', {
      sender: props.feedbackEmail?.sender ?? FEEDBACK_EMAIL_DEFAULTS.sender,
      domain: props.emailDomain,
      removalPolicy,
    });
    const emailSending: EmailSending = {
      identityArn: this.email.identity.emailIdentityArn,
      configurationSetName: this.email.configurationSet.configurationSetName,
      configurationSetArn: this.email.configurationSetArn,
    };

    const functions = new Map<ClientGroup, PortalFunction>();
    const integrations = new Map<ClientGroup, HttpLambdaIntegration>();
    const routes = props.routes ?? ROUTES;
    const groups = routedGroups(routes);
    const missing = [
      ...groups.map((group) => handlerEntry(projectRoot, group)),
      indexerEntry(projectRoot),
      thumbnailEntry(projectRoot),
      ...BUNDLE_TASKS.map((task) => bundleTaskEntry(projectRoot, task)),
    ].filter((entry) => !existsSync(entry));
    if (missing.length > 0) {
      throw new Error(
        `Handler entries missing (one per client group in ROUTES, the catalog indexer, the bundle workflow's tasks):\n  - ${missing.join('\n  - ')}`,
      );
    }
    const htmlShell =
      props.html && existsSync(path.join(props.html.webAssetPath, 'index.html'))
        ? path.join(props.html.webAssetPath, 'index.html')
        : undefined;
    const reservedConcurrency =
      props.apiReservedConcurrency === undefined ? API_RESERVED_CONCURRENCY : props.apiReservedConcurrency;
    for (const group of groups) {
      const name = pascalCase(group);
      const search = group === 'search';
      const fn = new PortalFunction(this, `${name}Function`, {
        entry: handlerEntry(projectRoot, group),
        projectRoot,
        description: `Portal API, client group ${group}`,
        removalPolicy,
        // The search group holds the catalog index in memory, and the first search of
        // a fresh deployment builds the snapshot itself (API Gateway waits 30 s at most).
        ...(search ? { memorySize: SEARCH_MEMORY_MB, timeout: Duration.seconds(29) } : {}),
        ...(group === 'html' && htmlShell ? { bundleFiles: [htmlShell] } : {}),
        ...(reservedConcurrency === null ? {} : { reservedConcurrentExecutions: reservedConcurrency }),
      });
      // The search group's feed and sitemap name the site and honour its feature flags (decision record 055).
      if ((group === 'html' || search) && props.html) {
        fn.addEnvironment(RUNTIME_CONFIG_ENV, JSON.stringify(props.html.runtimeConfig));
      }
      if (group === 'html' && props.html) {
        if (htmlShell) fn.addEnvironment(HTML_SHELL_FILE_ENV, `/var/task/${path.basename(htmlShell)}`);
      }
      // Exactly what the group's code uses (group-grants.ts, issue 10 item 1).
      bindGroupResources(fn, group, props);
      if (search) fn.addEnvironment(SEARCH_FUNCTION_ENV.catalogCheckMs, String(SEARCH_CATALOG_CHECK_MS));
      fn.bindSecret(API_FUNCTION_ENV.signingKeySecretArn, this.signingKey.secret);
      fn.addEnvironment(API_FUNCTION_ENV.portalIssuer, this.portalIssuer);
      fn.addEnvironment(API_FUNCTION_ENV.brand, props.brand);
      if (group === 'authentication') bindUpstreamIdentity(fn, props.upstreamIdentity);
      const mail = emailVariablesOf(group, props);
      if (mail) fn.bindEmailSending(mail, emailSending);
      // The API takes no request before its key exists.
      fn.node.addDependency(this.signingKey);
      functions.set(group, fn);
      // One permission per function for the whole API instead of one per route:
      // a Lambda resource policy is capped at 20 KB and groups will hold dozens of routes.
      integrations.set(group, new HttpLambdaIntegration(`${name}Integration`, fn, { scopePermissionToRoute: false }));
    }
    this.functions = functions;
    this.catalogIndexer = createCatalogIndexer(this, projectRoot, removalPolicy, props);
    this.thumbnailRenderer = createThumbnailRenderer(this, projectRoot, removalPolicy, props);
    this.uploadSweeper = createUploadSweeper(this, projectRoot, removalPolicy, props);
    this.feedbackResender = createFeedbackResender(
      this,
      projectRoot,
      removalPolicy,
      props,
      this.portalIssuer,
      emailSending,
    );
    this.outboxSender = createOutboxSender(this, projectRoot, removalPolicy, props, emailSending);
    this.savedSearchDigest = createSavedSearchDigest(this, projectRoot, removalPolicy, props, this.portalIssuer);
    this.scheduledPublisher = createScheduledPublisher(this, projectRoot, removalPolicy, props);
    this.updateNotices = createUpdateNotices(this, projectRoot, removalPolicy, props, this.portalIssuer);
    this.bundleWorkflow = new BundleWorkflow(this, 'BundleWorkflow', {
      projectRoot,
      table: props.table,
      privateBucket: props.privateBucket,
      publicBucket: props.publicBucket,
      removalPolicy,
    });
    // The file group requests bundles (POST /api/v1/files/bundles); it already reads and
    // writes the table (download events and counters in one transaction) and the
    // private bucket (presigned GETs of content/*, files/*, bundles/*).
    const fileFunction = functions.get('file');
    if (fileFunction) this.bundleWorkflow.grantStart(fileFunction);

    for (const route of routes) {
      const integration = integrations.get(route.group);
      if (!integration) throw new Error(`No integration for client group ${route.group}`);
      new HttpRoute(this, `Route${pascalCase(route.operationId)}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        // Public routes verify an optional token in the Lambda; every other route needs a portal token.
        ...(route.access === 'public' ? {} : { authorizer: this.authorizer }),
      });
    }

    this.failureQueues = Object.fromEntries(
      FAILURE_QUEUE_IDS.map((queueId) => [queueId, this.node.findChild(queueId) as Queue]),
    );
    this.observability = new PortalObservability(this, 'Observability', {
      httpApi: this.httpApi,
      functions: {
        ...Object.fromEntries([...functions].map(([group, fn]) => [`${pascalCase(group)}Function`, fn])),
        CatalogIndexerFunction: this.catalogIndexer,
        ThumbnailRendererFunction: this.thumbnailRenderer,
        UploadSweeperFunction: this.uploadSweeper,
        FeedbackResenderFunction: this.feedbackResender,
        OutboxSenderFunction: this.outboxSender,
        SavedSearchDigestFunction: this.savedSearchDigest,
        ScheduledPublisherFunction: this.scheduledPublisher,
        UpdateNoticesFunction: this.updateNotices,
        ...Object.fromEntries(
          Object.entries(this.bundleWorkflow.functions).map(([task, fn]) => [`Bundle${pascalCase(task)}Function`, fn]),
        ),
      },
      stateMachine: this.bundleWorkflow.stateMachine,
      failureQueues: this.failureQueues,
      email: this.email,
      alarmEmail: props.alarmEmail,
      clientErrorLogGroup: functions.get('meta')?.logGroup,
      removalPolicy,
    });
  }
}

/**
 * The construct ids of the queues that keep failed asynchronous work (issue 10
 * "dead-letter queues where work is asynchronous"): the stream batches the catalog
 * indexer and the upload sweeper gave up on, and the scheduled re-sender runs that
 * EventBridge could not deliver or that failed after Lambda's own retries.
 */
export const FAILURE_QUEUE_IDS = [
  'CatalogIndexerFailures',
  'UploadSweeperFailures',
  'FeedbackResenderFailures',
  'OutboxSenderFailures',
  'ThumbnailRendererFailures',
  'SavedSearchDigestFailures',
  'ScheduledPublisherFailures',
  'UpdateNoticesFailures',
] as const;

/**
 * The thumbnail renderer (issue 24 item 2, decision record 060): triggered by the
 * table's stream, filtered to content items (`pk` beginning `CONTENT#`, `sk CONTENT`),
 * batches of up to 10 records gathered for up to 1 s, a bounded number of retries
 * with a failure queue. Renders take 1–2 s: 1 GB of memory; 5 minutes, since each item
 * also renders the readable first page of up to 10 PDFs (decision record 059).
 */
function createThumbnailRenderer(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
): PortalFunction {
  const renderer = new PortalFunction(scope, 'ThumbnailRendererFunction', {
    entry: thumbnailEntry(projectRoot),
    projectRoot,
    description: 'Portal thumbnail renderer: first page of a content item PDF into the public bucket',
    removalPolicy,
    memorySize: 1024,
    timeout: Duration.minutes(5),
    architecture: Architecture.X86_64,
    bundleNodeModules: THUMBNAIL_NODE_MODULES,
  });
  bindGrant(renderer, HOUSEKEEPING_GRANTS.thumbnailRenderer, props);
  const failures = new Queue(scope, 'ThumbnailRendererFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  const content = contentKey('');
  renderer.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 10,
      maxBatchingWindow: Duration.seconds(1),
      retryAttempts: 3,
      onFailure: new SqsDlq(failures),
      filters: [
        FilterCriteria.filter({
          dynamodb: {
            Keys: {
              [TABLE.partitionKey]: { S: FilterRule.beginsWith(content.pk) },
              [TABLE.sortKey]: { S: FilterRule.isEqual(content.sk) },
            },
          },
        }),
      ],
    }),
  );
  return renderer;
}

/**
 * The catalog indexer (decision record 014): triggered by the table's stream, filtered
 * to the catalog revision item (`pk CATALOG`), batches of up to 100 records gathered
 * for up to 1 s, a bounded number of retries, and reserved concurrency 1 so that two
 * rebuilds never race.
 */
function createCatalogIndexer(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
): PortalFunction {
  const indexer = new PortalFunction(scope, 'CatalogIndexerFunction', {
    entry: indexerEntry(projectRoot),
    projectRoot,
    description: 'Portal catalog indexer: rebuilds the search catalog snapshot',
    removalPolicy,
    memorySize: SEARCH_MEMORY_MB,
    timeout: Duration.minutes(2),
    reservedConcurrentExecutions: 1,
  });
  bindGrant(indexer, HOUSEKEEPING_GRANTS.catalogIndexer, props);
  // A batch that still fails after its retries is recorded here (the stream records it
  // names), so operators see it; the next content write triggers a full rebuild anyway.
  const failures = new Queue(scope, 'CatalogIndexerFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  indexer.addEnvironment(CATALOG_INDEXER_SETTLE.env, String(CATALOG_INDEXER_SETTLE.ms));
  indexer.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: CATALOG_INDEXER_TRIGGER.batchSize,
      maxBatchingWindow: Duration.seconds(CATALOG_INDEXER_TRIGGER.maxBatchingWindowSeconds),
      retryAttempts: CATALOG_INDEXER_TRIGGER.retryAttempts,
      onFailure: new SqsDlq(failures),
      filters: [
        FilterCriteria.filter({
          dynamodb: { Keys: { [TABLE.partitionKey]: { S: FilterRule.isEqual(CATALOG_PARTITION) } } },
        }),
      ],
    }),
  );
  return indexer;
}

/**
 * The client groups whose routes send e-mail through SES, and which addresses each
 * reads: content (content feedback, decision record 018; the contact form),
 * newsletter (sign-ups), user and organization (support requests; decision record 025).
 */
export const EMAIL_SENDING_GROUPS: Readonly<Partial<Record<ClientGroup, readonly EmailAddressRole[]>>> = {
  content: ['feedbackRecipient', 'contactRecipient'],
  newsletter: ['contactRecipient'],
  user: ['supportRecipient'],
  organization: ['supportRecipient'],
};

/** The recipients a function may need, besides the sender every e-mail has. */
type EmailAddressRole = 'feedbackRecipient' | 'contactRecipient' | 'supportRecipient';

/** The environment of every e-mail address: the sender and each recipient, from props or their defaults. */
function emailAddressesOf(
  props: ApiStackProps,
): { sender: [string, string] } & Record<EmailAddressRole, [string, string]> {
  return {
    sender: [FEEDBACK_EMAIL_ENV.sender, props.feedbackEmail?.sender ?? FEEDBACK_EMAIL_DEFAULTS.sender],
    feedbackRecipient: [
      FEEDBACK_EMAIL_ENV.recipient,
      props.feedbackEmail?.recipient ?? FEEDBACK_EMAIL_DEFAULTS.recipient,
    ],
    contactRecipient: [
      MESSAGE_EMAIL_ENV.contactRecipient,
      props.messageEmail?.contactRecipient ?? MESSAGE_EMAIL_DEFAULTS.contactRecipient,
    ],
    supportRecipient: [
      MESSAGE_EMAIL_ENV.supportRecipient,
      props.messageEmail?.supportRecipient ?? MESSAGE_EMAIL_DEFAULTS.supportRecipient,
    ],
  };
}

/** The e-mail variables of a client group's function (sender and its recipients), or null when it sends none. */
export function emailVariablesOf(group: ClientGroup, props: ApiStackProps): Record<string, string> | null {
  const roles = EMAIL_SENDING_GROUPS[group];
  if (!roles) return null;
  const addresses = emailAddressesOf(props);
  return Object.fromEntries([addresses.sender, ...roles.map((role) => addresses[role])]);
}

/** The housekeeping Lambdas' entries: `functions/src/housekeeping/<name>.ts`, exporting `handler`. */
export function housekeepingEntry(
  projectRoot: string,
  name:
    | 'upload-sweeper'
    | 'feedback-resender'
    | 'outbox-sender'
    | 'saved-search-digest'
    | 'scheduled-publisher'
    | 'update-notices',
): string {
  return path.join(projectRoot, 'functions', 'src', 'housekeeping', `${name}.ts`);
}

/** Minutes between two runs of the feedback re-sender (decision record 018). */
export const FEEDBACK_RESEND_EVERY_MINUTES = 15;

/**
 * The upload sweeper (decision records 016, 020): DynamoDB's TTL removes file
 * records of abandoned uploads and of detached files; the table's stream, filtered to
 * those removals (service principal `dynamodb.amazonaws.com`, `pk` starting `FILE#`),
 * invokes this Lambda, which deletes their objects (`files/<id>`) from both buckets.
 * A batch that still fails after its retries goes to a queue operators watch.
 */
function createUploadSweeper(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
): PortalFunction {
  const sweeper = new PortalFunction(scope, 'UploadSweeperFunction', {
    entry: housekeepingEntry(projectRoot, 'upload-sweeper'),
    projectRoot,
    description: 'Portal upload sweeper: deletes the objects of expired file records',
    removalPolicy,
    timeout: Duration.minutes(1),
  });
  bindGrant(sweeper, HOUSEKEEPING_GRANTS.uploadSweeper, props);
  const failures = new Queue(scope, 'UploadSweeperFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  sweeper.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(10),
      retryAttempts: 5,
      onFailure: new SqsDlq(failures),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('REMOVE'),
          userIdentity: { type: ['Service'], principalId: ['dynamodb.amazonaws.com'] },
          dynamodb: { Keys: { [TABLE.partitionKey]: { S: FilterRule.beginsWith(FILE_PARTITION_PREFIX) } } },
        }),
      ],
    }),
  );
  return sweeper;
}

/**
 * The e-mail re-sender (decision records 018, 025): every 15 minutes, retries the
 * e-mail of feedback and of messages (newsletter sign-ups, contact and support
 * requests) stored as pending (SES refused or was unreachable when they were sent).
 */
function createFeedbackResender(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
  portalIssuer: string,
  emailSending: EmailSending,
): PortalFunction {
  // EventBridge invokes the function asynchronously: an event it could not deliver,
  // and a run that still failed after Lambda's two retries, land here (the next run
  // in 15 minutes retries the pending e-mail anyway; the alarm says a run failed).
  const failures = new Queue(scope, 'FeedbackResenderFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  const resender = new PortalFunction(scope, 'FeedbackResenderFunction', {
    entry: housekeepingEntry(projectRoot, 'feedback-resender'),
    projectRoot,
    description: 'Portal e-mail re-sender: retries pending feedback and message e-mail',
    removalPolicy,
    timeout: Duration.minutes(5),
    reservedConcurrentExecutions: 1,
  });
  bindGrant(resender, HOUSEKEEPING_GRANTS.feedbackResender, props);
  resender.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(failures) });
  resender.addEnvironment(API_FUNCTION_ENV.portalIssuer, portalIssuer);
  // Messages carry their composed e-mail (decision record 025); feedback is composed again and needs its address.
  resender.bindEmailSending(Object.fromEntries(Object.values(emailAddressesOf(props))), emailSending);
  new Rule(scope, 'FeedbackResendSchedule', {
    description: 'Retries pending content feedback and message e-mail',
    schedule: Schedule.rate(Duration.minutes(FEEDBACK_RESEND_EVERY_MINUTES)),
    targets: [new LambdaFunction(resender, { retryAttempts: 2, deadLetterQueue: failures })],
  });
  return resender;
}

/**
 * The weekly saved-search digest (issue 24 item 8; decision record 061): EventBridge
 * runs it Mondays at 08:00 UTC (`DIGEST_SCHEDULE`); it writes one outbox message per
 * user with new matches, which the outbox sender sends through SES, so it needs no SES
 * grant, only the addresses and the portal's origin for the links. Reserved
 * concurrency 1; a run EventBridge could not deliver, or that failed after its retries,
 * lands in a queue operators watch (a second run in the same week sends nothing twice).
 */
function createSavedSearchDigest(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
  portalIssuer: string,
): PortalFunction {
  const failures = new Queue(scope, 'SavedSearchDigestFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  const digest = new PortalFunction(scope, 'SavedSearchDigestFunction', {
    entry: housekeepingEntry(projectRoot, 'saved-search-digest'),
    projectRoot,
    description: 'Portal saved-search digest: writes the weekly e-mail of new matches to the outbox',
    removalPolicy,
    timeout: Duration.minutes(15),
    memorySize: 1024,
    reservedConcurrentExecutions: 1,
  });
  bindGrant(digest, HOUSEKEEPING_GRANTS.savedSearchDigest, props);
  digest.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(failures) });
  digest.addEnvironment(API_FUNCTION_ENV.portalIssuer, portalIssuer);
  digest.addEnvironment(API_FUNCTION_ENV.brand, props.brand);
  const [senderName, senderAddress] = emailAddressesOf(props).sender;
  digest.addEnvironment(senderName, senderAddress);
  new Rule(scope, 'SavedSearchDigestSchedule', {
    description: 'Writes the weekly saved-search digests to the outbox',
    schedule: Schedule.cron({
      weekDay: DIGEST_SCHEDULE.weekDay,
      hour: String(DIGEST_SCHEDULE.hourUtc),
      minute: String(DIGEST_SCHEDULE.minute),
    }),
    targets: [new LambdaFunction(digest, { retryAttempts: 2, deadLetterQueue: failures })],
  });
  return digest;
}

/** Minutes between two runs of the scheduled publisher (decision record 068): an item goes live within a minute of its time. */
export const SCHEDULED_PUBLISH_EVERY_MINUTES = 1;

/**
 * Scheduled publishing (issue 25 item 7; decision record 068): every minute, one Query
 * of the sparse due index, then each due item published through the status PATCH's
 * service as the system actor. Reserved concurrency 1 keeps runs from piling up; two
 * runs that still overlap publish an item once (conditional writes). A run EventBridge
 * could not deliver, or that failed after its retries, lands in a queue operators
 * watch; the next minute's run takes what is still due anyway.
 */
function createScheduledPublisher(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
): PortalFunction {
  const failures = new Queue(scope, 'ScheduledPublisherFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  const publisher = new PortalFunction(scope, 'ScheduledPublisherFunction', {
    entry: housekeepingEntry(projectRoot, 'scheduled-publisher'),
    projectRoot,
    description: 'Portal scheduled publisher: publishes content whose publishing time has come',
    removalPolicy,
    timeout: Duration.minutes(1),
    reservedConcurrentExecutions: 1,
  });
  bindGrant(publisher, HOUSEKEEPING_GRANTS.scheduledPublisher, props);
  publisher.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(failures) });
  new Rule(scope, 'ScheduledPublishSchedule', {
    description: 'Publishes content whose scheduled publishing time has come',
    schedule: Schedule.rate(Duration.minutes(SCHEDULED_PUBLISH_EVERY_MINUTES)),
    targets: [new LambdaFunction(publisher, { retryAttempts: 2, deadLetterQueue: failures })],
  });
  return publisher;
}

/**
 * Update notices (issue 25 item 5; decision record 066): EventBridge runs one Lambda
 * every 15 minutes with `{ task: 'deliver' }` (queued notices become account-menu
 * messages for everyone who downloaded the item) and daily at 07:00 UTC with
 * `{ task: 'digest' }` (delivery, then one digest e-mail per user into the outbox, which
 * the outbox sender sends: no SES grant). Reserved concurrency 1, so a slow delivery and
 * the digest never overlap; a run EventBridge could not deliver, or that failed after its
 * retries, lands in a queue operators watch (every write is conditional, so a retried run
 * writes nothing twice).
 */
function createUpdateNotices(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
  portalIssuer: string,
): PortalFunction {
  const failures = new Queue(scope, 'UpdateNoticesFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  const notices = new PortalFunction(scope, 'UpdateNoticesFunction', {
    entry: housekeepingEntry(projectRoot, 'update-notices'),
    projectRoot,
    description: 'Portal update notices: messages to downloaders of updated courseware, and their daily e-mail digest',
    removalPolicy,
    timeout: Duration.minutes(15),
    memorySize: 512,
    reservedConcurrentExecutions: 1,
  });
  bindGrant(notices, HOUSEKEEPING_GRANTS.updateNotices, props);
  notices.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(failures) });
  notices.addEnvironment(API_FUNCTION_ENV.portalIssuer, portalIssuer);
  notices.addEnvironment(API_FUNCTION_ENV.brand, props.brand);
  const [senderName, senderAddress] = emailAddressesOf(props).sender;
  notices.addEnvironment(senderName, senderAddress);
  const target = (task: 'deliver' | 'digest') =>
    new LambdaFunction(notices, {
      event: RuleTargetInput.fromObject({ task }),
      retryAttempts: 2,
      deadLetterQueue: failures,
    });
  new Rule(scope, 'UpdateNoticesDeliverySchedule', {
    description: 'Delivers queued update notices as account-menu messages',
    schedule: Schedule.rate(Duration.minutes(UPDATE_NOTICE_DELIVERY_MINUTES)),
    targets: [target('deliver')],
  });
  new Rule(scope, 'UpdateNoticesDigestSchedule', {
    description: 'Writes the daily update-notice digests to the outbox',
    schedule: Schedule.cron({
      hour: String(UPDATE_NOTICE_DIGEST_SCHEDULE.hourUtc),
      minute: String(UPDATE_NOTICE_DIGEST_SCHEDULE.minute),
    }),
    targets: [target('digest')],
  });
  return notices;
}

/**
 * The outbox consumer (issue 21 item 5; decision record 033): requests store their
 * e-mail in the outbox and answer; the table's stream, filtered to outbox items
 * (`pk` starting `OUTBOX#`, inserted or modified), invokes this Lambda in batches
 * gathered for up to a second, and it sends every pending message nobody holds.
 * Reserved concurrency 1: one sender paces SES's sending rate. A batch that still
 * fails after its retries goes to a queue operators watch; what stays pending is
 * retried by the scheduled re-sender.
 */
function createOutboxSender(
  scope: Construct,
  projectRoot: string,
  removalPolicy: RemovalPolicy,
  props: ApiStackProps,
  emailSending: EmailSending,
): PortalFunction {
  const sender = new PortalFunction(scope, 'OutboxSenderFunction', {
    entry: housekeepingEntry(projectRoot, 'outbox-sender'),
    projectRoot,
    description: 'Portal outbox sender: sends the e-mail of stored messages and invitations',
    removalPolicy,
    timeout: Duration.minutes(5),
    reservedConcurrentExecutions: 1,
  });
  bindGrant(sender, HOUSEKEEPING_GRANTS.outboxSender, props);
  // Messages carry their composed e-mail: only the sender's identity is needed.
  sender.bindEmailSending(Object.fromEntries([emailAddressesOf(props).sender]), emailSending);
  const failures = new Queue(scope, 'OutboxSenderFailures', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
  sender.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      retryAttempts: 5,
      onFailure: new SqsDlq(failures),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.or('INSERT', 'MODIFY'),
          dynamodb: { Keys: { [TABLE.partitionKey]: { S: FilterRule.beginsWith(OUTBOX_PARTITION_PREFIX) } } },
        }),
      ],
    }),
  );
  return sender;
}

/** The upstream providers' settings (names of `functions/src/lib/auth/upstream.ts`). */
function bindUpstreamIdentity(fn: PortalFunction, upstream: UpstreamIdentityProps | undefined): void {
  if (upstream?.cognito) {
    fn.addEnvironment('VCR_COGNITO_USER_POOL_ID', upstream.cognito.userPoolId);
    fn.addEnvironment('VCR_COGNITO_CLIENT_ID', upstream.cognito.clientId);
  }
  if (upstream?.sso) {
    fn.addEnvironment('SSO_ISSUER', upstream.sso.issuer);
    fn.addEnvironment('SSO_AUDIENCE', upstream.sso.audience);
    if (upstream.sso.jwksUri) fn.addEnvironment('SSO_JWKS_URI', upstream.sso.jwksUri);
  }
}
