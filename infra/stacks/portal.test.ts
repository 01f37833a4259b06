import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { Brand } from '#shared/enums';
import { ROUTES, type RouteDefinition, routeKey } from '#shared/routes';
import { BUCKETS, TABLE } from '#shared/table';
import { ApiStack, handlerEntry, routedGroups } from './api-stack.ts';
import { DataStack } from './data-stack.ts';
import { createPortal, type Portal } from './portal.ts';
import { buildRuntimeConfig } from './runtime-config.ts';
import { PUBLIC_PREFIX_FUNCTION, SPA_REWRITE_FUNCTION } from './viewer-functions.ts';

/** The committed cdk.json context: feature flags and the brands' runtime configuration. */
const cdkContext = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../cdk.json'), 'utf8')).context;

/** CloudFront managed policy ids. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let workDir: string;
let webAssetPath: string;
let projectRoot: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-cdk-'));
  webAssetPath = path.join(workDir, 'web');
  mkdirSync(path.join(webAssetPath, 'assets'), { recursive: true });
  writeFileSync(path.join(webAssetPath, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webAssetPath, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
  // Stand-in handler entries: with bundling skipped NodejsFunction only checks that they exist,
  // so these tests do not depend on functions/src/api being written.
  projectRoot = path.join(workDir, 'project');
  mkdirSync(projectRoot);
  writeFileSync(path.join(projectRoot, 'package-lock.json'), '{}');
  for (const group of routedGroups()) {
    const entry = handlerEntry(projectRoot, group);
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, 'export const handler = async () => ({});\n');
  }
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

interface Synthesised {
  portal: Portal;
  assembly: CloudAssembly;
  data: Template;
  api: Template;
  web: Template;
}

function synthesise(context: Record<string, unknown> = {}): Synthesised {
  const app = new App({
    outdir: mkdtempSync(path.join(workDir, 'cdk.out-')),
    // Empty list: no stack is bundled, so NodejsFunction never runs esbuild here.
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
  const portal = createPortal(app, { webAssetPath, projectRoot });
  const assembly = app.synth();
  return {
    portal,
    assembly,
    data: Template.fromStack(portal.data),
    api: Template.fromStack(portal.api),
    web: Template.fromStack(portal.web),
  };
}

function logicalId(stack: Stack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as CfnFunction);
}

/** The env.json the web stack deploys: the asset folder holding only that file. */
function deployedEnvJson(assembly: CloudAssembly): unknown {
  const folders = readdirSync(assembly.directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.'))
    .map((entry) => entry.name);
  const envFolders = folders.filter((name) => {
    const files = readdirSync(path.join(assembly.directory, name));
    return files.length === 1 && files[0] === 'env.json';
  });
  expect(envFolders).toHaveLength(1);
  const [folder] = envFolders;
  return JSON.parse(readFileSync(path.join(assembly.directory, folder ?? '', 'env.json'), 'utf8'));
}

function runViewerFunction(source: string, uri: string): string {
  const run = new Function('event', `${source}\nreturn handler(event);`) as (event: unknown) => { uri: string };
  return run({ request: { uri, method: 'GET', headers: {} } }).uri;
}

describe('the USCR dev app', () => {
  let app: Synthesised;
  beforeAll(() => {
    app = synthesise();
  });

  it('names its stacks Portal-<brand>-<stage>-Data, -Api and -Web', () => {
    expect([app.portal.data, app.portal.api, app.portal.web].map((stack) => stack.stackName)).toEqual([
      'Portal-USCR-dev-Data',
      'Portal-USCR-dev-Api',
      'Portal-USCR-dev-Web',
    ]);
  });

  it('creates one API Gateway route per route table entry, integrated with its group function', () => {
    const routes = Object.values(app.api.findResources('AWS::ApiGatewayV2::Route'));
    expect(routes).toHaveLength(ROUTES.length);
    const integrations = app.api.findResources('AWS::ApiGatewayV2::Integration');

    for (const route of ROUTES) {
      const resource = routes.find((r) => r.Properties.RouteKey === routeKey(route));
      expect(resource, routeKey(route)).toBeDefined();
      expect(resource?.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
      const target = JSON.stringify(resource?.Properties.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`));
      expect(integrationId, `integration of ${routeKey(route)}`).toBeDefined();
      const integration = integrations[integrationId ?? ''];
      const fn = app.portal.api.functions.get(route.group);
      expect(fn).toBeDefined();
      expect(integration?.Properties.IntegrationUri).toEqual({
        'Fn::GetAtt': [logicalId(app.portal.api, fn ?? { node: {} }), 'Arn'],
      });
      expect(integration?.Properties.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('creates one Node.js 22 arm64 Lambda per client group in the route table', () => {
    const groups = routedGroups();
    expect(groups).toEqual(expect.arrayContaining(['content', 'meta']));
    const functions = app.api.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(groups.length);
    for (const group of groups) {
      const fn = app.portal.api.functions.get(group);
      const resource = functions[logicalId(app.portal.api, fn ?? { node: {} })];
      expect(resource, group).toBeDefined();
      expect(resource?.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Environment: {
          Variables: {
            [TABLE.nameEnv]: expect.anything(),
            [BUCKETS.private.nameEnv]: expect.anything(),
            [BUCKETS.public.nameEnv]: expect.anything(),
            NODE_OPTIONS: '--enable-source-maps',
          },
        },
      });
    }
  });

  it('grants the functions the table and both buckets', () => {
    const policies = JSON.stringify(app.api.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('dynamodb:PutItem');
    expect(policies).toContain('dynamodb:Query');
    expect(policies).toContain('s3:PutObject');
    expect(policies).toContain('s3:GetObject');
  });

  it('throttles the default stage', () => {
    app.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('keys the table and its indexes as TABLE says, on demand, with PITR and TTL', () => {
    const indexes = Object.values(TABLE.indexes);
    app.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('blocks public access on every bucket', () => {
    const blocked = {
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    };
    for (const template of [app.data, app.web]) {
      const buckets = Object.values(template.findResources('AWS::S3::Bucket'));
      expect(buckets.length).toBeGreaterThan(0);
      for (const bucket of buckets) expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual(blocked);
    }
    expect(Object.keys(app.data.findResources('AWS::S3::Bucket'))).toHaveLength(2);
  });

  it('lets the site upload to the data buckets with presigned PUT and POST', () => {
    app.data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT', 'POST']) })],
      },
    });
  });

  it('routes /api/* to the HTTP API uncached and /public/* to the public bucket', () => {
    const [distribution] = Object.values(app.web.findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig;
    const behaviours = config.CacheBehaviors as { PathPattern: string; [key: string]: unknown }[];
    expect(behaviours.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/public/*']);
    expect(behaviours.find((b) => b.PathPattern === '/api/*')).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
    });
    expect(JSON.stringify(config.Origins)).toContain('.execute-api.');
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
  });

  it('sends the security headers with the CSP on every behaviour', () => {
    const [policy] = Object.values(app.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(headers).toMatchObject({
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
      ContentTypeOptions: { Override: true },
      StrictTransportSecurity: expect.objectContaining({ IncludeSubdomains: true }),
    });
    const config = Object.values(app.web.findResources('AWS::CloudFront::Distribution'))[0]?.Properties
      .DistributionConfig;
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behaviour.ResponseHeadersPolicyId).toBeDefined();
    }
  });

  it('deploys a valid USCR env.json, revalidated on every load', () => {
    const envJson = RuntimeConfig.parse(deployedEnvJson(app.assembly));
    expect(envJson).toMatchObject({ brand: 'USCR', siteName: 'US Cyber Range', apiBaseUrl: '/api/v1' });
    app.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      Exclude: ['assets/*'],
    });
    app.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Include: ['assets/*'],
    });
  });
});

describe('the VACR app', () => {
  it('synthesises with VACR in its stack names and env.json', () => {
    const app = synthesise({ brand: 'VACR' });
    expect(app.portal.web.stackName).toBe('Portal-VACR-dev-Web');
    expect(RuntimeConfig.parse(deployedEnvJson(app.assembly))).toMatchObject({
      brand: 'VACR',
      siteName: 'Virginia Cyber Range',
    });
  });
});

describe('runtime configuration', () => {
  it.each(['USCR', 'VACR'] satisfies Brand[])('validates the committed %s configuration', (brand) => {
    expect(() => buildRuntimeConfig(brand, cdkContext.runtimeConfig[brand])).not.toThrow();
  });

  it('fails synthesis with the messages of every invalid field', () => {
    const bad = { ...cdkContext.runtimeConfig.USCR, siteName: '', loginBaseUrl: 'ftp://login.example.org' };
    expect(() => synthesise({ runtimeConfig: { USCR: bad } })).toThrow(
      /siteName[\s\S]*loginBaseUrl|loginBaseUrl[\s\S]*siteName/,
    );
  });
});

describe('outside dev', () => {
  it('retains and protects the table and the data buckets', () => {
    const app = new App({ context: cdkContext });
    const data = Template.fromStack(
      new DataStack(app, 'Data', { stage: 'prod', uploadOrigins: ['https://portal.example.org'] }),
    );
    data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
      }),
    });
    const buckets = Object.values(data.findResources('AWS::S3::Bucket'));
    expect(buckets.map((bucket) => bucket.DeletionPolicy)).toEqual(['Retain', 'Retain']);
    expect(data.findResources('Custom::S3AutoDeleteObjects')).toEqual({});
  });
});

describe('the API', () => {
  it('refuses a non-public route while no JWT authorizer is wired', () => {
    const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
    const data = new DataStack(app, 'Data', { stage: 'dev', uploadOrigins: ['https://portal.example.org'] });
    const [publicRoute] = ROUTES;
    const protectedRoute: RouteDefinition = { ...publicRoute, operationId: 'updateThing', access: 'updateContent' };
    expect(
      () =>
        new ApiStack(app, 'Api', {
          stage: 'dev',
          table: data.table,
          privateBucket: data.privateBucket,
          publicBucket: data.publicBucket,
          routes: [protectedRoute],
          projectRoot,
        }),
    ).toThrow(/updateThing.*JWT authorizer/);
  });
});

describe('the viewer functions', () => {
  it.each([
    ['/', '/index.html'],
    ['/courseware', '/index.html'],
    ['/content/intro-to-linux-v1.2', '/index.html'],
    ['/assets/index-3f2a1b.js', '/assets/index-3f2a1b.js'],
    ['/env.json', '/env.json'],
    ['/favicon.ico', '/favicon.ico'],
  ])('serves %s from %s', (uri, expected) => {
    expect(runViewerFunction(SPA_REWRITE_FUNCTION, uri)).toBe(expected);
  });

  it('maps /public/<key> to the object key', () => {
    expect(runViewerFunction(PUBLIC_PREFIX_FUNCTION, '/public/portraits/01J.jpg')).toBe('/portraits/01J.jpg');
  });
});
