import { existsSync } from 'node:fs';
import path from 'node:path';
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
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
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PORTAL_AUDIENCE } from '#shared/contracts/identity';
import type { Brand, ClientGroup } from '#shared/enums';
import { ROUTES, type RouteDefinition } from '#shared/routes';
import { BUCKETS } from '#shared/table';
import { PortalFunction } from '../constructs/portal-function.ts';
import { PortalSigningKey } from '../constructs/signing-key/signing-key.ts';

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
  /** Stage-wide default throttling (all routes together). @default 500 req/s, burst 1000 */
  readonly throttle?: ThrottleSettings;
}

/** The client groups that serve at least one route, in route-table order: one Lambda each. */
export function routedGroups(routes: readonly Pick<RouteDefinition, 'group'>[] = ROUTES): ClientGroup[] {
  return [...new Set(routes.map((route) => route.group))];
}

/** The lead's convention: each client group's Lambda is `functions/src/api/<group>/index.ts` exporting `handler`. */
export function handlerEntry(projectRoot: string, group: ClientGroup): string {
  return path.join(projectRoot, 'functions', 'src', 'api', group, 'index.ts');
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
      throttle: props.throttle ?? { rateLimit: 500, burstLimit: 1000 },
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
    this.signingKey = new PortalSigningKey(this, 'SigningKey', { removalPolicy });

    const functions = new Map<ClientGroup, PortalFunction>();
    const integrations = new Map<ClientGroup, HttpLambdaIntegration>();
    const routes = props.routes ?? ROUTES;
    const groups = routedGroups(routes);
    const missing = groups.map((group) => handlerEntry(projectRoot, group)).filter((entry) => !existsSync(entry));
    if (missing.length > 0) {
      throw new Error(`Handler entries missing (one per client group in ROUTES):\n  - ${missing.join('\n  - ')}`);
    }
    for (const group of groups) {
      const name = pascalCase(group);
      const fn = new PortalFunction(this, `${name}Function`, {
        entry: handlerEntry(projectRoot, group),
        projectRoot,
        description: `Portal API, client group ${group}`,
        removalPolicy,
      });
      // Read-write everywhere: today's routes only read, but the content, file and
      // page issues write to the table and to both buckets (uploads, bundles,
      // catalog snapshot). Narrow per group when the groups' needs settle.
      fn.bindTable(props.table, 'readWrite')
        .bindBucket(BUCKETS.private.nameEnv, props.privateBucket, 'readWrite')
        .bindBucket(BUCKETS.public.nameEnv, props.publicBucket, 'readWrite')
        .bindSecret(API_FUNCTION_ENV.signingKeySecretArn, this.signingKey.secret);
      fn.addEnvironment(API_FUNCTION_ENV.portalIssuer, this.portalIssuer);
      fn.addEnvironment(API_FUNCTION_ENV.brand, props.brand);
      if (group === 'authentication') bindUpstreamIdentity(fn, props.upstreamIdentity);
      // The API takes no request before its key exists.
      fn.node.addDependency(this.signingKey);
      functions.set(group, fn);
      // One permission per function for the whole API instead of one per route:
      // a Lambda resource policy is capped at 20 KB and groups will hold dozens of routes.
      integrations.set(group, new HttpLambdaIntegration(`${name}Integration`, fn, { scopePermissionToRoute: false }));
    }
    this.functions = functions;

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
  }
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
