import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortal, type Portal } from '../stacks/portal.ts';
import { CDK_CONTEXT as cdkContext, createStandInProject, type StandInProject } from '../test-support/portal-app.ts';
import { applyNagChecks, applyNagSuppressions, NAG_PACK_PREFIX, VALIDATION_REPORT_FILE } from './index.ts';
import { MIN_REASON_LENGTH } from './suppressions.ts';

/** Context that makes synthesis write the validation report instead of throwing, so findings can be listed. */
const REPORT_ONLY = { '@aws-cdk/core:failSynthOnValidationErrors': false };

const ACKNOWLEDGED_RULES = 'aws:cdk:acknowledged-rules';

let project: StandInProject;

beforeAll(() => {
  project = createStandInProject('portal-nag-');
});

afterAll(() => {
  project.dispose();
});

interface NagRun {
  readonly portal: Portal;
  readonly assembly: CloudAssembly;
  /** Every unacknowledged AwsSolutions finding, `<severity> <rule> at <construct path>`. */
  readonly findings: string[];
  /** Every acknowledgement in the assembly's metadata. */
  readonly acknowledgements: Acknowledgement[];
}

interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: string;
}

interface ValidationReport {
  readonly pluginReports?: {
    readonly pluginName: string;
    readonly violations: {
      readonly ruleName: string;
      readonly severity?: string;
      readonly violatingConstructs?: { readonly constructPath?: string }[];
    }[];
  }[];
}

/** The AwsSolutions findings of the validation report CDK wrote into the assembly (none when it wrote no report). */
function nagFindings(assembly: CloudAssembly): string[] {
  let report: ValidationReport;
  try {
    report = JSON.parse(readFileSync(path.join(assembly.directory, VALIDATION_REPORT_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return (report.pluginReports ?? [])
    .filter((plugin) => plugin.pluginName === NAG_PACK_PREFIX)
    .flatMap((plugin) =>
      plugin.violations.flatMap((violation) =>
        (violation.violatingConstructs ?? [{}]).map(
          (construct) => `${violation.severity ?? 'error'} ${violation.ruleName} at ${construct.constructPath ?? '?'}`,
        ),
      ),
    )
    .sort();
}

/** The acknowledgements recorded in every stack's metadata (`Validations.of(…).acknowledge`). */
function acknowledgementsOf(assembly: CloudAssembly): Acknowledgement[] {
  return assembly.stacks.flatMap((stack) =>
    stack.findMetadataByType(ACKNOWLEDGED_RULES).flatMap((entry) =>
      Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({
        path: entry.path,
        id: id.replace(/^annotation::/i, ''),
        reason,
      })),
    ),
  );
}

/** Synthesises the portal with the rule pack and the acknowledgements, as infra/app.ts does. */
function synthesise(context: Record<string, unknown> = {}, change?: (portal: Portal) => void): NagRun {
  const app = project.newApp({ ...REPORT_ONLY, ...context });
  const portal = createPortal(app, project.portalOptions);
  change?.(portal);
  applyNagChecks(app);
  applyNagSuppressions(portal);
  const assembly = app.synth();
  return { portal, assembly, findings: nagFindings(assembly), acknowledgements: acknowledgementsOf(assembly) };
}

const CONFIGURATIONS: [string, Record<string, unknown>][] = [
  ['USCR dev', {}],
  [
    'USCR prod with a custom domain',
    {
      stage: 'prod',
      siteDomain: 'portal.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    },
  ],
  ['VACR dev', { brand: 'VACR' }],
];

describe.each(CONFIGURATIONS)('cdk-nag AwsSolutions on the %s app', (name, context) => {
  let run: NagRun;
  beforeAll(() => {
    run = synthesise(context);
  });

  it('has no unacknowledged error or warning', () => {
    expect(run.findings, `${name}: unacknowledged AwsSolutions findings`).toEqual([]);
  });

  it('gives every acknowledgement an AwsSolutions rule id and a reason of at least 30 characters', () => {
    expect(run.acknowledgements.length).toBeGreaterThan(0);
    const short = run.acknowledgements.filter((ack) => ack.reason.trim().length < MIN_REASON_LENGTH);
    expect(short).toEqual([]);
    for (const ack of run.acknowledgements) expect(ack.id, ack.path).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
  });

  it('acknowledges no finding stack-wide and no IAM finding without naming it', () => {
    const stackPaths = new Set(run.assembly.stacks.map((stack) => `/${stack.hierarchicalId}`));
    expect(run.acknowledgements.filter((ack) => stackPaths.has(ack.path))).toEqual([]);
    expect(run.acknowledgements.filter((ack) => /^AwsSolutions-IAM[45]$/.test(ack.id))).toEqual([]);
  });
});

describe('cdk-nag acknowledgements that depend on the configuration', () => {
  it('enforces TLS 1.2 with a custom domain, and acknowledges CFR4 only for the default certificate', () => {
    const cfr4 = (run: NagRun) => run.acknowledgements.filter((ack) => ack.id === 'AwsSolutions-CFR4');
    const withDomain = synthesise({
      stage: 'prod',
      siteDomain: 'portal.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/portal/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
    });
    expect(withDomain.findings).toEqual([]);
    expect(cfr4(withDomain)).toEqual([]);
    // With a web ACL, CFR2 needs no acknowledgement either.
    expect(withDomain.acknowledgements.filter((ack) => ack.id === 'AwsSolutions-CFR2')).toEqual([]);
    const [distribution] = Object.values(
      (JSON.parse(readFileSync(path.join(withDomain.assembly.directory, 'Portal-USCR-prod-Web.template.json'), 'utf8'))
        .Resources ?? {}) as Record<
        string,
        { Type: string; Properties: { DistributionConfig: Record<string, unknown> } }
      >,
    ).filter((resource) => resource.Type === 'AWS::CloudFront::Distribution');
    expect(distribution?.Properties.DistributionConfig).toMatchObject({
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021' },
      WebACLId: expect.stringContaining(':global/webacl/portal/'),
      Logging: { Prefix: 'cloudfront/' },
    });
  });
});

describe('the web ACL context', () => {
  it('refuses a web ACL ARN that is not a CLOUDFRONT-scope web ACL', () => {
    const app = new App({
      context: {
        ...cdkContext,
        'aws:cdk:bundling-stacks': [],
        webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/portal/0a1b2c3d',
      },
    });
    expect(() => createPortal(app, project.portalOptions)).toThrow(/webAclArn must be the ARN of a CLOUDFRONT-scope/);
  });
});

describe('cdk-nag catches what the acknowledgements do not cover', () => {
  it('reports a new wildcard grant and an unlogged bucket added to the portal', () => {
    const run = synthesise({}, (portal) => {
      const meta = portal.api.functions.get('meta');
      if (!meta) throw new Error('No meta function');
      // A whole-bucket object wildcard and an action wildcard on a portal Lambda.
      meta.addToRolePolicy(
        new PolicyStatement({ actions: ['s3:GetObject'], resources: [portal.data.privateBucket.arnForObjects('*')] }),
      );
      meta.addToRolePolicy(
        new PolicyStatement({ actions: ['s3:Get*'], resources: [portal.data.privateBucket.arnForObjects('files/*')] }),
      );
      new Bucket(portal.data, 'UnloggedBucket', { enforceSSL: true });
    });
    const metaPolicy = 'Portal-USCR-dev-Api/MetaFunction/ServiceRole/DefaultPolicy/Resource';
    expect(run.findings).toEqual(
      expect.arrayContaining([
        'error AwsSolutions-S1 at Portal-USCR-dev-Data/UnloggedBucket/Resource',
        `error AwsSolutions-IAM5[Action::s3:Get*] at ${metaPolicy}`,
        expect.stringMatching(
          new RegExp(
            `^error AwsSolutions-IAM5\\[Resource::\\{"Fn::GetStackOutput".*PrivateBucket.*\\}/\\*\\] at ${metaPolicy}$`,
          ),
        ),
      ]),
    );
    // The files/ wildcard with an action wildcard stays reported: only exact object actions are acknowledged.
    expect(run.findings.some((finding) => finding.includes('/files/*] at') && finding.endsWith(metaPolicy))).toBe(true);
  });

  it('fails synthesis on an unacknowledged error, naming the rule', () => {
    const app = new App({ outdir: mkdtempSync(path.join(project.workDir, 'cdk.out-')) });
    const stack = new Stack(app, 'Tiny');
    new Bucket(stack, 'Unlogged', { enforceSSL: true });
    const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['s3:*'], resources: ['*'] }));
    applyNagChecks(app);
    expect(() => app.synth()).toThrow(
      /AwsSolutions-S1[\s\S]*AwsSolutions-IAM5\[Action::s3:\*\]|AwsSolutions-IAM5\[Action::s3:\*\][\s\S]*AwsSolutions-S1/,
    );
  });
});
