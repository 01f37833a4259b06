import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { DataStack } from '../stacks/data-stack.ts';
import { CDK_CONTEXT } from '../test-support/portal-app.ts';
import { parseArchiveArguments, pickStageResources, stageNamePrefixes } from './archive-target.ts';

describe('the resources of a stage (backup/restore --stage)', () => {
  const tables = [
    'Portal-USCR-prod-Data-TableCD117FA1-1A2B3C4D5E6F',
    'Portal-USCR-test-Data-TableCD117FA1-0Z9Y8X7W6V5U',
    'Portal-VACR-prod-Data-TableCD117FA1-ABCDEFGHIJKL',
  ];
  const buckets = [
    'portal-uscr-prod-data-privatebucket1a2b3c4d-abcdefghijkl',
    'portal-uscr-prod-data-publicbucket5e6f7a8b-mnopqrstuvwx',
    'portal-uscr-prod-data-accesslogbucket9c0d1e2f-yzabcdefghij',
    'portal-uscr-prod-web-webbucket12345678-abcdefabcdef',
    'portal-uscr-test-data-privatebucket1a2b3c4d-bbbbbbbbbbbb',
  ];

  it('picks the table and both data buckets of Portal-<brand>-<stage>-Data by the names CloudFormation gives them', () => {
    expect(pickStageResources('USCR', 'prod', tables, buckets)).toEqual({
      table: 'Portal-USCR-prod-Data-TableCD117FA1-1A2B3C4D5E6F',
      buckets: {
        private: 'portal-uscr-prod-data-privatebucket1a2b3c4d-abcdefghijkl',
        public: 'portal-uscr-prod-data-publicbucket5e6f7a8b-mnopqrstuvwx',
      },
    });
  });

  it('refuses a stage without its resources, naming what to pass instead', () => {
    expect(() => pickStageResources('VACR', 'prod', tables, buckets)).toThrow(
      /No private bucket of Portal-VACR-prod-Data .*--private-bucket/,
    );
    expect(() => pickStageResources('USCR', 'staging', tables, buckets)).toThrow(
      /No table of Portal-USCR-staging-Data/,
    );
  });

  it('refuses two candidates rather than guessing', () => {
    expect(() =>
      pickStageResources('USCR', 'prod', [...tables, 'Portal-USCR-prod-Data-TableCD117FA1-ZZZ'], buckets),
    ).toThrow(/More than one table/);
  });

  it('matches the logical ids the data stack synthesises (the names start with the stack name and them)', () => {
    const app = new App({ context: CDK_CONTEXT });
    const stack = new DataStack(app, 'Portal-USCR-prod-Data', { stage: 'prod', uploadOrigins: ['https://x.example'] });
    const template = Template.fromStack(stack);
    const ids = (type: string) => Object.keys(template.findResources(type));
    const prefixes = stageNamePrefixes('USCR', 'prod');
    const tableIds = ids('AWS::DynamoDB::GlobalTable');
    expect(tableIds).toHaveLength(1);
    expect(`Portal-USCR-prod-Data-${tableIds[0]}`.startsWith(prefixes.table)).toBe(true);
    const bucketIds = ids('AWS::S3::Bucket').map((id) => `portal-uscr-prod-data-${id.toLowerCase()}`);
    expect(bucketIds.filter((name) => name.startsWith(prefixes.private))).toHaveLength(1);
    expect(bucketIds.filter((name) => name.startsWith(prefixes.public))).toHaveLength(1);
  });
});

describe('the command lines of backup and restore', () => {
  it('takes one file, and --force only for restore', () => {
    expect(parseArchiveArguments('restore', ['a.zip', '--force'])).toMatchObject({ force: true, stage: undefined });
    expect(() => parseArchiveArguments('backup', ['a.zip', '--force'])).toThrow(/Unknown argument "--force"/);
    expect(() => parseArchiveArguments('backup', [])).toThrow(/exactly one archive file/);
  });

  it('takes a stage with a brand and region, and checks them', () => {
    expect(
      parseArchiveArguments('backup', ['a.zip', '--stage', 'prod', '--brand=VACR', '--region', 'eu-west-1']),
    ).toMatchObject({
      stage: 'prod',
      brand: 'VACR',
      region: 'eu-west-1',
    });
    expect(() => parseArchiveArguments('backup', ['a.zip', '--stage', 'Prod'])).toThrow(/--stage must be/);
    expect(() => parseArchiveArguments('backup', ['a.zip', '--stage', 'prod', '--brand', 'XX'])).toThrow(/--brand/);
    expect(() => parseArchiveArguments('backup', ['a.zip', '--table', 't'])).toThrow(/go together/);
  });
});
