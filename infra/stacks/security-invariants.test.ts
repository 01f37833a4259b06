import type { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientGroup } from '#shared/enums';
import type { PortalFunction } from '../constructs/portal-function.ts';
import { createStandInProject, type StandInProject } from '../test-support/portal-app.ts';
import { GROUP_GRANTS, type GroupGrant, HOUSEKEEPING_GRANTS, type HousekeepingFunction } from './group-grants.ts';
import { createPortal, type Portal } from './portal.ts';

/**
 * The security invariants of issue 10 item 3, over every stack of the synthesised app,
 * for a `dev` and a production stage: no public bucket, TLS enforced (bucket, queue
 * and topic policies deny `aws:SecureTransport=false`; CloudFront redirects to HTTPS),
 * no wildcard action on the table, its indexes or the data buckets, and every
 * function's role allows exactly its entry of `group-grants.ts` on them.
 *
 * The one documented exception: in `dev` the buckets are emptied on stack deletion
 * by CDK's own `Custom::S3AutoDeleteObjects` provider, whose bucket-policy statement
 * (principal: the provider's role) carries CDK's `s3:DeleteObject*` / `s3:GetBucket*` /
 * `s3:List*`. CDK owns that statement and the feature (`autoDeleteObjects`) exists
 * only in `dev`; the production stage is checked without any exception.
 */

let project: StandInProject;

beforeAll(() => {
  project = createStandInProject('portal-invariants-');
});

afterAll(() => {
  project.dispose();
});

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

interface Synthesised {
  portal: Portal;
  /** Every stack's resources, by stack name. */
  stacks: Record<string, Resources>;
}

function synthesise(context: Record<string, unknown>): Synthesised {
  const app = project.newApp(context);
  const portal = createPortal(app, project.portalOptions);
  const assembly = app.synth();
  const stacks = Object.fromEntries(
    assembly.stacks.map((stack) => [stack.stackName, (stack.template as { Resources: Resources }).Resources]),
  );
  return { portal, stacks };
}

interface Statement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  Principal?: unknown;
  Resource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** Which of the portal's data resources a CloudFormation value names, if any. */
type DataResource = 'TABLE' | 'STREAM' | 'PRIVATE' | 'PUBLIC' | null;

function dataResourceOf(token: unknown): DataResource {
  const json = JSON.stringify(token);
  if (/Stream/.test(json) && /Table/.test(json)) return 'STREAM';
  if (/PrivateBucket/.test(json)) return 'PRIVATE';
  if (/PublicBucket/.test(json)) return 'PUBLIC';
  if (/Table[0-9A-F]{8}|TableArn|Fn(GetAtt)?Table|"Table/.test(json)) return 'TABLE';
  return null;
}

/**
 * A resource ARN as text with the data resources' ARNs named: `TABLE/index/gsi1`,
 * `PRIVATE/files/*`, `PUBLIC`; any other token as `TOKEN`.
 */
function resourceText(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(resourceText).join(join[0]);
  return dataResourceOf(value) ?? 'TOKEN';
}

const actionsOf = (statement: Statement): string[] => [statement.Action ?? []].flat();
const resourcesOf = (statement: Statement): string[] => [statement.Resource ?? []].flat().map(resourceText);

/** Every policy statement of the app: IAM policies, role inline policies, managed policies, bucket, queue and topic policies. */
function allStatements(app: Synthesised): { where: string; type: string; statement: Statement }[] {
  const found: { where: string; type: string; statement: Statement }[] = [];
  for (const [stackName, resources] of Object.entries(app.stacks)) {
    for (const [id, resource] of Object.entries(resources)) {
      const properties = resource.Properties ?? {};
      const documents: unknown[] = [];
      if (['AWS::IAM::Policy', 'AWS::IAM::ManagedPolicy'].includes(resource.Type)) {
        documents.push(properties.PolicyDocument);
      }
      if (['AWS::S3::BucketPolicy', 'AWS::SQS::QueuePolicy', 'AWS::SNS::TopicPolicy'].includes(resource.Type)) {
        documents.push(properties.PolicyDocument);
      }
      if (resource.Type === 'AWS::IAM::Role') {
        for (const policy of (properties.Policies ?? []) as { PolicyDocument: unknown }[]) {
          documents.push(policy.PolicyDocument);
        }
      }
      for (const document of documents) {
        for (const statement of (document as { Statement: Statement[] }).Statement) {
          found.push({ where: `${stackName}/${id}`, type: resource.Type, statement });
        }
      }
    }
  }
  return found;
}

/** The CDK-owned auto-delete statement of a dev bucket policy (see the file comment). */
function isDevAutoDeleteStatement(statement: Statement): boolean {
  return JSON.stringify(statement.Principal ?? '').includes('CustomS3AutoDeleteObjectsCustomResourceProviderRole');
}

/** `action resource` pairs a grant allows on the data resources. */
function expectedPairs(grant: GroupGrant): string[] {
  const pairs: string[] = [];
  for (const action of grant.table?.actions ?? []) pairs.push(`${action} TABLE`);
  for (const action of grant.table?.indexActions ?? []) {
    for (const index of grant.table?.indexNames ?? ['*']) pairs.push(`${action} TABLE/index/${index}`);
  }
  for (const [name, bucket] of [
    ['PRIVATE', grant.privateBucket],
    ['PUBLIC', grant.publicBucket],
  ] as const) {
    if (bucket === 'none') continue;
    for (const objects of bucket.objects) {
      for (const action of objects.actions) {
        for (const prefix of objects.keyPrefixes) pairs.push(`${action} ${name}/${prefix}*`);
      }
    }
    for (const action of bucket.bucketActions ?? []) pairs.push(`${action} ${name}`);
  }
  return [...new Set(pairs)].sort();
}

/** `action resource` pairs a function's role allows on the table, its indexes and the data buckets. */
function actualPairs(app: Synthesised, stack: Stack, fn: PortalFunction): string[] {
  const resources = app.stacks[stack.stackName] ?? {};
  const fnId = stack.getLogicalId(fn.node.defaultChild as CfnFunction);
  const role = resources[fnId]?.Properties?.Role as { 'Fn::GetAtt': [string, string] } | undefined;
  if (!role) throw new Error(`No role of function ${fnId} in ${stack.stackName}.`);
  const roleId = role['Fn::GetAtt'][0];
  const pairs: string[] = [];
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    if (!JSON.stringify(resource.Properties?.Roles).includes(`"${roleId}"`)) continue;
    const document = resource.Properties?.PolicyDocument as { Statement: Statement[] };
    for (const statement of document.Statement) {
      expect(statement.Effect).toBe('Allow');
      for (const target of resourcesOf(statement)) {
        if (!/^(TABLE|PRIVATE|PUBLIC)/.test(target)) continue;
        for (const action of actionsOf(statement)) pairs.push(`${action} ${target}`);
      }
    }
  }
  return [...new Set(pairs)].sort();
}

const STAGES = {
  dev: {},
  prod: {
    stage: 'prod',
    siteDomain: 'portal.example.org',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
  },
} as const;

describe.each(Object.entries(STAGES))('the %s app', (stage, context) => {
  let app: Synthesised;
  beforeAll(() => {
    app = synthesise(context);
  });

  const resourcesOfType = (type: string) =>
    Object.entries(app.stacks).flatMap(([stackName, resources]) =>
      Object.entries(resources)
        .filter(([, resource]) => resource.Type === type)
        .map(([id, resource]) => ({ where: `${stackName}/${id}`, properties: resource.Properties ?? {} })),
    );

  it('blocks every kind of public access on every bucket', () => {
    const buckets = resourcesOfType('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(3);
    for (const bucket of buckets) {
      expect(bucket.properties.PublicAccessBlockConfiguration, bucket.where).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('allows no anonymous principal in a bucket policy, and service principals only for the portal’s own resources', () => {
    const statements = allStatements(app).filter(
      (entry) => entry.type === 'AWS::S3::BucketPolicy' && entry.statement.Effect === 'Allow',
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const { where, statement } of statements) {
      const principal = statement.Principal as string | Record<string, unknown>;
      const anonymous = principal === '*' || JSON.stringify((principal as { AWS?: unknown }).AWS ?? '') === '"*"';
      expect(anonymous, where).toBe(false);
      const service = (principal as { Service?: unknown }).Service;
      // A service principal acts for its resource only: CloudFront for the portal's
      // distribution (OAC), S3 server access logging for the portal's buckets.
      if (service === 'cloudfront.amazonaws.com') {
        // The distribution's ARN (context webDistributionId), or before it is known the
        // account's distributions (`ArnLike …:distribution/*`, data-stack.ts).
        const source =
          statement.Condition?.StringEquals?.['AWS:SourceArn'] ?? statement.Condition?.ArnLike?.['AWS:SourceArn'];
        expect(JSON.stringify(source), where).toMatch(/:cloudfront::.*AWS::AccountId.*:distribution\//);
      } else if (service !== undefined) {
        const conditions = Object.values(statement.Condition ?? {}).flatMap((operator) => Object.keys(operator));
        expect(
          conditions.some((key) => /^aws:Source(Arn|Account)$/i.test(key)),
          `${where}: ${JSON.stringify(statement)}`,
        ).toBe(true);
      }
    }
  });

  it('denies requests without TLS in every bucket, queue and topic policy', () => {
    const deniesPlainText = (policyType: string, target: string, targetProperty: string) => {
      const policies = resourcesOfType(policyType);
      for (const owner of resourcesOfType(target)) {
        const id = owner.where.split('/')[1] ?? '';
        const policy = policies.find(
          (candidate) =>
            candidate.where.split('/')[0] === owner.where.split('/')[0] &&
            JSON.stringify(candidate.properties[targetProperty]).includes(`"${id}"`),
        );
        expect(policy, `${owner.where} has no ${policyType}`).toBeDefined();
        const document = policy?.properties.PolicyDocument as { Statement: Statement[] } | undefined;
        const statements = document?.Statement ?? [];
        expect(
          statements.some(
            (statement) =>
              statement.Effect === 'Deny' &&
              JSON.stringify(statement.Condition?.Bool?.['aws:SecureTransport']) === '"false"',
          ),
          owner.where,
        ).toBe(true);
      }
    };
    expect(resourcesOfType('AWS::S3::Bucket').length).toBeGreaterThan(0);
    deniesPlainText('AWS::S3::BucketPolicy', 'AWS::S3::Bucket', 'Bucket');
    deniesPlainText('AWS::SQS::QueuePolicy', 'AWS::SQS::Queue', 'Queues');
    deniesPlainText('AWS::SNS::TopicPolicy', 'AWS::SNS::Topic', 'Topics');
  });

  it('serves viewers over HTTPS only', () => {
    const distributions = resourcesOfType('AWS::CloudFront::Distribution');
    expect(distributions).toHaveLength(1);
    for (const { where, properties } of distributions) {
      const config = properties.DistributionConfig as {
        DefaultCacheBehavior: { ViewerProtocolPolicy: string };
        CacheBehaviors?: { ViewerProtocolPolicy: string }[];
      };
      for (const behaviour of [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])]) {
        expect(['redirect-to-https', 'https-only'], where).toContain(behaviour.ViewerProtocolPolicy);
      }
    }
  });

  it('allows no wildcard action on the table, its indexes or the data buckets', () => {
    const checked = allStatements(app).filter(({ statement }) => {
      if (statement.Effect !== 'Allow') return false;
      if (stage === 'dev' && isDevAutoDeleteStatement(statement)) return false;
      const targets = resourcesOf(statement);
      // Resource "*" covers the data resources too: no data-service wildcard there either.
      const data = targets.some((target) => /^(TABLE|PRIVATE|PUBLIC)/.test(target));
      const everything = targets.includes('*');
      return data || (everything && actionsOf(statement).some((action) => /^(s3|dynamodb):/.test(action)));
    });
    expect(checked.length).toBeGreaterThan(20);
    for (const { where, statement } of checked) {
      const wildcards = actionsOf(statement).filter((action) => action.includes('*'));
      expect(wildcards, `${where}: ${JSON.stringify(statement)}`).toEqual([]);
    }
  });

  it("allows each client group's function exactly its GROUP_GRANTS entry", () => {
    const groups = [...app.portal.api.functions.keys()];
    expect(groups.length).toBeGreaterThanOrEqual(10);
    for (const [group, fn] of app.portal.api.functions) {
      expect(actualPairs(app, app.portal.api, fn), group).toEqual(expectedPairs(GROUP_GRANTS[group as ClientGroup]));
    }
  });

  it('allows the catalog indexer, the upload sweeper and the e-mail re-sender exactly their HOUSEKEEPING_GRANTS', () => {
    for (const name of Object.keys(HOUSEKEEPING_GRANTS) as HousekeepingFunction[]) {
      const fn = app.portal.api[name];
      expect(actualPairs(app, app.portal.api, fn), name).toEqual(expectedPairs(HOUSEKEEPING_GRANTS[name]));
    }
  });
});
