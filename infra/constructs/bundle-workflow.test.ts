import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, TABLE } from '#shared/table';
import { BUNDLE_STATE_MACHINE_ENV } from '../../functions/src/adapters/workflows.ts';
import { ZIP_TASK_NODE_FLAGS } from '../../functions/src/bundles/zip-task-settings.ts';
import {
  BUNDLE_MANIFEST_PREFIX,
  BUNDLE_OBJECT_PREFIX,
  bundleManifestObjectKey,
  bundleObjectKey,
  CONTENT_FILE_PREFIX,
  contentFileObjectKey,
  UPLOADED_FILE_PREFIX,
  uploadedFileObjectKey,
} from '../../functions/src/data/keys.ts';
import {
  BUNDLE_EXECUTION_TIMEOUT,
  BUNDLE_TASK_SETTINGS,
  BUNDLE_TASK_SUBSTITUTIONS,
  BUNDLE_TASKS,
  BUNDLE_WORKFLOW_ASL_PATH,
  type BundleTask,
  BundleWorkflow,
  bundleTaskEntry,
  bundleWorkflowDefinition,
} from './bundle-workflow.ts';
import { PortalFunction } from './portal-function.ts';

const ASL_TEXT = readFileSync(BUNDLE_WORKFLOW_ASL_PATH, 'utf8');

let workDir: string;
let projectRoot: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-cdk-'));
  // Stand-in entries: with bundling skipped NodejsFunction only checks that they exist,
  // so these tests do not depend on functions/src/bundles being written.
  projectRoot = path.join(workDir, 'project');
  mkdirSync(projectRoot);
  writeFileSync(path.join(projectRoot, 'package-lock.json'), '{}');
  for (const entry of [...BUNDLE_TASKS.map((task) => bundleTaskEntry(projectRoot, task)), starterEntry()]) {
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, 'export const handler = async () => ({});\n');
  }
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function starterEntry(): string {
  return path.join(projectRoot, 'functions', 'src', 'starter.ts');
}

interface Synthesised {
  stack: Stack;
  workflow: BundleWorkflow;
  starter: PortalFunction;
  template: Template;
}

/** One stack holding a table, two buckets, the workflow and a function allowed to start it. */
function synthesise(): Synthesised {
  const app = new App({
    outdir: mkdtempSync(path.join(workDir, 'cdk.out-')),
    context: { 'aws:cdk:bundling-stacks': [], '@aws-cdk/aws-iam:minimizePolicies': true },
  });
  const stack = new Stack(app, 'BundleTest');
  const table = new TableV2(stack, 'Table', {
    partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
    sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
  });
  const privateBucket = new Bucket(stack, 'PrivateBucket');
  const publicBucket = new Bucket(stack, 'PublicBucket');
  const workflow = new BundleWorkflow(stack, 'BundleWorkflow', { projectRoot, table, privateBucket, publicBucket });
  const starter = new PortalFunction(stack, 'Starter', { entry: starterEntry(), projectRoot });
  workflow.grantStart(starter);
  return { stack, workflow, starter, template: Template.fromStack(stack) };
}

function logicalId(stack: Stack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as CfnFunction);
}

/**
 * A CloudFormation value as readable text: `Ref` → `<id>`, `Fn::GetAtt` → `<id>.<attr>`,
 * `Fn::Join` joined, `Fn::Select`/`Fn::Split` and pseudo parameters kept as `{…}`.
 */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  if ('Ref' in object) return String(object.Ref);
  if ('Fn::GetAtt' in object) return (object['Fn::GetAtt'] as string[]).join('.');
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  return JSON.stringify(object);
}

interface PolicyStatementJson {
  Action: string | string[];
  Effect: string;
  Resource: unknown;
  Condition?: unknown;
}

/** The statements of every inline IAM policy attached to the role with this logical id. */
function statementsOfRole(template: Template, roleId: string): PolicyStatementJson[] {
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as PolicyStatementJson[]);
}

function roleOfFunction(template: Template, functionId: string): string {
  const fn = template.findResources('AWS::Lambda::Function')[functionId];
  if (!fn) throw new Error(`No function ${functionId}`);
  return (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** Every (action, resource) pair a role is allowed, as `action on resource` text, sorted. */
function allowed(statements: readonly PolicyStatementJson[]): string[] {
  const pairs = new Set<string>();
  for (const statement of statements) {
    expect(statement.Effect).toBe('Allow');
    expect(statement.Condition).toBeUndefined();
    for (const action of [statement.Action].flat()) {
      for (const resource of [statement.Resource].flat()) pairs.add(`${action} on ${render(resource)}`);
    }
  }
  return [...pairs].sort();
}

describe('the bundle workflow construct', () => {
  let app: Synthesised;
  let ids: Record<BundleTask, string>;
  let table: string;
  let bucket: string;
  beforeAll(() => {
    app = synthesise();
    ids = {
      resolve: logicalId(app.stack, app.workflow.functions.resolve),
      zip: logicalId(app.stack, app.workflow.functions.zip),
      finish: logicalId(app.stack, app.workflow.functions.finish),
    };
    table = Object.keys(app.template.findResources('AWS::DynamoDB::GlobalTable'))[0] ?? '';
    bucket = Object.keys(app.template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('Private')) ?? '';
  });

  const grantsOf = (task: BundleTask) =>
    allowed(statementsOfRole(app.template, roleOfFunction(app.template, ids[task])));
  const tableArn = () => `${table}.Arn`;
  const objects = (prefix: string) => `${bucket}.Arn/${prefix}*`;

  it('uses the prefixes of the data layer’s keys', () => {
    expect(contentFileObjectKey('c1', 'f1').startsWith(CONTENT_FILE_PREFIX)).toBe(true);
    expect(uploadedFileObjectKey('f1').startsWith(UPLOADED_FILE_PREFIX)).toBe(true);
    expect(bundleObjectKey('ab12').startsWith(BUNDLE_OBJECT_PREFIX)).toBe(true);
    expect(bundleManifestObjectKey('b1').startsWith(BUNDLE_MANIFEST_PREFIX)).toBe(true);
  });

  it('creates one standard state machine, traced, logging errors without execution data', () => {
    app.template.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    const [machine] = Object.values(app.template.findResources('AWS::StepFunctions::StateMachine'));
    const logGroupId = logicalId(app.stack, app.workflow.logGroup);
    expect(machine?.Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: {
        Level: 'ERROR',
        IncludeExecutionData: false,
        Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [logGroupId, 'Arn'] } } }],
      },
    });
  });

  it('deploys the ASL file with its three substitutions resolved to the three functions and a 30-minute limit', () => {
    const [machine] = Object.values(app.template.findResources('AWS::StepFunctions::StateMachine'));
    const definitionString = machine?.Properties.DefinitionString;
    expect(typeof definitionString).toBe('string');
    expect(JSON.parse(definitionString)).toEqual({ ...JSON.parse(ASL_TEXT), TimeoutSeconds: 30 * 60 });
    expect(machine?.Properties.DefinitionSubstitutions).toEqual({
      BundleResolveFunctionArn: { 'Fn::GetAtt': [ids.resolve, 'Arn'] },
      BundleZipFunctionArn: { 'Fn::GetAtt': [ids.zip, 'Arn'] },
      BundleFinishFunctionArn: { 'Fn::GetAtt': [ids.finish, 'Arn'] },
    });
    // Resolved the way CloudFormation resolves them: every task state runs one of the three.
    const resolved = JSON.parse(
      definitionString.replace(/\$\{(\w+)\}/g, (_: string, name: string) => `arn:function:${name}`),
    ) as { TimeoutSeconds: number; States: Record<string, { Type: string; Resource?: string }> };
    expect(resolved.TimeoutSeconds).toBe(BUNDLE_EXECUTION_TIMEOUT.toSeconds());
    const resources = Object.values(resolved.States)
      .filter((state) => state.Type === 'Task')
      .map((state) => state.Resource);
    expect(new Set(resources)).toEqual(
      new Set(Object.values(BUNDLE_TASK_SUBSTITUTIONS).map((name) => `arn:function:${name}`)),
    );
  });

  it('gives each task state a time limit no longer than its function’s timeout', () => {
    const states = JSON.parse(ASL_TEXT).States as Record<string, { Resource?: string; TimeoutSeconds?: number }>;
    for (const task of BUNDLE_TASKS) {
      const limit = BUNDLE_TASK_SETTINGS[task].timeout.toSeconds();
      const own = Object.values(states).filter((state) => state.Resource === `\${${BUNDLE_TASK_SUBSTITUTIONS[task]}}`);
      expect(own.length, task).toBeGreaterThan(0);
      for (const state of own) expect(state.TimeoutSeconds ?? limit, task).toBeLessThanOrEqual(limit);
    }
  });

  it('lets the state machine invoke exactly the three task functions', () => {
    const roleId = logicalId(app.stack, app.workflow.stateMachine.role);
    const [machine] = Object.values(app.template.findResources('AWS::StepFunctions::StateMachine'));
    expect(machine?.Properties.RoleArn).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    const grants = allowed(statementsOfRole(app.template, roleId));
    expect(grants.filter((grant) => grant.startsWith('lambda:'))).toEqual(
      [ids.resolve, ids.zip, ids.finish].map((id) => `lambda:InvokeFunction on ${id}.Arn`).sort(),
    );
    // Besides invoking: only log delivery and X-Ray, never another service's data.
    const services = new Set(grants.map((grant) => grant.split(':')[0]));
    expect([...services].sort()).toEqual(['lambda', 'logs', 'xray']);
  });

  it('builds the three functions like the others: Node.js 22, arm64, memory and timeout per task', () => {
    const functions = app.template.findResources('AWS::Lambda::Function');
    for (const task of BUNDLE_TASKS) {
      expect(functions[ids[task]]?.Properties, task).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: BUNDLE_TASK_SETTINGS[task].memorySize,
        Timeout: BUNDLE_TASK_SETTINGS[task].timeout.toSeconds(),
        Environment: {
          Variables: {
            [TABLE.nameEnv]: { Ref: table },
            [BUCKETS.private.nameEnv]: { Ref: bucket },
            [BUCKETS.public.nameEnv]: { Ref: expect.stringMatching(/^PublicBucket/) },
            NODE_OPTIONS: task === 'zip' ? `--enable-source-maps ${ZIP_TASK_NODE_FLAGS}` : '--enable-source-maps',
            AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
          },
        },
      });
      expect(functions[ids[task]]?.Properties.EphemeralStorage, task).toBeUndefined();
    }
    expect(ZIP_TASK_NODE_FLAGS).toBe('--max-semi-space-size=1');
    expect(functions[ids.zip]?.Properties).toMatchObject({ MemorySize: 1024, Timeout: 15 * 60 });
    expect(BUNDLE_TASK_SETTINGS.resolve.timeout).toEqual(Duration.minutes(5));
    expect(BUNDLE_TASK_SETTINGS.finish).toMatchObject({ memorySize: 256 });
  });

  it('grants the resolve task table reads, the fingerprint update, manifest writes and HeadObject on bundles', () => {
    expect(grantsOf('resolve')).toEqual(
      [
        `dynamodb:GetItem on ${tableArn()}`,
        `dynamodb:BatchGetItem on ${tableArn()}`,
        `dynamodb:Query on ${tableArn()}`,
        `dynamodb:Query on ${tableArn()}/index/gsi2`,
        `dynamodb:Query on ${tableArn()}/index/gsi3`,
        `dynamodb:UpdateItem on ${tableArn()}`,
        `s3:PutObject on ${objects(BUNDLE_MANIFEST_PREFIX)}`,
        `s3:GetObject on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:ListBucket on ${bucket}.Arn`,
      ].sort(),
    );
  });

  it('grants the zip task reads of the files and the manifest, multipart writes of bundles, progress updates', () => {
    expect(grantsOf('zip')).toEqual(
      [
        `dynamodb:GetItem on ${tableArn()}`,
        `dynamodb:UpdateItem on ${tableArn()}`,
        `s3:GetObject on ${objects(CONTENT_FILE_PREFIX)}`,
        `s3:GetObject on ${objects(UPLOADED_FILE_PREFIX)}`,
        `s3:GetObject on ${objects(BUNDLE_MANIFEST_PREFIX)}`,
        `s3:PutObject on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:AbortMultipartUpload on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:ListMultipartUploadParts on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:ListBucket on ${bucket}.Arn`,
      ].sort(),
    );
    const grants = grantsOf('zip');
    expect(grants).not.toContain(`s3:DeleteObject on ${objects(CONTENT_FILE_PREFIX)}`);
    expect(grants.some((grant) => grant.startsWith('s3:DeleteObject'))).toBe(false);
    expect(grants.some((grant) => grant.startsWith('s3:PutObject on') && !grant.endsWith('/bundles/*'))).toBe(false);
  });

  it('grants the finish task the record writes, upload aborts, manifest deletion and HeadObject on bundles', () => {
    expect(grantsOf('finish')).toEqual(
      [
        `dynamodb:GetItem on ${tableArn()}`,
        `dynamodb:PutItem on ${tableArn()}`,
        `dynamodb:UpdateItem on ${tableArn()}`,
        `s3:GetObject on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:AbortMultipartUpload on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:DeleteObject on ${objects(BUNDLE_OBJECT_PREFIX)}`,
        `s3:ListBucket on ${bucket}.Arn`,
      ].sort(),
    );
  });

  it('grants no task anything on the public bucket', () => {
    for (const task of BUNDLE_TASKS) {
      expect(
        grantsOf(task).filter((grant) => grant.includes('PublicBucket')),
        task,
      ).toEqual([]);
    }
  });

  it('lets a starter start executions of this state machine only, and tells it the ARN', () => {
    const machineId = Object.keys(app.template.findResources('AWS::StepFunctions::StateMachine'))[0] ?? '';
    const starterId = logicalId(app.stack, app.starter);
    const grants = allowed(statementsOfRole(app.template, roleOfFunction(app.template, starterId)));
    expect(grants.filter((grant) => grant.startsWith('states:'))).toEqual([`states:StartExecution on ${machineId}`]);
    expect(
      app.template.findResources('AWS::Lambda::Function')[starterId]?.Properties.Environment.Variables[
        BUNDLE_STATE_MACHINE_ENV
      ],
    ).toEqual({ Ref: machineId });
  });
});

describe('bundleWorkflowDefinition', () => {
  it('keeps the file as it is and sets the execution limit', () => {
    const definition = JSON.parse(bundleWorkflowDefinition(ASL_TEXT, Duration.minutes(30)));
    expect(definition).toEqual({ ...JSON.parse(ASL_TEXT), TimeoutSeconds: 1800 });
  });

  it('accepts a file that already sets the same limit and refuses a different one', () => {
    const withLimit = JSON.stringify({ ...JSON.parse(ASL_TEXT), TimeoutSeconds: 1800 });
    expect(JSON.parse(bundleWorkflowDefinition(withLimit)).TimeoutSeconds).toBe(1800);
    const other = JSON.stringify({ ...JSON.parse(ASL_TEXT), TimeoutSeconds: 60 });
    expect(() => bundleWorkflowDefinition(other)).toThrow(/TimeoutSeconds 60.*1800/);
  });

  it('refuses a file whose substitutions are not exactly the three task ARNs', () => {
    const renamed = ASL_TEXT.replace(`\${${BUNDLE_TASK_SUBSTITUTIONS.zip}}`, '$' + '{ZipArn}');
    expect(() => bundleWorkflowDefinition(renamed)).toThrow(/exactly the substitutions/);
    expect(() => bundleWorkflowDefinition('[]')).toThrow(/JSON object/);
  });
});
