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
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { ClientGroup } from '#shared/enums';
import { ROUTES, type RouteDefinition } from '#shared/routes';
import { BUCKETS } from '#shared/table';
import { PortalFunction } from '../constructs/portal-function.ts';

/** The repository root: entries are resolved from here, whatever the working directory. */
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ApiStackProps extends StackProps {
  readonly stage: string;
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
   * The JWT authorizer (a later issue) that every non-public route will use.
   * Until it exists, a non-public route in ROUTES fails synthesis rather than
   * being deployed open.
   */
  readonly authorizer?: IHttpRouteAuthorizer;
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
        .bindBucket(BUCKETS.public.nameEnv, props.publicBucket, 'readWrite');
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
        authorizer: this.authorizerFor(route, props.authorizer),
      });
    }
  }

  /** Where the JWT authorizer plugs in: public routes get none, every other route needs it. */
  private authorizerFor(
    route: Pick<RouteDefinition, 'method' | 'path' | 'operationId' | 'access'>,
    authorizer: IHttpRouteAuthorizer | undefined,
  ): IHttpRouteAuthorizer | undefined {
    if (route.access === 'public') return undefined;
    if (!authorizer) {
      throw new Error(
        `Route ${route.method} ${route.path} (${route.operationId}) requires '${route.access}' but the API has no JWT authorizer yet; wire it in ApiStack before adding non-public routes.`,
      );
    }
    return authorizer;
  }
}
