import type { CfnElement } from 'aws-cdk-lib';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LOG_MESSAGE } from '#shared/contracts/client-error';
import type { ClientGroup } from '#shared/enums';
import { SES_CONFIGURATION_SET_ENV } from '../../functions/src/adapters/email.ts';
import { BUNDLE_TASKS } from '../constructs/bundle-workflow.ts';
import { PortalEmail, SES_CONFIGURATION_SET_DIMENSION } from '../constructs/email.ts';
import { ALARM_SETTINGS, CLIENT_ERROR_METRIC, PORTAL_METRIC_NAMESPACE } from '../constructs/observability.ts';
import {
  CDK_CONTEXT as cdkContext,
  createStandInProject,
  policyStatementsOf,
  type StandInProject,
} from '../test-support/portal-app.ts';
import { EMAIL_SENDING_GROUPS, FAILURE_QUEUE_IDS, routedGroups } from './api-stack.ts';
import { IdentityStack, USER_POOL_PASSWORD_POLICY } from './identity-stack.ts';
import { createPortal, type Portal } from './portal.ts';

/**
 * Template tests of issue 10's operations parts: the identity stack (user pool, vcr
 * client, signing key), SES (identity, configuration set, the exact send grant),
 * structured logs, dead-letter queues, the bundle workflow's logging/tracing/retries,
 * the alarms and their topic, and what `dev` destroys while other stages retain.
 * Two synths of the whole app (dev and prod), shared by the tests of each.
 */

let project: StandInProject;

beforeAll(() => {
  project = createStandInProject('portal-ops-');
});

afterAll(() => {
  project.dispose();
});

interface Synthesised {
  portal: Portal;
  identity: Template;
  api: Template;
}

function synthesise(context: Record<string, unknown>): Synthesised {
  const app = project.newApp(context);
  const portal = createPortal(app, project.portalOptions);
  app.synth();
  return { portal, identity: Template.fromStack(portal.identity), api: Template.fromStack(portal.api) };
}

/** The logical id of a construct's CloudFormation resource. */
function idOf(construct: { node: { defaultChild?: unknown } }): string {
  const element = construct.node.defaultChild as CfnElement;
  return Stack.of(element).getLogicalId(element);
}

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string }>;

/** A list of CloudFormation values as JSON texts in a stable order (IAM policy minimisation reorders resources). */
function sortedJson(values: unknown): string[] {
  return [values]
    .flat()
    .map((value) => JSON.stringify(value))
    .sort();
}

/** The alarms of a template whose (single) metric or metric-math metrics name `metricName`. */
function alarmsOn(template: Template, metricName: string): Resources[string][] {
  return Object.values(template.findResources('AWS::CloudWatch::Alarm') as Resources).filter((alarm) =>
    JSON.stringify(alarm.Properties).includes(`"MetricName":"${metricName}"`),
  );
}

/** A reference in another stack to `logicalId` of `stack` (weak cross-stack references publish a Ref output). */
function crossStackRef(stack: Stack, logicalId: string): unknown {
  return {
    'Fn::GetStackOutput': expect.objectContaining({
      StackName: stack.stackName,
      OutputName: expect.stringContaining(`Ref${logicalId}`),
    }),
  };
}

describe('the dev app', () => {
  let app: Synthesised;
  beforeAll(() => {
    app = synthesise({ alarmEmail: 'oncall@example.org' });
  });

  describe('identity', () => {
    it('adds Portal-<brand>-<stage>-Identity holding the signing key and the vcr user pool', () => {
      expect(app.portal.identity.stackName).toBe('Portal-USCR-dev-Identity');
      app.identity.resourceCountIs('AWS::SecretsManager::Secret', 1);
      app.identity.resourceCountIs('Custom::PortalSigningKey', 1);
      app.identity.resourceCountIs('AWS::Cognito::UserPool', 1);
      app.identity.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
      app.api.resourceCountIs('AWS::Cognito::UserPool', 0);
    });

    it('configures the pool: admin-created users, e-mail sign-in, strong passwords, optional TOTP, Essentials plan', () => {
      app.identity.hasResourceProperties('AWS::Cognito::UserPool', {
        AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        Policies: {
          PasswordPolicy: {
            MinimumLength: USER_POOL_PASSWORD_POLICY.minLength,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
            PasswordHistorySize: 5,
            TemporaryPasswordValidityDays: 3,
          },
        },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        UserPoolTier: 'ESSENTIALS',
        UserPoolAddOns: Match.absent(),
      });
      expect(USER_POOL_PASSWORD_POLICY.minLength).toBeGreaterThanOrEqual(12);
    });

    it('gives the vcr app client no secret, SRP sign-in only, and no user-existence errors', () => {
      app.identity.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ClientName: 'vcr',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        PreventUserExistenceErrors: 'ENABLED',
        EnableTokenRevocation: true,
      });
    });

    it('lets the authentication Lambda trust the stack’s own pool and client when context names none', () => {
      const auth = app.portal.api.functions.get('authentication');
      const variables =
        app.api.findResources('AWS::Lambda::Function')[idOf(auth ?? { node: {} })]?.Properties.Environment.Variables;
      const pool = app.portal.identity.userPool;
      const client = app.portal.identity.userPoolClient;
      expect(pool && client).toBeTruthy();
      expect(variables).toMatchObject({
        VCR_COGNITO_USER_POOL_ID: crossStackRef(app.portal.identity, idOf(pool ?? { node: {} })),
        VCR_COGNITO_CLIENT_ID: crossStackRef(app.portal.identity, idOf(client ?? { node: {} })),
      });
    });
  });

  describe('e-mail', () => {
    it('verifies the sender address and defaults it to the configuration set', () => {
      app.api.resourceCountIs('AWS::SES::EmailIdentity', 1);
      app.api.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'courseware-portal@example.org',
        ConfigurationSetAttributes: { ConfigurationSetName: { Ref: idOf(app.portal.api.email.configurationSet) } },
      });
    });

    it('requires TLS, keeps reputation metrics, suppresses bounces and complaints', () => {
      app.api.resourceCountIs('AWS::SES::ConfigurationSet', 1);
      app.api.hasResourceProperties('AWS::SES::ConfigurationSet', {
        DeliveryOptions: { TlsPolicy: 'REQUIRE' },
        ReputationOptions: { ReputationMetricsEnabled: true },
        SendingOptions: { SendingEnabled: true },
        SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      });
    });

    it('publishes bounces, complaints and rejects to CloudWatch under the configuration set', () => {
      const setRef = { Ref: idOf(app.portal.api.email.configurationSet) };
      app.api.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        ConfigurationSetName: setRef,
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: ['bounce', 'complaint', 'reject'],
          CloudWatchDestination: {
            DimensionConfigurations: [
              {
                DimensionName: SES_CONFIGURATION_SET_DIMENSION,
                DimensionValueSource: 'messageTag',
                DefaultDimensionValue: setRef,
              },
            ],
          },
        },
      });
    });

    it('grants sending on exactly the sender identity and the configuration set, and names the set', () => {
      const stack = app.portal.api;
      const expectedResources = [
        stack.resolve(stack.email.identity.emailIdentityArn),
        stack.resolve(stack.email.configurationSetArn),
      ];
      expect(JSON.stringify(expectedResources)).toContain('identity/');
      expect(JSON.stringify(expectedResources)).toContain('configuration-set/');
      const senders = [
        ...(Object.keys(EMAIL_SENDING_GROUPS) as ClientGroup[]).map((group) => stack.functions.get(group)),
        stack.feedbackResender,
        stack.outboxSender,
      ];
      for (const fn of senders) {
        const id = idOf(fn ?? { node: {} });
        const ses = policyStatementsOf(app.api, id).filter((statement) =>
          [statement.Action].flat().some((action) => action.startsWith('ses:')),
        );
        expect(ses, id).toHaveLength(1);
        expect([ses[0]?.Action].flat().sort(), id).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
        expect(sortedJson(ses[0]?.Resource), id).toEqual(sortedJson(expectedResources));
        expect(
          app.api.findResources('AWS::Lambda::Function')[id]?.Properties.Environment.Variables[
            SES_CONFIGURATION_SET_ENV
          ],
          id,
        ).toEqual({ Ref: idOf(stack.email.configurationSet) });
      }
      expect(JSON.stringify(app.api.findResources('AWS::IAM::Policy'))).not.toMatch(/identity\/\*/);
    });
  });

  describe('logs, dead-letter queues and the workflow', () => {
    it('makes every function of the API stack log JSON, application INFO and system WARN', () => {
      const functions = Object.entries(app.api.findResources('AWS::Lambda::Function'));
      expect(functions.length).toBeGreaterThan(routedGroups().length);
      for (const [id, fn] of functions) {
        expect(fn.Properties.LoggingConfig, id).toMatchObject({
          LogFormat: 'JSON',
          ApplicationLogLevel: 'INFO',
          SystemLogLevel: 'WARN',
        });
      }
    });

    it('keeps failed asynchronous work in encrypted, TLS-only failure queues', () => {
      const queues = app.api.findResources('AWS::SQS::Queue');
      expect(Object.keys(queues).sort()).toEqual(
        FAILURE_QUEUE_IDS.map((queueId) => idOf(app.portal.api.failureQueues[queueId] as never)).sort(),
      );
      for (const [id, queue] of Object.entries(queues)) {
        expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
        app.api.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: id }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    });

    it('sends the re-sender schedule’s undeliverable events and failed runs to its dead-letter queue', () => {
      const queueArn = { 'Fn::GetAtt': [idOf(app.portal.api.failureQueues.FeedbackResenderFailures as never), 'Arn'] };
      app.api.hasResourceProperties('AWS::Events::Rule', {
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [idOf(app.portal.api.feedbackResender), 'Arn'] },
            DeadLetterConfig: { Arn: queueArn },
            RetryPolicy: { MaximumRetryAttempts: 2 },
          }),
        ],
      });
      app.api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: idOf(app.portal.api.feedbackResender) },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: queueArn } },
      });
    });

    it('retries every task of the bundle workflow with full jitter and a bounded delay', () => {
      const [machine] = Object.values(app.api.findResources('AWS::StepFunctions::StateMachine'));
      interface State {
        Type: string;
        Retry?: { JitterStrategy?: string; MaxDelaySeconds?: number }[];
        Branches?: { States: Record<string, State> }[];
        ItemProcessor?: { States: Record<string, State> };
        Iterator?: { States: Record<string, State> };
      }
      const tasks: [string, State][] = [];
      const walk = (states: Record<string, State>): void => {
        for (const [name, state] of Object.entries(states)) {
          if (state.Type === 'Task') tasks.push([name, state]);
          for (const branch of state.Branches ?? []) walk(branch.States);
          if (state.ItemProcessor) walk(state.ItemProcessor.States);
          if (state.Iterator) walk(state.Iterator.States);
        }
      };
      walk((JSON.parse(machine?.Properties.DefinitionString) as { States: Record<string, State> }).States);
      expect(tasks.length).toBeGreaterThanOrEqual(3);
      for (const [name, state] of tasks) {
        expect(state.Retry?.length, name).toBeGreaterThan(0);
        for (const retry of state.Retry ?? []) {
          expect(retry.JitterStrategy, name).toBe('FULL');
          expect(retry.MaxDelaySeconds, name).toBeGreaterThan(0);
        }
      }
    });

    it('logs the workflow to a log group with retention and traces it with X-Ray', () => {
      const logGroupId = idOf(app.portal.api.bundleWorkflow.logGroup);
      app.api.hasResourceProperties('AWS::StepFunctions::StateMachine', {
        TracingConfiguration: { Enabled: true },
        LoggingConfiguration: {
          Level: Match.stringLikeRegexp('^(ERROR|ALL)$'),
          Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [logGroupId, 'Arn'] } } }],
        },
      });
      expect(app.api.findResources('AWS::Logs::LogGroup')[logGroupId]?.Properties.RetentionInDays).toBeGreaterThan(0);
    });
  });

  describe('alarms', () => {
    it('notify an encrypted, TLS-only topic with the alarm e-mail subscribed, exported as an output', () => {
      const topicId = idOf(app.portal.api.observability.topic);
      const keyId = idOf(app.portal.api.observability.topicKey);
      app.api.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
      app.api.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: topicId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
      app.api.hasResourceProperties('AWS::KMS::Key', {
        EnableKeyRotation: true,
        KeyPolicy: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Principal: { Service: 'cloudwatch.amazonaws.com' },
              Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
            }),
          ]),
        },
      });
      app.api.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'oncall@example.org',
        TopicArn: { Ref: topicId },
      });
      app.api.hasOutput('AlarmTopicArn', { Value: { Ref: topicId } });
    });

    it('each notify the topic when they fire and recover, and treat missing data as not breaching', () => {
      const topicRef = { Ref: idOf(app.portal.api.observability.topic) };
      const alarms = Object.entries(app.api.findResources('AWS::CloudWatch::Alarm'));
      // Client groups, catalog indexer, upload sweeper, e-mail re-sender, outbox sender,
      // thumbnail renderer (issue 24 item 2), saved-search digest (item 8), scheduled
      // publisher (issue 25 item 7), update notices (item 5), workflow tasks.
      const functionCount = routedGroups().length + 8 + BUNDLE_TASKS.length;
      // 5xx rate, functions, workflow, failure queues, e-mail (3), client error reports.
      expect(alarms).toHaveLength(1 + 2 * functionCount + 1 + FAILURE_QUEUE_IDS.length + 3 + 1);
      for (const [id, alarm] of alarms) {
        expect(alarm.Properties, id).toMatchObject({
          AlarmActions: [topicRef],
          OKActions: [topicRef],
          TreatMissingData: 'notBreaching',
          EvaluationPeriods: 1,
        });
      }
    });

    it('fire on an HTTP API 5xx rate above 5% over 5 minutes, from 20 requests on', () => {
      const [alarm] = alarmsOn(app.api, '5xx');
      expect(alarm?.Properties).toMatchObject({
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: ALARM_SETTINGS.http5xx.percent,
      });
      expect(ALARM_SETTINGS.http5xx).toMatchObject({ percent: 5, minRequests: 20 });
      const metrics = alarm?.Properties.Metrics as {
        Id: string;
        Expression?: string;
        MetricStat?: {
          Metric: { MetricName: string; Namespace: string; Dimensions: unknown[] };
          Period: number;
          Stat: string;
        };
      }[];
      expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(
        'IF(requests >= 20, 100 * errors / requests, 0)',
      );
      const apiDimension = [{ Name: 'ApiId', Value: { Ref: idOf(app.portal.api.httpApi) } }];
      for (const [metricId, metricName] of [
        ['errors', '5xx'],
        ['requests', 'Count'],
      ]) {
        expect(metrics.find((metric) => metric.Id === metricId)?.MetricStat, metricId).toEqual({
          Metric: { MetricName: metricName, Namespace: 'AWS/ApiGateway', Dimensions: apiDimension },
          Period: 300,
          Stat: 'Sum',
        });
      }
    });

    it('fire on any error or throttle of every function of the API stack', () => {
      const functionIds = Object.keys(app.api.findResources('AWS::Lambda::Function'));
      for (const metricName of ['Errors', 'Throttles']) {
        const watched = alarmsOn(app.api, metricName).map((alarm) => {
          expect(alarm.Properties).toMatchObject({
            Namespace: 'AWS/Lambda',
            Statistic: 'Sum',
            Period: 300,
            Threshold: 1,
            ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          });
          return ((alarm.Properties.Dimensions as { Value: { Ref: string } }[])[0]?.Value.Ref ?? '') as string;
        });
        expect(watched.sort(), metricName).toEqual([...functionIds].sort());
      }
    });

    it('fire on any failed, timed-out or aborted bundle workflow execution', () => {
      const [alarm] = alarmsOn(app.api, 'ExecutionsFailed');
      expect(alarm?.Properties.Threshold).toBe(1);
      const text = JSON.stringify(alarm?.Properties.Metrics);
      expect(text).toContain('FILL(failed, 0) + FILL(timedOut, 0) + FILL(aborted, 0)');
      for (const metricName of ['ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionsAborted']) {
        expect(text).toContain(`"MetricName":"${metricName}"`);
      }
      expect(text).toContain(
        JSON.stringify({ Name: 'StateMachineArn', Value: { Ref: idOf(app.portal.api.bundleWorkflow.stateMachine) } }),
      );
    });

    it('fire on any message in every failure queue', () => {
      const queueIds = Object.keys(app.api.findResources('AWS::SQS::Queue'));
      const watched = alarmsOn(app.api, 'ApproximateNumberOfMessagesVisible').map((alarm) => {
        expect(alarm.Properties).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: 1 });
        return (alarm.Properties.Dimensions as { Value: { 'Fn::GetAtt': [string, string] } }[])[0]?.Value[
          'Fn::GetAtt'
        ][0];
      });
      expect(watched.sort()).toEqual(queueIds.sort());
      expect(queueIds).toHaveLength(FAILURE_QUEUE_IDS.length);
    });

    it('fire on any bounce, complaint or reject of the portal’s e-mail in an hour', () => {
      const setRef = { Ref: idOf(app.portal.api.email.configurationSet) };
      for (const metricName of ['Bounce', 'Complaint', 'Reject']) {
        const [alarm] = alarmsOn(app.api, metricName);
        expect(alarm?.Properties, metricName).toMatchObject({
          Namespace: 'AWS/SES',
          Dimensions: [{ Name: SES_CONFIGURATION_SET_DIMENSION, Value: setRef }],
          Statistic: 'Sum',
          Period: 3600,
          Threshold: 1,
        });
      }
    });

    it('count the client error reports in the meta function’s log and fire on 50 in 5 minutes (issue 21 item 24)', () => {
      const metaLogGroup = app.portal.api.functions.get('meta')?.logGroup;
      expect(metaLogGroup).toBeDefined();
      app.api.resourceCountIs('AWS::Logs::MetricFilter', 1);
      app.api.hasResourceProperties('AWS::Logs::MetricFilter', {
        LogGroupName: { Ref: idOf(metaLogGroup as unknown as { node: { defaultChild?: unknown } }) },
        FilterPattern: `{ $.message = "${CLIENT_ERROR_LOG_MESSAGE}" }`,
        MetricTransformations: [
          { MetricNamespace: PORTAL_METRIC_NAMESPACE, MetricName: CLIENT_ERROR_METRIC, MetricValue: '1' },
        ],
      });
      const [alarm] = alarmsOn(app.api, CLIENT_ERROR_METRIC);
      expect(alarm?.Properties).toMatchObject({
        Namespace: PORTAL_METRIC_NAMESPACE,
        Statistic: 'Sum',
        Period: 300,
        Threshold: 50,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(ALARM_SETTINGS.clientErrors.reports).toBe(50);
    });
  });

  it('destroys the new stateful resources in dev', () => {
    const policies = (template: Template, type: string) =>
      Object.values(template.findResources(type) as Resources).map((resource) => resource.DeletionPolicy);
    expect(policies(app.identity, 'AWS::Cognito::UserPool')).toEqual(['Delete']);
    expect(policies(app.identity, 'AWS::Cognito::UserPoolClient')).toEqual(['Delete']);
    expect(policies(app.identity, 'AWS::SecretsManager::Secret')).toEqual(['Delete']);
    app.identity.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
    for (const type of ['AWS::SES::EmailIdentity', 'AWS::SES::ConfigurationSet', 'AWS::KMS::Key', 'AWS::SQS::Queue']) {
      expect(new Set(policies(app.api, type)), type).toEqual(new Set(['Delete']));
    }
  });
});

describe('a prod app with an e-mail domain', () => {
  let app: Synthesised;
  beforeAll(() => {
    app = synthesise({
      stage: 'prod',
      portalIssuer: 'https://portal.example.org/api/v1/auth',
      feedbackSender: 'portal@mail.example.org',
      emailDomain: 'mail.example.org',
      cognitoThreatProtection: 'true',
    });
  });

  it('puts the pool on the Plus plan with threat protection enforced when cognitoThreatProtection is true', () => {
    app.identity.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });

  it('retains the pool (with deletion protection), its client, the key, SES, the topic key and the queues', () => {
    const policies = (template: Template, type: string) =>
      Object.values(template.findResources(type) as Resources).map((resource) => resource.DeletionPolicy);
    expect(policies(app.identity, 'AWS::Cognito::UserPool')).toEqual(['Retain']);
    expect(policies(app.identity, 'AWS::Cognito::UserPoolClient')).toEqual(['Retain']);
    expect(policies(app.identity, 'AWS::SecretsManager::Secret')).toEqual(['Retain']);
    app.identity.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    for (const type of ['AWS::SES::EmailIdentity', 'AWS::SES::ConfigurationSet', 'AWS::KMS::Key', 'AWS::SQS::Queue']) {
      const found = policies(app.api, type);
      expect(found.length, type).toBeGreaterThan(0);
      expect(new Set(found), type).toEqual(new Set(['Retain']));
    }
  });

  it('verifies the domain with DKIM and grants sending on the domain identity', () => {
    app.api.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.example.org',
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
    });
    const stack = app.portal.api;
    const content = idOf(stack.functions.get('content') ?? { node: {} });
    const ses = policyStatementsOf(app.api, content).find((statement) =>
      [statement.Action].flat().includes('ses:SendRawEmail'),
    );
    expect(JSON.stringify(ses?.Resource)).toContain('identity/');
    expect(sortedJson(ses?.Resource)).toEqual(
      sortedJson([
        stack.resolve(stack.email.identity.emailIdentityArn),
        stack.resolve(stack.email.configurationSetArn),
      ]),
    );
    expect(JSON.stringify(ses?.Resource)).not.toContain('portal@');
  });

  it('subscribes no address to the alarm topic without alarmEmail', () => {
    app.api.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('the identity stack on its own', () => {
  it('creates no pool and trusts the context’s pool and client when given', () => {
    const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
    const stack = new IdentityStack(app, 'Identity', {
      stage: 'prod',
      brand: 'VACR',
      existingCognito: { userPoolId: 'us-east-1_AbCdEf123', clientId: 'client123' },
    });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::Cognito::UserPool', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 0);
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    expect(stack.cognito).toEqual({ userPoolId: 'us-east-1_AbCdEf123', clientId: 'client123' });
    expect(stack.userPool).toBeUndefined();
  });

  it('refuses an alarmEmail or emailDomain that is no address or domain', () => {
    for (const context of [{ alarmEmail: 'ops at example.org' }, { emailDomain: 'https://mail.example.org' }]) {
      const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context } });
      expect(() => createPortal(app, project.portalOptions), Object.keys(context)[0]).toThrow(
        new RegExp(`Context ${Object.keys(context)[0]} must be an e-mail`),
      );
    }
  });

  it('refuses a sender outside the e-mail domain', () => {
    const stack = new Stack(new App(), 'Mail');
    expect(() => new PortalEmail(stack, 'Email', { sender: 'portal@example.org', domain: 'mail.example.org' })).toThrow(
      /emailDomain mail\.example\.org/,
    );
  });
});
