import { DefaultStackSynthesizer, Stack, Validations } from 'aws-cdk-lib';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { CfnUserPool } from 'aws-cdk-lib/aws-cognito';
import { CfnRule } from 'aws-cdk-lib/aws-events';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import { CfnEventSourceMapping, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnSecret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';
import { ROUTES, routeKey } from '#shared/routes';
import {
  BUNDLE_MANIFEST_PREFIX,
  BUNDLE_OBJECT_PREFIX,
  CONTENT_FILE_PREFIX,
  FEEDBACK_OBJECT_PREFIX,
  SEARCH_OBJECT_PREFIX,
  THUMBNAIL_PREFIX,
  UPLOADED_FILE_PREFIX,
} from '../../functions/src/data/keys.ts';
import { PortalSigningKey } from '../constructs/signing-key/signing-key.ts';
import type { Portal } from '../stacks/portal.ts';

/** The rule pack whose findings are acknowledged here: ids are `AwsSolutions-<rule>` or `AwsSolutions-<rule>[<finding>]`. */
export const NAG_PACK_PREFIX = 'AwsSolutions';

/** Shortest reason accepted: a reason must say why, not just "ok". */
export const MIN_REASON_LENGTH = 30;

/** The runtime ARCHITECTURE.md ("handlers": Lambda, Node.js 22, arm64) and decision record 011 fix for every portal Lambda. */
const MANDATED_RUNTIME = 'nodejs22.x';

/** The AWS managed policy CDK attaches to every Lambda's service role. */
const LAMBDA_BASIC_EXECUTION_POLICY = 'arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';

/**
 * Key prefixes of the data buckets whose objects a portal Lambda may be granted with a
 * key wildcard (`<bucket ARN>/<prefix>*`), each with the reason the wildcard is the
 * narrowest grant: the keys below the prefix are ids the application creates at run
 * time, so no fixed list of object ARNs exists. The actions themselves stay exact
 * (infra/stacks/group-grants.ts, infra/constructs/bundle-workflow.ts); a wildcard on
 * any other prefix, on the whole bucket, or an action wildcard is still reported.
 */
const OBJECT_PREFIX_REASONS: Readonly<Record<string, string>> = {
  [UPLOADED_FILE_PREFIX]:
    'Uploaded files are stored as files/<file id> (decision records 016, 020): the ids are created per upload, so the grant can only name the files/ prefix; actions are exact per client group (group-grants.ts).',
  [CONTENT_FILE_PREFIX]:
    'Seeded courseware files are stored as content/<content id>/<name> (decision record 022): keys follow the content tree, so the grant can only name the content/ prefix; actions are exact.',
  [BUNDLE_OBJECT_PREFIX]:
    'Bundle zips are stored as bundles/<fingerprint>.zip (decision record 022): the fingerprint is computed per request, so the grant can only name the bundles/ prefix; actions are exact.',
  [BUNDLE_MANIFEST_PREFIX]:
    'Bundle manifests are stored as bundles/manifests/<bundle id> (decision record 022), written by the resolve task and read by the zip task; only the prefix is known in advance.',
  [SEARCH_OBJECT_PREFIX]:
    'The catalog snapshot lives under search/ and is replaced by a new object on every rebuild (decision record 014); the grant names that prefix only, with exact Get/Put actions.',
  [FEEDBACK_OBJECT_PREFIX]:
    'Feedback screenshots are stored as feedback/<feedback id> (decision record 018): ids are created per feedback, so the grant can only name the feedback/ prefix; actions are exact.',
  [THUMBNAIL_PREFIX]:
    'Card thumbnails are stored as thumbnails/<content id>/<file id>.png in the public bucket (decision record 060): ids are created at run time, so the grant can only name the thumbnails/ prefix; actions are exact.',
};

/** S3 object-level actions that may carry a key-prefix wildcard resource (never bucket configuration). */
const S3_OBJECT_ACTIONS = new Set([
  's3:GetObject',
  's3:PutObject',
  's3:DeleteObject',
  's3:AbortMultipartUpload',
  's3:ListMultipartUploadParts',
]);

/**
 * Actions that support no resource-level permissions, so AWS requires `Resource: "*"`:
 * X-Ray tracing, and the CloudWatch Logs vended-log delivery a state machine's logging
 * needs (Step Functions developer guide, "IAM policies for logging to CloudWatch Logs").
 */
const RESOURCELESS_ACTIONS = new Set([
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  'xray:GetSamplingRules',
  'xray:GetSamplingTargets',
  'logs:CreateLogDelivery',
  'logs:GetLogDelivery',
  'logs:UpdateLogDelivery',
  'logs:DeleteLogDelivery',
  'logs:ListLogDeliveries',
  'logs:PutResourcePolicy',
  'logs:DescribeResourcePolicies',
  'logs:DescribeLogGroups',
]);

/** CloudFront invalidation actions: they support no resource-level permissions either. */
const CLOUDFRONT_INVALIDATION_ACTIONS = new Set(['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation']);

/** The action wildcards of aws-cdk-lib's `BucketDeployment` handler (its `grantRead` / `grantReadWrite`). */
const BUCKET_DEPLOYMENT_ACTION_WILDCARDS = new Set([
  's3:GetObject*',
  's3:GetBucket*',
  's3:List*',
  's3:DeleteObject*',
  's3:Abort*',
]);

const REASONS = {
  nodeRuntime:
    'Node.js 22 is the runtime ARCHITECTURE.md ("handlers": Lambda, Node.js 22, arm64) and decision record 011 mandate, the same major the local stack and the tests run; moving to a newer runtime is a decision of its own.',
  cdkRuntime:
    'Singleton Lambda owned by aws-cdk-lib (BucketDeployment handler): its runtime is chosen by the aws-cdk-lib version and moves with CDK upgrades, not by this project; it runs only during deployments.',
  basicExecutionRole:
    'AWSLambdaBasicExecutionRole only lets the function write its CloudWatch Logs (CreateLogGroup, CreateLogStream, PutLogEvents); AWS maintains it and it grants no data access.',
  bucketDeploymentActions:
    'BucketDeployment handler (aws-cdk-lib): reads the CDK asset bucket and syncs the web bucket with CDK grantRead/grantReadWrite action groups; it runs only during a deployment of the web stack.',
  bucketDeploymentResources:
    'BucketDeployment handler (aws-cdk-lib): copies the SPA build from the CDK bootstrap asset bucket to the web bucket, whose keys are the build output files, and invalidates the distribution (no resource-level permissions).',
  providerInvoke:
    'CDK custom resource Provider framework: it invokes the signing-key generator by ARN and by version/alias qualifier (<function ARN>:*); the wildcard covers only that one function.',
  resourceless:
    'X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords, Get sampling) and CloudWatch Logs vended-log delivery (logs:*LogDelivery*, resource policies) support no resource-level permissions: AWS requires Resource "*" for exactly these actions.',
  signingKeyRotation:
    'The portal signing key (private JWK, decision record 012) is not rotated automatically: a rotation replaces the key every live portal token was signed with and would end every session at once; rotate by hand (docs/deploy.md).',
  failureQueue:
    'This queue is itself the failure destination (dead-letter queue) of a Lambda event source, a Lambda or an EventBridge target; a dead-letter queue of a dead-letter queue would only move the same messages again.',
  optionalMfa:
    'MFA is optional (identity-stack.ts): TOTP is offered to every user (no SMS); with context cognitoThreatProtection the Plus plan also challenges risky sign-ins. Requiring MFA of every range user is a product decision issue 10 does not take.',
  essentialsPlan:
    'The created user pool stays on the Essentials plan by default (identity-stack.ts, cost: Plus has no free tier and is billed per monthly active user); operators opt in to Plus with threat protection through context cognitoThreatProtection.',
  stateMachineLogLevel:
    "The bundle workflow logs ERROR events without execution data (bundle-workflow.ts: no file names or user ids in logs); Step Functions keeps every execution's full event history for 90 days (GetExecutionHistory), so level ALL would only duplicate it.",
  publicRoute:
    'Public route of the route table (shared/routes.ts access "public", spec section 7, decision record 003): anonymous visitors call it; a token, when present, is verified in the Lambda.',
  geoRestriction:
    "The portal is a public courseware site for the ranges' users; the specification sets no country restriction, so CloudFront serves every country (PRICE_CLASS_100 limits edges, not viewers).",
  noWaf:
    'No AWS WAF web ACL by default (issue 10, cost: a web ACL costs more than the rest of the site at idle); opt in with context webAclArn. Shield Standard, HTTPS-only origins and API throttling cover the baseline.',
  defaultCertificate:
    'No custom domain configured (context siteDomain/certificateArn absent), so CloudFront serves its default *.cloudfront.net certificate, whose minimum protocol AWS fixes; with a custom domain TLSv1.2_2021 is enforced.',
} as const;

/** Records one acknowledgement `AwsSolutions-<finding>` on `scope`, refusing a reason shorter than {@link MIN_REASON_LENGTH}. */
function acknowledge(scope: IConstruct, finding: string, reason: string): void {
  if (reason.length < MIN_REASON_LENGTH) {
    throw new Error(`The reason of ${NAG_PACK_PREFIX}-${finding} on ${scope.node.path} is too short: ${reason}`);
  }
  Validations.of(scope).acknowledge({ id: `${NAG_PACK_PREFIX}-${finding}`, reason });
}

/** A value as an array (IAM's Action and Resource are a string or a list). */
function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

interface ResolvedStatement {
  readonly Effect?: string;
  readonly Action?: string | string[];
  readonly Resource?: unknown;
}

/** The resolved Allow statements of a policy, with the flattened resources cdk-nag's IAM5 reports. */
function allowStatements(policy: CfnPolicy): { actions: string[]; resources: string[] }[] {
  const stack = Stack.of(policy);
  const document = stack.resolve(policy.policyDocument) as { Statement?: ResolvedStatement[] };
  return (document.Statement ?? [])
    .filter((statement) => statement.Effect === 'Allow')
    .map((statement) => ({
      actions: asArray(statement.Action),
      resources: asArray(statement.Resource).map((resource) => flattenCfnReference(resource)),
    }));
}

/** The portal's stacks (`Portal-<brand>-<stage>-*`), whatever stacks the portal has grown. */
function portalStacks(portal: Portal): Stack[] {
  const prefix = `Portal-${portal.brand}-${portal.stage}-`;
  return portal.data.node.root.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct) && construct.stackName.startsWith(prefix));
}

/** True when `construct` lies under an aws-cdk-lib BucketDeployment handler (a stack-level singleton). */
function inBucketDeploymentHandler(construct: IConstruct): boolean {
  return construct.node.scopes.some((scope) => scope.node.id.startsWith('Custom::CDKBucketDeployment'));
}

/**
 * Acknowledges, with a written reason each, the AwsSolutions findings of `portal` that are
 * design choices or that the finding does not apply to (docs/deploy.md "cdk-nag" lists
 * them). Every acknowledgement sits on the one resource it concerns, and IAM findings name
 * the exact finding (`AwsSolutions-IAM5[Resource::…]`), so a new wildcard or managed
 * policy is still reported.
 *
 * Most are found by inspecting the synthesised resources (the rules that decide are
 * written here), and recorded during construct validation, after cross-stack references
 * are resolved: the IAM5 finding of a bucket in another stack names its resolved
 * reference (`{"Fn::GetStackOutput":…}/files/*`), unknown before.
 * @param portal what `createPortal` returned
 * @throws Error when a reason is shorter than {@link MIN_REASON_LENGTH}
 */
export function applyNagSuppressions(portal: Portal): void {
  for (const stack of portalStacks(portal)) {
    stack.node.addValidation({
      validate: () => {
        acknowledgeStack(stack, portal);
        return [];
      },
    });
  }
  acknowledgePublicRoutes(portal);
  acknowledgeDistribution(portal);
}

/** The acknowledgements decided by inspecting one stack's resolved resources. */
function acknowledgeStack(stack: Stack, portal: Portal): void {
  const resources = stack.node.findAll();
  const objectPrefixes = dataBucketPrefixes(stack, portal);
  const queues = failureQueues(stack, resources);
  for (const construct of resources) {
    if (construct instanceof CfnFunction) acknowledgeRuntime(construct);
    else if (construct instanceof CfnRole) acknowledgeManagedPolicies(construct);
    else if (construct instanceof CfnPolicy) acknowledgeWildcards(construct, objectPrefixes, portal);
    else if (
      construct instanceof CfnSecret &&
      construct.node.scopes.some((scope) => scope instanceof PortalSigningKey)
    ) {
      acknowledge(construct, 'SMG4', REASONS.signingKeyRotation);
    } else if (construct instanceof CfnQueue && queues.has(construct)) {
      acknowledge(construct, 'SQS3', REASONS.failureQueue);
    } else if (construct instanceof CfnUserPool) {
      if (optionalMfa(construct)) acknowledge(construct, 'COG2', REASONS.optionalMfa);
      if (Stack.of(construct).resolve(construct.userPoolTier) === 'ESSENTIALS') {
        acknowledge(construct, 'COG8', REASONS.essentialsPlan);
      }
    } else if (construct instanceof CfnStateMachine && logsErrorsOnly(construct)) {
      acknowledge(construct, 'SF1', REASONS.stateMachineLogLevel);
    }
  }
}

/** COG2 applies only while MFA is OPTIONAL with TOTP offered; a pool with MFA OFF is still reported. */
function optionalMfa(pool: CfnUserPool): boolean {
  const stack = Stack.of(pool);
  const configuration = stack.resolve(pool.mfaConfiguration);
  const factors = asArray(stack.resolve(pool.enabledMfas) as string[] | undefined);
  return configuration === 'OPTIONAL' && factors.includes('SOFTWARE_TOKEN_MFA');
}

/** SF1 applies only to a state machine that does log, at level ERROR (level OFF is still reported). */
function logsErrorsOnly(stateMachine: CfnStateMachine): boolean {
  const logging = Stack.of(stateMachine).resolve(stateMachine.loggingConfiguration) as
    | { level?: string; destinations?: unknown[] }
    | undefined;
  return logging?.level === 'ERROR' && (logging.destinations?.length ?? 0) > 0;
}

/** L1: Node.js 22 functions (the mandated runtime) and the BucketDeployment handler (CDK's runtime). */
function acknowledgeRuntime(fn: CfnFunction): void {
  const runtime = Stack.of(fn).resolve(fn.runtime);
  if (runtime === MANDATED_RUNTIME) acknowledge(fn, 'L1', REASONS.nodeRuntime);
  else if (inBucketDeploymentHandler(fn)) acknowledge(fn, 'L1', REASONS.cdkRuntime);
}

/** IAM4: AWSLambdaBasicExecutionRole only; any other managed policy is still reported. */
function acknowledgeManagedPolicies(role: CfnRole): void {
  const arns = asArray(Stack.of(role).resolve(role.managedPolicyArns) as unknown[]).map((arn) =>
    flattenCfnReference(arn),
  );
  if (arns.includes(LAMBDA_BASIC_EXECUTION_POLICY)) {
    acknowledge(role, `IAM4[Policy::${LAMBDA_BASIC_EXECUTION_POLICY}]`, REASONS.basicExecutionRole);
  }
}

/** `<flattened data bucket ARN>/<prefix>*` → the prefix's reason, as this stack references the buckets. */
function dataBucketPrefixes(stack: Stack, portal: Portal): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const bucket of [portal.data.privateBucket, portal.data.publicBucket]) {
    const arn = flattenCfnReference(stack.resolve(bucket.bucketArn));
    for (const [prefix, reason] of Object.entries(OBJECT_PREFIX_REASONS)) prefixes.set(`${arn}/${prefix}*`, reason);
  }
  return prefixes;
}

/**
 * IAM5 findings that are acknowledged, each only where its statement shows it is the
 * narrowest grant: data-bucket key prefixes with exact object actions, X-Ray's `*`,
 * the Provider framework's `<function ARN>:*`, and the BucketDeployment handler's grants.
 */
function acknowledgeWildcards(policy: CfnPolicy, objectPrefixes: Map<string, string>, portal: Portal): void {
  const statements = allowStatements(policy);
  const deployment = inBucketDeploymentHandler(policy);
  const webObjects = `${flattenCfnReference(Stack.of(policy).resolve(portal.web.webBucket.bucketArn))}/*`;
  const assetObjects = `arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>/*`;
  const starStatements = statements.filter((statement) => statement.resources.includes('*'));
  const starOnlyFor = (allowed: ReadonlySet<string>): boolean =>
    starStatements.length > 0 && starStatements.every((statement) => statement.actions.every((a) => allowed.has(a)));

  const done = new Set<string>();
  const once = (finding: string, reason: string): void => {
    if (done.has(finding)) return;
    done.add(finding);
    acknowledge(policy, `IAM5[${finding}]`, reason);
  };

  if (starOnlyFor(RESOURCELESS_ACTIONS)) once('Resource::*', REASONS.resourceless);
  for (const { actions, resources } of statements) {
    const exactObjectActions = actions.every((action) => S3_OBJECT_ACTIONS.has(action));
    for (const resource of resources) {
      const prefixReason = objectPrefixes.get(resource);
      if (prefixReason && exactObjectActions) once(`Resource::${resource}`, prefixReason);
      if (
        policy.node.path.includes('/framework-onEvent/') &&
        actions.every((action) => action === 'lambda:InvokeFunction') &&
        /^<[^<>]+\.Arn>:\*$/.test(resource)
      ) {
        once(`Resource::${resource}`, REASONS.providerInvoke);
      }
      if (deployment && (resource === webObjects || resource === assetObjects)) {
        once(`Resource::${resource}`, REASONS.bucketDeploymentResources);
      }
    }
    if (deployment) {
      for (const action of actions) {
        if (BUCKET_DEPLOYMENT_ACTION_WILDCARDS.has(action)) once(`Action::${action}`, REASONS.bucketDeploymentActions);
      }
    }
  }
  if (deployment && starOnlyFor(CLOUDFRONT_INVALIDATION_ACTIONS)) {
    once('Resource::*', REASONS.bucketDeploymentResources);
  }
}

/**
 * The queues that are failure destinations: of a stream event source
 * (`DestinationConfig.OnFailure`), a function's dead-letter queue, or an EventBridge
 * rule target's dead-letter queue.
 */
function failureQueues(stack: Stack, resources: readonly IConstruct[]): Set<CfnQueue> {
  const queuesByArn = new Map<string, CfnQueue>();
  for (const construct of resources) {
    if (construct instanceof CfnQueue) queuesByArn.set(JSON.stringify(stack.resolve(construct.attrArn)), construct);
  }
  const queues = new Set<CfnQueue>();
  const add = (target: unknown): void => {
    const queue = target === undefined ? undefined : queuesByArn.get(JSON.stringify(target));
    if (queue) queues.add(queue);
  };
  for (const construct of resources) {
    if (construct instanceof CfnEventSourceMapping) {
      const config = stack.resolve(construct.destinationConfig) as
        | { onFailure?: { destination?: unknown } }
        | undefined;
      add(config?.onFailure?.destination);
    } else if (construct instanceof CfnFunction) {
      const dlq = stack.resolve(construct.deadLetterConfig) as { targetArn?: unknown } | undefined;
      add(dlq?.targetArn);
    } else if (construct instanceof CfnRule) {
      const targets = asArray(stack.resolve(construct.targets) as { deadLetterConfig?: { arn?: unknown } }[]);
      for (const target of targets) add(target.deadLetterConfig?.arn);
    }
  }
  return queues;
}

/** APIG4: only the routes the route table declares public, matched by their route key. */
function acknowledgePublicRoutes(portal: Portal): void {
  const publicKeys = new Set(ROUTES.filter((route) => route.access === 'public').map((route) => routeKey(route)));
  for (const construct of portal.api.node.findAll()) {
    if (construct instanceof CfnRoute && publicKeys.has(construct.routeKey)) {
      acknowledge(construct, 'APIG4', REASONS.publicRoute);
    }
  }
}

/** CFR1 always; CFR2 without a web ACL; CFR4 with CloudFront's default certificate. */
function acknowledgeDistribution(portal: Portal): void {
  const distribution = portal.web.distribution.node.defaultChild as CfnDistribution;
  acknowledge(distribution, 'CFR1', REASONS.geoRestriction);
  if (!portal.web.webAclArn) acknowledge(distribution, 'CFR2', REASONS.noWaf);
  const config = portal.web.resolve(distribution.distributionConfig) as {
    viewerCertificate?: { cloudFrontDefaultCertificate?: boolean };
  };
  if (!config.viewerCertificate || config.viewerCertificate.cloudFrontDefaultCertificate) {
    acknowledge(distribution, 'CFR4', REASONS.defaultCertificate);
  }
}
