import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_AUDIENCE } from '#shared/contracts/identity';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { Brand } from '#shared/enums';
import { ROUTES, routeKey } from '#shared/routes';
import { BUCKETS, TABLE } from '#shared/table';
import { BUNDLE_STATE_MACHINE_ENV } from '../../functions/src/adapters/workflows.ts';
import { BUNDLE_OBJECT_DAYS, BUNDLE_OBJECT_PREFIX } from '../../functions/src/data/keys.ts';
import { BUNDLE_TASKS, bundleTaskEntry } from '../constructs/bundle-workflow.ts';
import { createLocalHttpPolicy } from '../local/http-policy.ts';
import { DEV_LOGIN_AUDIENCE, DEV_SSO_AUDIENCE } from '../local/identity-environment.ts';
import {
  CDK_CONTEXT as cdkContext,
  createStandInProject,
  type PolicyStatementJson,
  policyStatementsOf,
  type StandInProject,
} from '../test-support/portal-app.ts';
import {
  API_RESERVED_CONCURRENCY,
  API_STAGE_THROTTLE,
  CATALOG_INDEXER_SETTLE,
  CATALOG_INDEXER_TRIGGER,
  routedGroups,
  SEARCH_CATALOG_CHECK_MS,
  SEARCH_FUNCTION_ENV,
  SEARCH_MEMORY_MB,
} from './api-stack.ts';
import { ABORT_INCOMPLETE_UPLOAD_DAYS, DataStack } from './data-stack.ts';
import { createPortal, type Portal } from './portal.ts';
import { buildRuntimeConfig } from './runtime-config.ts';
import {
  FEED_ROUTE_PATH,
  HTML_REWRITE_FUNCTION,
  PUBLIC_PREFIX_FUNCTION,
  PUBLIC_RESPONSE_FUNCTION,
  SPA_REWRITE_FUNCTION,
  VIEWER_HOST_FUNCTION,
} from './viewer-functions.ts';

/** CloudFront managed policy ids. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let project: StandInProject;

beforeAll(() => {
  project = createStandInProject('portal-cdk-');
});

afterAll(() => {
  project.dispose();
});

interface Synthesised {
  portal: Portal;
  assembly: CloudAssembly;
  data: Template;
  identity: Template;
  api: Template;
  web: Template;
}

function synthesise(context: Record<string, unknown> = {}): Synthesised {
  const app = project.newApp(context);
  const portal = createPortal(app, project.portalOptions);
  const assembly = app.synth();
  return {
    portal,
    assembly,
    data: Template.fromStack(portal.data),
    identity: Template.fromStack(portal.identity),
    api: Template.fromStack(portal.api),
    web: Template.fromStack(portal.web),
  };
}

/** The logical id of the API's one JWT authorizer. */
function authorizerId(api: Template): string {
  const ids = Object.keys(api.findResources('AWS::ApiGatewayV2::Authorizer'));
  expect(ids).toHaveLength(1);
  return ids[0] ?? '';
}

/** A CloudFormation string value with every token (Ref, GetAtt, ImportValue…) shown as TOKEN. */
function withTokens(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(withTokens).join(join[0]);
  return 'TOKEN';
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
      if (route.access === 'public') {
        expect(resource?.Properties.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(resource?.Properties.AuthorizerId, routeKey(route)).toBeUndefined();
      } else {
        expect(resource?.Properties.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(resource?.Properties.AuthorizerId, routeKey(route)).toEqual({ Ref: authorizerId(app.api) });
      }
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
    const background = new Set(
      [
        app.portal.api.catalogIndexer,
        app.portal.api.uploadSweeper,
        app.portal.api.feedbackResender,
        app.portal.api.outboxSender,
        app.portal.api.thumbnailRenderer,
        app.portal.api.savedSearchDigest,
        app.portal.api.scheduledPublisher,
        app.portal.api.updateNotices,
        ...Object.values(app.portal.api.bundleWorkflow.functions),
      ].map((fn) => logicalId(app.portal.api, fn)),
    );
    const portalFunctions = Object.entries(functions).filter(
      ([id, fn]) => !background.has(id) && fn.Properties.Environment?.Variables?.[TABLE.nameEnv] !== undefined,
    );
    expect(portalFunctions).toHaveLength(groups.length);
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

  it('grants the functions exact table and bucket actions, never a wildcard (group-grants.ts)', () => {
    const statements = Object.values(app.api.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as PolicyStatementJson[],
    );
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 's3:PutObject', 's3:GetObject']),
    );
    const onData = statements.filter((statement) =>
      /Table|PrivateBucket|PublicBucket/.test(JSON.stringify(statement.Resource)),
    );
    expect(onData.length).toBeGreaterThan(0);
    expect(onData.flatMap((statement) => [statement.Action].flat()).filter((action) => action.includes('*'))).toEqual(
      [],
    );
    // Only the groups that use the table get item writes (e.g. not meta or statistics; search
    // writes the saved searches of issue 24 item 8, decision record 061).
    for (const group of ['meta', 'statistics', 'entitlement'] as const) {
      const fn = app.portal.api.functions.get(group);
      const groupActions = policyStatementsOf(app.api, logicalId(app.portal.api, fn ?? { node: {} })).flatMap(
        (statement) => [statement.Action].flat(),
      );
      expect(groupActions, group).not.toContain('dynamodb:PutItem');
      expect(groupActions, group).not.toContain('s3:DeleteObject');
    }
  });

  it('lets only the functions that send e-mail use SES, each with its addresses (decision records 018, 025)', () => {
    const functions = app.api.findResources('AWS::Lambda::Function');
    const expected: Record<string, Record<string, string>> = {
      content: {
        FEEDBACK_EMAIL_SENDER: 'courseware-portal@example.org',
        FEEDBACK_EMAIL_RECIPIENT: 'courseware-feedback@example.org',
        CONTACT_EMAIL_RECIPIENT: 'courseware-contact@example.org',
      },
      newsletter: {
        FEEDBACK_EMAIL_SENDER: 'courseware-portal@example.org',
        CONTACT_EMAIL_RECIPIENT: 'courseware-contact@example.org',
      },
      user: {
        FEEDBACK_EMAIL_SENDER: 'courseware-portal@example.org',
        SUPPORT_EMAIL_RECIPIENT: 'courseware-support@example.org',
      },
      organization: {
        FEEDBACK_EMAIL_SENDER: 'courseware-portal@example.org',
        SUPPORT_EMAIL_RECIPIENT: 'courseware-support@example.org',
      },
    };
    expect(routedGroups()).toEqual(expect.arrayContaining(Object.keys(expected)));
    for (const group of routedGroups()) {
      const id = logicalId(app.portal.api, app.portal.api.functions.get(group) ?? { node: {} });
      const actions = policyStatementsOf(app.api, id).flatMap((statement) => [statement.Action].flat());
      const variables = functions[id]?.Properties.Environment.Variables;
      const addresses = expected[group];
      if (addresses) {
        expect(actions, group).toEqual(expect.arrayContaining(['ses:SendRawEmail', 'ses:SendEmail']));
        expect(variables, group).toMatchObject(addresses);
      } else {
        expect(actions, group).not.toContain('ses:SendRawEmail');
        expect(variables, group).not.toHaveProperty('FEEDBACK_EMAIL_SENDER');
      }
    }
  });

  it('takes the feedback, contact and support addresses from context', () => {
    const { portal, api } = synthesise({
      feedbackSender: 'portal@uscr.example.edu',
      feedbackRecipient: 'team@uscr.example.edu',
      contactRecipient: 'hello@uscr.example.edu',
      supportRecipient: 'help@uscr.example.edu',
    });
    const variablesOf = (group: 'content' | 'user') =>
      api.findResources('AWS::Lambda::Function')[logicalId(portal.api, portal.api.functions.get(group) ?? { node: {} })]
        ?.Properties.Environment.Variables;
    expect(variablesOf('content')).toMatchObject({
      FEEDBACK_EMAIL_SENDER: 'portal@uscr.example.edu',
      FEEDBACK_EMAIL_RECIPIENT: 'team@uscr.example.edu',
      CONTACT_EMAIL_RECIPIENT: 'hello@uscr.example.edu',
    });
    expect(variablesOf('user')).toMatchObject({ SUPPORT_EMAIL_RECIPIENT: 'help@uscr.example.edu' });
  });

  it('streams the keys of changed items from the table', () => {
    app.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'KEYS_ONLY' },
    });
  });

  it('expires old versions of the catalog snapshot after a day', () => {
    app.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Prefix: 'search/',
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          }),
        ]),
      },
    });
  });

  it('triggers the catalog indexer from the table stream, filtered to the catalog revision item', () => {
    const indexerId = logicalId(app.portal.api, app.portal.api.catalogIndexer);
    const mappings = Object.values(app.api.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: indexerId }),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      FunctionName: { Ref: indexerId },
      EventSourceArn: expect.anything(),
      StartingPosition: 'LATEST',
      BatchSize: CATALOG_INDEXER_TRIGGER.batchSize,
      MaximumBatchingWindowInSeconds: 1,
      MaximumRetryAttempts: CATALOG_INDEXER_TRIGGER.retryAttempts,
      FilterCriteria: {
        Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { pk: { S: ['CATALOG'] } } } }) }],
      },
    });
    expect(JSON.stringify(mappings[0]?.Properties.EventSourceArn)).toContain('StreamArn');
    const queues = app.api.findResources('AWS::SQS::Queue');
    const [queueId] = Object.keys(queues).filter((id) => id.startsWith('CatalogIndexerFailures'));
    expect(queues[queueId ?? '']?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 1_209_600,
    });
    expect(mappings[0]?.Properties.DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
  });

  it('sweeps the objects of file records removed by TTL, filtered to those removals', () => {
    const sweeperId = logicalId(app.portal.api, app.portal.api.uploadSweeper);
    const mappings = Object.values(app.api.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: sweeperId }),
    );
    expect(mappings).toHaveLength(1);
    const pattern = JSON.parse(mappings[0]?.Properties.FilterCriteria.Filters[0].Pattern);
    expect(pattern).toEqual({
      eventName: ['REMOVE'],
      userIdentity: { type: ['Service'], principalId: ['dynamodb.amazonaws.com'] },
      dynamodb: { Keys: { pk: { S: [{ prefix: 'FILE#' }] } } },
    });
    expect(mappings[0]?.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0]).toMatch(
      /^UploadSweeperFailures/,
    );
    const statements = JSON.stringify(policyStatementsOf(app.api, sweeperId));
    expect(statements).toContain('s3:DeleteObject');
    expect(statements).toContain('/files/*');
    expect(statements).not.toContain('dynamodb:PutItem');
  });

  it('sends outbox e-mail from the table stream, off the request path, one run at a time (decision record 033)', () => {
    const senderId = logicalId(app.portal.api, app.portal.api.outboxSender);
    const mappings = Object.values(app.api.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: senderId }),
    );
    expect(mappings).toHaveLength(1);
    expect(JSON.parse(mappings[0]?.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { Keys: { pk: { S: [{ prefix: 'OUTBOX#' }] } } },
    });
    expect(mappings[0]?.Properties).toMatchObject({ MaximumBatchingWindowInSeconds: 1, MaximumRetryAttempts: 5 });
    expect(mappings[0]?.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0]).toMatch(
      /^OutboxSenderFailures/,
    );
    const sender = app.api.findResources('AWS::Lambda::Function')[senderId];
    expect(sender?.Properties).toMatchObject({
      ReservedConcurrentExecutions: 1,
      Environment: { Variables: { FEEDBACK_EMAIL_SENDER: 'courseware-portal@example.org' } },
    });
    const actions = policyStatementsOf(app.api, senderId).flatMap((statement) => [statement.Action].flat());
    expect(actions).toContain('ses:SendRawEmail');
    expect(actions).not.toContain('dynamodb:PutItem');
  });

  it('retries pending feedback and message e-mail every 15 minutes, one run at a time, with SES', () => {
    const resenderId = logicalId(app.portal.api, app.portal.api.feedbackResender);
    const rules = Object.values(app.api.findResources('AWS::Events::Rule'));
    const rule = rules.find((candidate) => JSON.stringify(candidate.Properties.Targets).includes(resenderId));
    expect(rule?.Properties.ScheduleExpression).toBe('rate(15 minutes)');
    const resender = app.api.findResources('AWS::Lambda::Function')[resenderId];
    expect(resender?.Properties).toMatchObject({
      ReservedConcurrentExecutions: 1,
      Environment: {
        Variables: {
          FEEDBACK_EMAIL_SENDER: 'courseware-portal@example.org',
          FEEDBACK_EMAIL_RECIPIENT: 'courseware-feedback@example.org',
          CONTACT_EMAIL_RECIPIENT: 'courseware-contact@example.org',
          SUPPORT_EMAIL_RECIPIENT: 'courseware-support@example.org',
        },
      },
    });
    const actions = policyStatementsOf(app.api, resenderId).flatMap((statement) => [statement.Action].flat());
    expect(actions).toContain('ses:SendRawEmail');
  });

  it('publishes scheduled content every minute, one run at a time, without SES, deleting only uploads from the buckets (decision records 068, 065)', () => {
    const publisherId = logicalId(app.portal.api, app.portal.api.scheduledPublisher);
    const rules = Object.values(app.api.findResources('AWS::Events::Rule'));
    const rule = rules.find((candidate) => JSON.stringify(candidate.Properties.Targets).includes(publisherId));
    expect(rule?.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(JSON.stringify(rule?.Properties.Targets)).toMatch(/ScheduledPublisherFailures/);
    const publisher = app.api.findResources('AWS::Lambda::Function')[publisherId];
    expect(publisher?.Properties).toMatchObject({ ReservedConcurrentExecutions: 1, Timeout: 60 });
    const actions = policyStatementsOf(app.api, publisherId).flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem']));
    expect(actions).not.toContain('ses:SendRawEmail');
    // The purge of deleted content discards the draft's uploads (issue 25 item 3).
    expect([...new Set(actions.filter((action) => String(action).startsWith('s3:')))]).toEqual(['s3:DeleteObject']);
  });

  it('delivers update notices every 15 minutes and digests them daily at 07:00 UTC, one run at a time, without SES (issue 25 item 5)', () => {
    const noticesId = logicalId(app.portal.api, app.portal.api.updateNotices);
    const rules = Object.values(app.api.findResources('AWS::Events::Rule')).filter((candidate) =>
      JSON.stringify(candidate.Properties.Targets).includes(noticesId),
    );
    const byTask: Record<string, { ScheduleExpression: string; Targets: unknown[] }> = Object.fromEntries(
      rules.map((rule) => [JSON.parse(rule.Properties.Targets[0].Input).task, rule.Properties]),
    );
    expect(Object.keys(byTask).sort()).toEqual(['deliver', 'digest']);
    expect(byTask.deliver?.ScheduleExpression).toBe('rate(15 minutes)');
    expect(byTask.digest?.ScheduleExpression).toBe('cron(0 7 * * ? *)');
    for (const rule of Object.values(byTask)) {
      expect(rule.Targets[0]).toMatchObject({
        RetryPolicy: { MaximumRetryAttempts: 2 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/^UpdateNoticesFailures/), 'Arn'] } },
      });
    }
    const fn = app.api.findResources('AWS::Lambda::Function')[noticesId];
    expect(fn?.Properties).toMatchObject({ ReservedConcurrentExecutions: 1, Timeout: 900 });
    const actions = policyStatementsOf(app.api, noticesId).flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem']),
    );
    expect(actions).not.toContain('ses:SendRawEmail');
    expect(actions.some((action) => action.startsWith('s3:'))).toBe(false);
  });

  it('runs at most one catalog indexer at a time, with the memory to build the index', () => {
    const indexer =
      app.api.findResources('AWS::Lambda::Function')[logicalId(app.portal.api, app.portal.api.catalogIndexer)];
    expect(indexer?.Properties).toMatchObject({
      ReservedConcurrentExecutions: 1,
      MemorySize: SEARCH_MEMORY_MB,
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Environment: {
        Variables: {
          [TABLE.nameEnv]: expect.anything(),
          [BUCKETS.private.nameEnv]: expect.anything(),
          [BUCKETS.public.nameEnv]: expect.anything(),
          [CATALOG_INDEXER_SETTLE.env]: String(CATALOG_INDEXER_SETTLE.ms),
        },
      },
    });
  });

  it('gives the search function 1024 MB, its check interval, and no object writes beyond search/', () => {
    const search = app.portal.api.functions.get('search');
    const id = logicalId(app.portal.api, search ?? { node: {} });
    const resource = app.api.findResources('AWS::Lambda::Function')[id];
    expect(resource?.Properties).toMatchObject({
      MemorySize: SEARCH_MEMORY_MB,
      Environment: { Variables: { [SEARCH_FUNCTION_ENV.catalogCheckMs]: String(SEARCH_CATALOG_CHECK_MS) } },
    });
    // The feed and the sitemap name the site and honour its flags (decision record 055).
    const variables = resource?.Properties.Environment.Variables as Record<string, string>;
    expect(RuntimeConfig.parse(JSON.parse(variables.RUNTIME_CONFIG_JSON ?? '{}'))).toMatchObject({ brand: 'USCR' });
    for (const fnId of [id, logicalId(app.portal.api, app.portal.api.catalogIndexer)]) {
      const statements = policyStatementsOf(app.api, fnId);
      const actions = statements.flatMap((statement) => [statement.Action].flat());
      // The table: the indexer reads only; the search function also writes saved searches
      // (issue 24 item 8, decision record 061), never by a batch.
      expect(actions).toContain('dynamodb:Query');
      expect(actions).toContain('dynamodb:GetItem');
      expect(actions).not.toContain('dynamodb:BatchWriteItem');
      if (fnId !== id) expect(actions).not.toContain('dynamodb:PutItem');
      if (fnId !== id) expect(actions).not.toContain('dynamodb:UpdateItem');
      // The private bucket: objects under search/ only.
      const writes = statements.filter((statement) => [statement.Action].flat().includes('s3:PutObject'));
      expect(writes).toHaveLength(1);
      expect(JSON.stringify(writes[0]?.Resource)).toContain('/search/*');
      expect(JSON.stringify(writes[0]?.Resource)).not.toMatch(/"\/\*"/);
    }
  });

  it('throttles the default stage at 500 requests/s, burst 1,000 (decision record 085)', () => {
    app.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
    });
    expect(API_STAGE_THROTTLE).toEqual({ rateLimit: 500, burstLimit: 1000 });
  });

  it('reserves 50 concurrent executions for each client group’s Lambda, leaving ≥ 100 of 1,000 unreserved', () => {
    const stack = app.portal.api;
    expect(API_RESERVED_CONCURRENCY).toBe(50);
    let reserved = 0;
    for (const [group, fn] of stack.functions) {
      const properties = app.api.toJSON().Resources[logicalId(stack, fn)]?.Properties;
      expect(properties?.ReservedConcurrentExecutions, group).toBe(50);
    }
    for (const resource of Object.values(app.api.findResources('AWS::Lambda::Function'))) {
      reserved += Number(resource.Properties?.ReservedConcurrentExecutions ?? 0);
    }
    expect(reserved).toBeLessThanOrEqual(900);
  });

  it('outputs the table and bucket names the operator tools need', () => {
    const stack = app.portal.data;
    const outputs = app.data.findOutputs('*');
    expect(outputs.TableName?.Value).toEqual(stack.resolve(stack.table.tableName));
    expect(outputs.PrivateBucketName?.Value).toEqual(stack.resolve(stack.privateBucket.bucketName));
    expect(outputs.PublicBucketName?.Value).toEqual(stack.resolve(stack.publicBucket.bucketName));
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
    // The private and public buckets and their access-log bucket.
    expect(Object.keys(app.data.findResources('AWS::S3::Bucket'))).toHaveLength(3);
  });

  it('versions both data buckets and keeps noncurrent versions 30 days (docs/deploy.md "Backup and restore")', () => {
    const versioned = Object.entries(app.data.findResources('AWS::S3::Bucket')).filter(
      ([id]) => id.startsWith('PrivateBucket') || id.startsWith('PublicBucket'),
    );
    expect(versioned).toHaveLength(2);
    for (const [, bucket] of versioned) {
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({
          Id: 'expire-old-versions',
          Status: 'Enabled',
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        }),
      );
    }
  });

  it('lets the site upload to the data buckets with presigned PUT and POST', () => {
    app.data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT', 'POST']) })],
      },
    });
  });

  it('lets the site read a preview from the data buckets with a presigned GET (decision record 058)', () => {
    app.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['GET']) })],
      },
    });
  });

  it('routes /api/* to the HTTP API uncached and /public/* to the public bucket', () => {
    const [distribution] = Object.values(app.web.findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig;
    const behaviours = config.CacheBehaviors as { PathPattern: string; [key: string]: unknown }[];
    expect(behaviours.map((b) => b.PathPattern).sort()).toEqual([
      '/api/*',
      // The Atom feed's own behaviour (decision record 055).
      '/api/v1/search/feed',
      '/assets/*',
      '/env.json',
      '/public/*',
    ]);
    expect(behaviours.find((b) => b.PathPattern === '/api/*')).toMatchObject({
      CachePolicyId: { Ref: expect.stringMatching(/^ApiCachePolicy/) },
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
    });
    expect(JSON.stringify(config.Origins)).toContain('.execute-api.');
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    // Public files: the key mapping on request, only raster images inline on response (decision record 031).
    const publicFiles = behaviours.find((b) => b.PathPattern === '/public/*') as unknown as {
      FunctionAssociations: { EventType: string }[];
    };
    expect(publicFiles.FunctionAssociations.map((f) => f.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ]);
  });

  it('compresses on every behaviour, through cache policies that admit gzip and brotli (issue 22 item 4)', () => {
    const config = Object.values(app.web.findResources('AWS::CloudFront::Distribution'))[0]?.Properties
      .DistributionConfig;
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors] as {
      PathPattern?: string;
      Compress: boolean;
      CachePolicyId: unknown;
    }[];
    for (const behaviour of behaviours) expect(behaviour.Compress).toBe(true);
    // The API and the pages (both from API Gateway) share one policy of their own; the static
    // files of the build and the public files: the managed CachingOptimized policy (gzip and brotli on).
    const policies = app.web.findResources('AWS::CloudFront::CachePolicy');
    expect(Object.keys(policies)).toHaveLength(1);
    const apiPolicy = { Ref: Object.keys(policies)[0] };
    // The Atom feed's behaviour (decision record 055) is the API's with a viewer function.
    const fromApiGateway = (b: { PathPattern?: string }) =>
      b.PathPattern === undefined || b.PathPattern === '/api/*' || b.PathPattern === FEED_ROUTE_PATH;
    expect(behaviours.filter(fromApiGateway).map((b) => b.CachePolicyId)).toEqual([apiPolicy, apiPolicy, apiPolicy]);
    for (const behaviour of behaviours.filter((b) => !fromApiGateway(b))) {
      expect(behaviour.CachePolicyId, behaviour.PathPattern).toBe(CACHING_OPTIMIZED);
    }
    // Compressed, kept only when the answer says so and at most 1 s, keyed on the caller.
    const [api] = Object.values(policies);
    expect(api?.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 1,
      ParametersInCacheKeyAndForwardedToOrigin: {
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', 'Origin'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'all' },
      },
    });
  });

  it('gives the html group the runtime configuration and the SPA shell in its bundle (decision record 038)', () => {
    const htmlFunction = app.portal.api.functions.get('html');
    expect(htmlFunction).toBeDefined();
    const [resource] = Object.values(
      app.api.findResources('AWS::Lambda::Function', {
        Properties: { Description: 'Portal API, client group html' },
      }),
    );
    const variables = resource?.Properties.Environment.Variables as Record<string, string>;
    expect(RuntimeConfig.parse(JSON.parse(variables.RUNTIME_CONFIG_JSON ?? '{}'))).toMatchObject({ brand: 'USCR' });
    expect(variables.HTML_SHELL_FILE).toBe('/var/task/index.html');
    // It reads, never writes, the table.
    const statements = JSON.stringify(
      Object.values(app.api.findResources('AWS::IAM::Policy')).filter((policy) =>
        JSON.stringify(policy.Properties.Roles).includes('HtmlFunction'),
      ),
    );
    expect(statements).not.toMatch(/dynamodb:(PutItem|UpdateItem|DeleteItem)/);
  });

  it('sends page addresses to the html group, not kept and compressed, and static files to the web bucket (issue 22 item 2)', () => {
    const [distribution] = Object.values(app.web.findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig;
    const origins = config.Origins as { Id: string; DomainName: unknown; S3OriginConfig?: unknown }[];
    const originOf = (id: string) => origins.find((origin) => origin.Id === id);
    const pages = config.DefaultCacheBehavior;
    expect(JSON.stringify(originOf(pages.TargetOriginId)?.DomainName)).toContain('.execute-api.');
    // Not kept at the edge (the answer is no-cache; the API's policy has min TTL 0), and compressed.
    expect(pages.CachePolicyId).toEqual({ Ref: Object.keys(app.web.findResources('AWS::CloudFront::CachePolicy'))[0] });
    expect(pages).toMatchObject({
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD'],
      Compress: true,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(config.DefaultRootObject).toBeUndefined();
    const [rewrite] = pages.FunctionAssociations as { EventType: string; FunctionARN: unknown }[];
    expect(rewrite?.EventType).toBe('viewer-request');
    const functions = app.web.findResources('AWS::CloudFront::Function');
    const rewriteCode = Object.values(functions).find((fn) =>
      JSON.stringify(rewrite?.FunctionARN).includes(Object.keys(functions).find((id) => functions[id] === fn) ?? '-'),
    )?.Properties.FunctionCode;
    expect(rewriteCode).toBe(HTML_REWRITE_FUNCTION);

    const behaviours = config.CacheBehaviors as {
      PathPattern: string;
      TargetOriginId: string;
      [key: string]: unknown;
    }[];
    for (const pattern of ['/assets/*', '/env.json']) {
      const behaviour = behaviours.find((b) => b.PathPattern === pattern);
      expect(originOf(behaviour?.TargetOriginId ?? '')?.DomainName, pattern).toEqual({
        'Fn::GetAtt': [expect.stringMatching(/^WebBucket/), 'RegionalDomainName'],
      });
      expect(behaviour, pattern).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, Compress: true });
      expect(behaviour?.FunctionAssociations, pattern).toBeUndefined();
    }
  });

  it('sends the Atom feed to the API with the viewer host, before /api/*, and /sitemap.xml to the page behaviour (decision record 055)', () => {
    const config = Object.values(app.web.findResources('AWS::CloudFront::Distribution'))[0]?.Properties
      .DistributionConfig;
    const behaviours = config.CacheBehaviors as { PathPattern: string; [key: string]: unknown }[];
    const patterns = behaviours.map((behaviour) => behaviour.PathPattern);
    expect(patterns.indexOf(FEED_ROUTE_PATH)).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf(FEED_ROUTE_PATH)).toBeLessThan(patterns.indexOf('/api/*'));
    const feed = behaviours.find((behaviour) => behaviour.PathPattern === FEED_ROUTE_PATH);
    const api = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
    expect(feed).toMatchObject({
      TargetOriginId: api?.TargetOriginId,
      CachePolicyId: api?.CachePolicyId,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    const [association] = (feed?.FunctionAssociations ?? []) as { EventType: string; FunctionARN: unknown }[];
    expect(association?.EventType).toBe('viewer-request');
    const functions = app.web.findResources('AWS::CloudFront::Function');
    const [functionId] = Object.keys(functions).filter((id) => JSON.stringify(association?.FunctionARN).includes(id));
    expect(functions[functionId ?? '']?.Properties.FunctionCode).toBe(VIEWER_HOST_FUNCTION);
    // No file of the build takes /sitemap.xml: the default behaviour's rewrite sends it to the search group.
    expect(patterns).not.toContain('/sitemap.xml');
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
      // blob: for the editor's image previews (issue 21 item 11), in img-src only.
      "img-src 'self' data: https: blob:;",
      "media-src 'self' https:",
      // The youTube widget's player (spec §3) and the landing video's.
      'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp.match(/blob:/g)).toHaveLength(1);
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
    expect(buckets.map((bucket) => bucket.DeletionPolicy)).toEqual(['Retain', 'Retain', 'Retain']);
    expect(data.findResources('Custom::S3AutoDeleteObjects')).toEqual({});
  });
});

describe('identity in the API', () => {
  const issuer = 'https://portal.example.org/api/v1/auth';
  let app: Synthesised;
  beforeAll(() => {
    app = synthesise({
      portalIssuer: issuer,
      cognitoUserPoolId: 'us-east-1_AbCdEf123',
      cognitoClientId: 'client123',
      ssoIssuer: 'https://exercises.example.org',
      ssoAudience: 'courseware-portal',
      ssoJwksUri: 'https://exercises.example.org/jwks.json',
    });
  });

  it('has one JWT authorizer trusting the portal issuer for the portal audience', () => {
    app.api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    app.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Issuer: issuer, Audience: [PORTAL_AUDIENCE] },
    });
  });

  it('puts the authorizer on every non-public route and on no public one', () => {
    const routes = Object.values(app.api.findResources('AWS::ApiGatewayV2::Route'));
    expect(ROUTES.some((route) => route.access !== 'public')).toBe(true);
    for (const route of ROUTES) {
      const resource = routes.find((r) => r.Properties.RouteKey === routeKey(route));
      const expected =
        route.access === 'public'
          ? { AuthorizationType: 'NONE', AuthorizerId: undefined }
          : { AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId(app.api) } };
      expect(
        { AuthorizationType: resource?.Properties.AuthorizationType, AuthorizerId: resource?.Properties.AuthorizerId },
        routeKey(route),
      ).toEqual(expected);
    }
  });

  it('creates the signing-key secret empty in the identity stack and fills it with a custom resource', () => {
    app.api.resourceCountIs('AWS::SecretsManager::Secret', 0);
    const secrets = Object.values(app.identity.findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]?.Properties.GenerateSecretString).toBeUndefined();
    expect(secrets[0]?.Properties.SecretString).toBeUndefined();
    app.identity.hasResourceProperties('Custom::PortalSigningKey', { SecretArn: { Ref: Match.anyValue() } });
    app.identity.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: Match.arrayWith(['secretsmanager:PutSecretValue']), Effect: 'Allow' }),
        ]),
      },
    });
  });

  it('gives every API Lambda the issuer, the brand and the signing-key secret, readable', () => {
    const secretId = Object.keys(app.identity.findResources('AWS::SecretsManager::Secret'))[0];
    // The identity stack's secret, referenced across stacks (its Ref published as an output).
    const secretReference = {
      'Fn::GetStackOutput': expect.objectContaining({
        StackName: app.portal.identity.stackName,
        OutputName: expect.stringContaining(`Ref${secretId}`),
      }),
    };
    const policies = JSON.stringify(app.api.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('secretsmanager:GetSecretValue');
    for (const group of routedGroups()) {
      const fn = app.portal.api.functions.get(group);
      const resource = app.api.findResources('AWS::Lambda::Function')[logicalId(app.portal.api, fn ?? { node: {} })];
      expect(resource?.Properties.Environment.Variables, group).toMatchObject({
        PORTAL_ISSUER: issuer,
        BRAND: 'USCR',
        PORTAL_SIGNING_KEY_SECRET_ARN: secretReference,
      });
    }
  });

  it('configures the upstream providers on the authentication Lambda only', () => {
    const variables = (group: string) => {
      const fn = app.portal.api.functions.get(group as never);
      return app.api.findResources('AWS::Lambda::Function')[logicalId(app.portal.api, fn ?? { node: {} })]?.Properties
        .Environment.Variables;
    };
    expect(variables('authentication')).toMatchObject({
      VCR_COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
      VCR_COGNITO_CLIENT_ID: 'client123',
      SSO_ISSUER: 'https://exercises.example.org',
      SSO_AUDIENCE: 'courseware-portal',
      SSO_JWKS_URI: 'https://exercises.example.org/jwks.json',
    });
    expect(variables('content')).not.toHaveProperty('VCR_COGNITO_USER_POOL_ID');
    expect(variables('content')).not.toHaveProperty('SSO_ISSUER');
  });

  it('takes the issuer from siteDomain', () => {
    const withDomain = synthesise({
      siteDomain: 'courseware.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    withDomain.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: { Issuer: 'https://courseware.example.org/api/v1/auth' },
    });
  });

  it("trusts the API's own address in dev without a domain or issuer, and the Lambdas sign with it", () => {
    const dev = synthesise();
    const [authorizer] = Object.values(dev.api.findResources('AWS::ApiGatewayV2::Authorizer'));
    const issuerValue = authorizer?.Properties.JwtConfiguration.Issuer;
    expect(JSON.stringify(issuerValue)).toMatch(
      /"Fn::GetAtt":\["HttpApi[0-9A-F]*","ApiEndpoint"\]\},"\/api\/v1\/auth"/,
    );
    const fn = dev.portal.api.functions.get('content');
    const resource = dev.api.findResources('AWS::Lambda::Function')[logicalId(dev.portal.api, fn ?? { node: {} })];
    expect(resource?.Properties.Environment.Variables.PORTAL_ISSUER).toEqual(issuerValue);
  });

  it('fails synthesis outside dev without an issuer, naming the context keys', () => {
    expect(() => synthesise({ stage: 'prod' })).toThrow(/siteDomain.*portalIssuer/);
  });

  it('refuses an issuer that is not https or does not end in /api/v1/auth', () => {
    expect(() => synthesise({ portalIssuer: 'http://portal.example.org/api/v1/auth' })).toThrow(/portalIssuer/);
    expect(() => synthesise({ portalIssuer: 'https://portal.example.org/' })).toThrow(/portalIssuer/);
  });

  it('contains nothing of the dev identity provider', () => {
    const everything = JSON.stringify([
      app.data.toJSON(),
      app.identity.toJSON(),
      app.api.toJSON(),
      app.web.toJSON(),
      synthesise().api.toJSON(),
    ]);
    for (const trace of [
      'dev-idp',
      '/dev/login',
      'Sign in to the local portal',
      DEV_LOGIN_AUDIENCE,
      DEV_SSO_AUDIENCE,
      'VCR_JWKS_FILE',
      'PORTAL_SIGNING_KEY_FILE',
    ]) {
      expect(everything).not.toContain(trace);
    }
  });
});

describe('the security headers', () => {
  it('are the same values in CloudFront and on the local server', () => {
    const app = synthesise();
    const [policy] = Object.values(app.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const local = createLocalHttpPolicy({ origins: ['http://localhost:3000'], s3Origin: 'https://TOKEN' }).headers;
    const cloudCsp = withTokens(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    // CloudFront names both host names of both buckets; locally one emulator origin.
    expect(cloudCsp).toBe(
      (local['content-security-policy'] ?? '').replace(
        "connect-src 'self' https://TOKEN",
        "connect-src 'self' https://TOKEN https://TOKEN https://TOKEN https://TOKEN",
      ),
    );
    expect(local['strict-transport-security']).toBe(
      `max-age=${headers.StrictTransportSecurity.AccessControlMaxAgeSec}; includeSubDomains`,
    );
    expect(local['x-frame-options']).toBe(headers.FrameOptions.FrameOption);
    expect(local['referrer-policy']).toBe(headers.ReferrerPolicy.ReferrerPolicy);
    expect(local['x-content-type-options']).toBe('nosniff');
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
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
    // The user-import template (spec §2.15) is a file, not the SPA.
    ['/template.csv', '/template.csv'],
  ])('serves %s from %s', (uri, expected) => {
    expect(runViewerFunction(SPA_REWRITE_FUNCTION, uri)).toBe(expected);
  });

  it.each([
    ['/', '/api/v1/html'],
    ['/index.html', '/api/v1/html'],
    ['/courseware', '/api/v1/html/courseware'],
    ['/courseware/seed-labs/buffer-overflow', '/api/v1/html/courseware/seed-labs/buffer-overflow'],
    ['/news/matrix-news', '/api/v1/html/news/matrix-news'],
    // The sitemap goes to the search group's route (issue 24 item 7; decision record 055).
    ['/sitemap.xml', '/api/v1/search/sitemap'],
  ])('sends the page %s to the html route %s, naming the viewer host', (uri, expected) => {
    const run = new Function('event', `${HTML_REWRITE_FUNCTION}\nreturn handler(event);`) as (event: unknown) => {
      uri: string;
      headers: Record<string, { value: string }>;
    };
    const request = run({ request: { uri, method: 'GET', headers: { host: { value: 'portal.example.org' } } } });
    expect(request.uri).toBe(expected);
    expect(request.headers['x-viewer-host']).toEqual({ value: 'portal.example.org' });
  });

  it('names the viewer host to the Atom feed and leaves its address and query alone (decision record 055)', () => {
    const run = new Function('event', `${VIEWER_HOST_FUNCTION}\nreturn handler(event);`) as (event: unknown) => {
      uri: string;
      querystring: unknown;
      headers: Record<string, { value: string }>;
    };
    const querystring = { q: { value: 'ciphers' }, cat: { value: 'lesson', multiValue: [{ value: 'lesson' }] } };
    const request = run({
      request: { uri: FEED_ROUTE_PATH, querystring, method: 'GET', headers: { host: { value: 'portal.example.org' } } },
    });
    expect(request.uri).toBe('/api/v1/search/feed');
    expect(request.querystring).toEqual(querystring);
    expect(request.headers['x-viewer-host']).toEqual({ value: 'portal.example.org' });
  });

  it('maps /public/<key> to the object key', () => {
    expect(runViewerFunction(PUBLIC_PREFIX_FUNCTION, '/public/portraits/01J.jpg')).toBe('/portraits/01J.jpg');
  });

  it.each([
    ['image/png', undefined],
    ['image/jpeg', undefined],
    ['image/webp', undefined],
    ['text/html; charset=utf-8', 'attachment'],
    ['image/svg+xml', 'attachment'],
    ['application/javascript', 'attachment'],
    ['text/xml', 'attachment'],
    ['application/pdf', 'attachment'],
    ['text/plain', 'attachment'],
  ])('shows a public %s inline only when it is a raster image (issue 21 item 1)', (type, disposition) => {
    const run = new Function('event', `${PUBLIC_RESPONSE_FUNCTION}\nreturn handler(event);`) as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const { headers } = run({ response: { statusCode: 200, headers: { 'content-type': { value: type } } } });
    expect(headers['content-disposition']?.value).toBe(disposition);
    expect(headers['x-content-type-options']?.value).toBe('nosniff');
  });
});

describe('the bundle workflow in the app', () => {
  let app: Synthesised;
  beforeAll(() => {
    app = synthesise();
  });

  const functionId = (group: string) =>
    logicalId(app.portal.api, app.portal.api.functions.get(group as never) ?? { node: {} });
  const machineId = () => Object.keys(app.api.findResources('AWS::StepFunctions::StateMachine'))[0] ?? '';
  /** A template value as text, naming the Data stack's outputs (`PrivateBucket…Arn`) and local resources by id. */
  const text = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const object = value as Record<string, unknown>;
    if ('Ref' in object) return String(object.Ref);
    if ('Fn::GetStackOutput' in object)
      return String((object['Fn::GetStackOutput'] as { OutputName: string }).OutputName);
    if ('Fn::Join' in object) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map(text).join(separator);
    }
    return JSON.stringify(object);
  };

  it('lives in the Api stack: one state machine and its three task functions', () => {
    app.api.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    app.data.resourceCountIs('AWS::StepFunctions::StateMachine', 0);
    const functions = app.api.findResources('AWS::Lambda::Function');
    for (const task of BUNDLE_TASKS) {
      const fn = functions[logicalId(app.portal.api, app.portal.api.bundleWorkflow.functions[task])];
      expect(fn?.Properties, task).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    }
  });

  it('gives the file group the state machine ARN and StartExecution on it only', () => {
    const variables =
      app.api.findResources('AWS::Lambda::Function')[functionId('file')]?.Properties.Environment.Variables;
    expect(variables[BUNDLE_STATE_MACHINE_ENV]).toEqual({ Ref: machineId() });
    const states = policyStatementsOf(app.api, functionId('file')).filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('states:')),
    );
    expect(states).toEqual([{ Action: 'states:StartExecution', Effect: 'Allow', Resource: { Ref: machineId() } }]);
  });

  it('lets no other API function start or see the workflow', () => {
    for (const group of routedGroups().filter((name) => name !== 'file')) {
      const variables =
        app.api.findResources('AWS::Lambda::Function')[functionId(group)]?.Properties.Environment.Variables;
      expect(variables, group).not.toHaveProperty(BUNDLE_STATE_MACHINE_ENV);
      const actions = policyStatementsOf(app.api, functionId(group)).flatMap((statement) => [statement.Action].flat());
      expect(
        actions.filter((action) => action.startsWith('states:')),
        group,
      ).toEqual([]);
    }
  });

  it('lets the file group presign GETs of the downloadable objects and write download events and counters', () => {
    const statements = policyStatementsOf(app.api, functionId('file'));
    const reads = statements
      .filter((statement) => [statement.Action].flat().includes('s3:GetObject'))
      .flatMap((statement) => [statement.Resource].flat().map(text))
      .map((resource) => resource.replace(/^PublishOutputFnGetAtt(Private|Public)Bucket\w*Arn\w*/, '$1'))
      .sort();
    // Seeded content files, uploads and bundles in the private bucket; public uploads (completion checks).
    expect(reads).toEqual(['Private/bundles/*', 'Private/content/*', 'Private/files/*', 'Public/files/*']);
    expect(
      statements.flatMap((statement) => [statement.Action].flat()).filter((action) => action.includes('*')),
    ).toEqual([]);
    const tableActions = statements.flatMap((statement) => [statement.Action].flat());
    // TransactWriteItems is authorised by the item-level actions it contains.
    expect(tableActions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem']),
    );
  });

  it('lets the content group read the table (the bundle preview) without new grants', () => {
    const actions = policyStatementsOf(app.api, functionId('content')).flatMap((statement) =>
      [statement.Action].flat(),
    );
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    expect(actions.some((action) => action.startsWith('states:'))).toBe(false);
  });

  it('expires bundle objects after BUNDLE_OBJECT_DAYS and aborts incomplete uploads after a day', () => {
    const buckets = app.data.findResources('AWS::S3::Bucket');
    const privateBucket = Object.entries(buckets).find(([id]) => id.startsWith('PrivateBucket'))?.[1];
    const rules = privateBucket?.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules).toContainEqual({
      Id: 'expire-bundles',
      Prefix: BUNDLE_OBJECT_PREFIX,
      ExpirationInDays: BUNDLE_OBJECT_DAYS,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
    expect(BUNDLE_OBJECT_DAYS).toBe(7);
    expect(ABORT_INCOMPLETE_UPLOAD_DAYS).toBe(1);
    const dataBuckets = Object.entries(buckets).filter(([id]) => /^(Private|Public)Bucket/.test(id));
    expect(dataBuckets).toHaveLength(2);
    for (const [, bucket] of dataBuckets) {
      expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual({
        Id: 'abort-incomplete-uploads',
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: ABORT_INCOMPLETE_UPLOAD_DAYS },
        Status: 'Enabled',
      });
    }
    // Nothing else of the private bucket expires.
    const expiring = rules.filter((rule) => rule.ExpirationInDays !== undefined);
    expect(expiring.map((rule) => rule.Prefix)).toEqual([BUNDLE_OBJECT_PREFIX]);
  });

  it('fails synthesis naming a missing task entry', () => {
    const zipEntry = bundleTaskEntry(project.portalOptions.projectRoot, 'zip');
    const saved = readFileSync(zipEntry, 'utf8');
    rmSync(zipEntry);
    try {
      expect(() => synthesise()).toThrow(/Handler entries missing[\s\S]*functions\/src\/bundles\/zip-task\.ts/);
    } finally {
      writeFileSync(zipEntry, saved);
    }
  });
});
