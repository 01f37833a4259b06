import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { CLIENT_GROUPS } from '#shared/enums';
import { BUCKETS, TABLE } from '#shared/table';
import { PortalFunction } from '../constructs/portal-function.ts';
import {
  allowedActions,
  bindGroupResources,
  GROUP_GRANTS,
  type GroupGrant,
  HOUSEKEEPING_GRANTS,
} from './group-grants.ts';

const ALL_GRANTS: [string, GroupGrant][] = [...Object.entries(GROUP_GRANTS), ...Object.entries(HOUSEKEEPING_GRANTS)];

/** Every action string of a grant. */
function actionsOf(grant: GroupGrant): string[] {
  const buckets = [grant.privateBucket, grant.publicBucket].filter((bucket) => bucket !== 'none');
  return [
    ...(grant.table?.actions ?? []),
    ...(grant.table?.indexActions ?? []),
    ...buckets.flatMap((bucket) => [
      ...bucket.objects.flatMap((objects) => objects.actions),
      ...(bucket.bucketActions ?? []),
    ]),
  ];
}

describe('GROUP_GRANTS', () => {
  it('has an entry for every client group', () => {
    expect(Object.keys(GROUP_GRANTS).sort()).toEqual([...CLIENT_GROUPS].sort());
  });

  it('names only exact DynamoDB and S3 actions, never a wildcard', () => {
    for (const [name, grant] of ALL_GRANTS) {
      for (const action of actionsOf(grant)) {
        expect(action, name).toMatch(/^(dynamodb|s3):[A-Z][A-Za-z]+$/);
      }
      for (const bucket of [grant.privateBucket, grant.publicBucket]) {
        if (bucket === 'none') continue;
        for (const objects of bucket.objects) {
          expect(objects.keyPrefixes.length, name).toBeGreaterThan(0);
          // A prefix is a folder (`files/`), never the empty string (the whole bucket).
          for (const prefix of objects.keyPrefixes) expect(prefix, name).toMatch(/^[a-z]+\/([a-z]+\/)?$/);
        }
        for (const action of bucket.bucketActions ?? []) expect(action, name).toBe('s3:ListBucket');
      }
    }
  });

  it('grants index actions only on named indexes of the table', () => {
    const indexNames = Object.values(TABLE.indexes).map((index) => index.indexName);
    for (const [name, grant] of ALL_GRANTS) {
      if (!grant.table?.indexActions?.length) continue;
      expect(grant.table.indexNames, name).toBeDefined();
      for (const index of grant.table.indexNames ?? []) expect(indexNames, name).toContain(index);
      expect(grant.table.indexActions, name).toEqual(['dynamodb:Query']);
    }
  });

  it('lets only the groups that write uploads, bundles and snapshots write objects', () => {
    const writers = ALL_GRANTS.filter(([, grant]) =>
      [grant.privateBucket, grant.publicBucket].some(
        (bucket) => bucket !== 'none' && bucket.objects.some((objects) => objects.actions.includes('s3:PutObject')),
      ),
    ).map(([name]) => name);
    expect(writers.sort()).toEqual(
      ['catalogIndexer', 'content', 'file', 'search', 'thumbnailRenderer', 'savedSearchDigest'].sort(),
    );
  });

  it('answers the actions a grant allows on a resource', () => {
    const file = GROUP_GRANTS.file;
    expect(allowedActions(file, 'private:files/abc')).toEqual(
      new Set(['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
    );
    expect(allowedActions(file, 'private:bundles/x.zip')).toEqual(new Set(['s3:GetObject']));
    expect(allowedActions(file, 'private:search/catalog.snapshot.gz')).toEqual(new Set());
    expect(allowedActions(file, 'private')).toEqual(new Set(['s3:ListBucket']));
    expect(allowedActions(file, 'index:gsi2')).toEqual(new Set(['dynamodb:Query']));
    expect(allowedActions(file, 'index:gsi1')).toEqual(new Set());
    // Only the session check's GetItem of a user item (decision record 032) and the client
    // error reports' rate-limit counter (decision record 037).
    expect(allowedActions(GROUP_GRANTS.meta, 'table')).toEqual(new Set(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
    expect(allowedActions(GROUP_GRANTS.meta, 'public:files/abc')).toEqual(new Set());
  });
});

describe('bindGroupResources', () => {
  const stack = () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const scope = new Stack(app, 'Test');
    const table = new TableV2(scope, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
    });
    const privateBucket = new Bucket(scope, 'Private');
    const publicBucket = new Bucket(scope, 'Public');
    return { scope, resources: { table, privateBucket, publicBucket } };
  };
  const portalFunction = (scope: Stack) =>
    new PortalFunction(scope, 'Fn', {
      entry: new URL(import.meta.url).pathname,
      projectRoot: new URL('../..', import.meta.url).pathname,
    });

  it('sets the three names and grants exactly the entry, through the binding methods', () => {
    const { scope, resources } = stack();
    bindGroupResources(portalFunction(scope), 'search', resources);
    const template = Template.fromStack(scope);
    const variables = Object.values(template.findResources('AWS::Lambda::Function'))[0]?.Properties.Environment
      .Variables;
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining([TABLE.nameEnv, BUCKETS.private.nameEnv, BUCKETS.public.nameEnv]),
    );
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const text = JSON.stringify(statements);
    expect(text).toContain('"/index/gsi3"');
    // gsi1: the sitemap's pages (decision record 055).
    expect(text).toContain('"/index/gsi1"');
    expect(text).not.toContain('/index/*');
    expect(text).toContain('"/search/*"');
    // The public bucket: its name only, no grant.
    expect(text).not.toContain('Public');
    const actions = statements.flatMap((statement) => [statement.Action].flat()).sort();
    // BatchGetItem: the Atom feed's and the OAI-PMH records and contributors (decision records 054,
    // 055); the table's item actions of saved searches (issue 24 item 8: Query, Put, Update,
    // Delete), then the index's Query.
    expect(actions).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:Query',
        's3:GetObject',
        's3:ListBucket',
        's3:PutObject',
      ].sort(),
    );
  });

  it('grants a group that touches nothing no statement at all', () => {
    const { scope, resources } = stack();
    const untouched = { table: { actions: [] }, privateBucket: 'none', publicBucket: 'none' } as const;
    bindGroupResources(portalFunction(scope), 'meta', resources, { ...GROUP_GRANTS, meta: untouched });
    expect(Template.fromStack(scope).findResources('AWS::IAM::Policy')).toEqual({});
  });
});
