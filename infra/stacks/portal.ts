import type { App, Environment } from 'aws-cdk-lib';
import { BRANDS, type Brand } from '#shared/enums';
import { ApiStack, type ApiStackProps, PORTAL_ISSUER_PATH } from './api-stack.ts';
import { DataStack } from './data-stack.ts';
import { IdentityStack } from './identity-stack.ts';
import { buildRuntimeConfig } from './runtime-config.ts';
import { DEFAULT_WEB_ASSET_PATH, WebStack } from './web-stack.ts';

/**
 * CDK context read by the app (cdk.json, or `-c key=value`):
 * - `brand`: USCR | VACR (default USCR); `stage`: lower-case letters and digits (default `dev`);
 * - `runtimeConfig`: `{ USCR: {...}, VACR: {...} }`, the brand's env.json fields (see `buildRuntimeConfig`);
 * - `siteDomain` + `certificateArn` (us-east-1): optional custom domain of the site;
 * - `portalIssuer`: the portal token issuer, `https://<site>/api/v1/auth`. Default:
 *   `https://<siteDomain>/api/v1/auth`; without a site domain a `dev` stage uses the
 *   API's own execute-api address (placeholder-free, one deploy), and any other
 *   stage must set siteDomain or portalIssuer: the CloudFront domain cannot be known
 *   to the API stack, which the web stack depends on;
 * - `cognitoUserPoolId` + `cognitoClientId`: an existing Cognito user pool and app
 *   client of the range (provider vcr); without them the identity stack creates the
 *   pool and its vcr app client (`identity-stack.ts`);
 * - `ssoIssuer` + `ssoAudience` (+ optional `ssoJwksUri`, default `<issuer>/.well-known/jwks.json`):
 *   the exercise area's SSO tokens (provider sso); optional likewise;
 * - `feedbackSender` + `feedbackRecipient`: From (an SES-verified identity) and To of the
 *   content feedback e-mail; default `courseware-portal@example.org` and
 *   `courseware-feedback@example.org`, placeholders (decision record 018);
 * - `contactRecipient` + `supportRecipient`: the team inbox of contact requests and
 *   newsletter sign-ups, and the support desk copied on every support request (sent
 *   from `feedbackSender`); default `courseware-contact@example.org` and
 *   `courseware-support@example.org`, placeholders (decision record 025);
 * - `emailDomain`: optional domain SES verifies for the sender (DKIM records to publish);
 *   without it SES verifies the `feedbackSender` address itself;
 * - `alarmEmail`: optional address subscribed to the alarm topic (it must confirm);
 * - `cognitoThreatProtection`: `true` puts the created vcr pool on the Cognito Plus plan
 *   with threat protection (billed per active user; decision record 029); default Essentials;
 * - `bundleAwsSdk`: `true` bundles the AWS SDK into every function (decision record 028);
 * - `webAclArn`: optional CLOUDFRONT-scope WAF web ACL for the distribution;
 * - `webDistributionId`: pins the public bucket's CloudFront access to that distribution;
 * - `account`, `region`: optional; stacks are environment-agnostic without them;
 * - `webAssetPath`: SPA build folder (default `web/dist`).
 */
export interface PortalOptions {
  readonly webAssetPath?: string;
  readonly projectRoot?: ApiStackProps['projectRoot'];
}

export interface Portal {
  readonly brand: Brand;
  readonly stage: string;
  readonly data: DataStack;
  readonly identity: IdentityStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

const STAGE_PATTERN = /^[a-z][a-z0-9]{0,11}$/;

function stringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

/** A flag from context: `true` / `false` (cdk.json) or `'true'` / `'false'` (`-c key=value`); absent is false. */
function booleanContext(app: App, key: string): boolean {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`Context ${key} must be true or false; got ${String(value)}`);
}

/** An https URL from context, without a trailing slash; when `suffix` is given it must end so. */
function httpsContext(app: App, key: string, suffix?: string): string | undefined {
  const value = stringContext(app, key);
  if (value === undefined) return undefined;
  if (!/^https:\/\/[^/\s]+(\/\S*)?$/.test(value) || value.endsWith('/') || (suffix && !value.endsWith(suffix))) {
    throw new Error(
      `Context ${key} must be an https URL without a trailing slash${suffix ? `, ending in ${suffix}` : ''}; got ${value}`,
    );
  }
  return value;
}

/** An e-mail address (`kind` address) or a domain name (`kind` domain) from context. */
function mailContext(app: App, key: string, kind: 'address' | 'domain'): string | undefined {
  const value = stringContext(app, key);
  if (value === undefined) return undefined;
  const pattern = kind === 'address' ? /^[^@\s]+@[a-z0-9.-]+\.[a-z]{2,}$/i : /^([a-z0-9-]+\.)+[a-z]{2,}$/i;
  if (!pattern.test(value)) throw new Error(`Context ${key} must be an e-mail ${kind}; got ${value}`);
  return value;
}

/** Context values given with `-c` arrive as strings; cdk.json gives objects. */
function objectContext(app: App, key: string): unknown {
  const value: unknown = app.node.tryGetContext(key);
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new Error(`Context ${key} must be a JSON object: ${(error as Error).message}`);
  }
}

/** Creates `Portal-<brand>-<stage>-Data`, `-Identity`, `-Api` and `-Web` from the app's context. */
export function createPortal(app: App, options: PortalOptions = {}): Portal {
  const brandValue = stringContext(app, 'brand') ?? 'USCR';
  if (!(BRANDS as readonly string[]).includes(brandValue)) {
    throw new Error(`Context brand must be one of ${BRANDS.join(', ')}; got ${brandValue}`);
  }
  const brand = brandValue as Brand;
  const stage = stringContext(app, 'stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`Context stage must match ${STAGE_PATTERN}; got ${stage}`);
  }

  const runtimeConfigs = objectContext(app, 'runtimeConfig');
  const runtimeConfig = buildRuntimeConfig(
    brand,
    typeof runtimeConfigs === 'object' && runtimeConfigs !== null
      ? (runtimeConfigs as Record<string, unknown>)[brand]
      : undefined,
  );

  const siteDomain = stringContext(app, 'siteDomain');
  const certificateArn = stringContext(app, 'certificateArn');
  if (Boolean(siteDomain) !== Boolean(certificateArn)) {
    throw new Error('Context siteDomain and certificateArn go together: set both or neither');
  }
  const account = stringContext(app, 'account');
  const region = stringContext(app, 'region');
  const env: Environment | undefined = account || region ? { account, region } : undefined;

  const portalIssuer = siteDomain
    ? `https://${siteDomain}${PORTAL_ISSUER_PATH}`
    : httpsContext(app, 'portalIssuer', PORTAL_ISSUER_PATH);
  const cognitoUserPoolId = stringContext(app, 'cognitoUserPoolId');
  const cognitoClientId = stringContext(app, 'cognitoClientId');
  if (Boolean(cognitoUserPoolId) !== Boolean(cognitoClientId)) {
    throw new Error('Context cognitoUserPoolId and cognitoClientId go together: set both or neither');
  }
  const ssoIssuer = httpsContext(app, 'ssoIssuer');
  const ssoAudience = stringContext(app, 'ssoAudience');
  const ssoJwksUri = httpsContext(app, 'ssoJwksUri');
  if (Boolean(ssoIssuer) !== Boolean(ssoAudience) || (ssoJwksUri && !ssoIssuer)) {
    throw new Error('Context ssoIssuer and ssoAudience go together (ssoJwksUri only with them)');
  }

  const emailDomain = mailContext(app, 'emailDomain', 'domain');
  const alarmEmail = mailContext(app, 'alarmEmail', 'address');

  const webAssetPath = options.webAssetPath ?? stringContext(app, 'webAssetPath') ?? DEFAULT_WEB_ASSET_PATH;
  const prefix = `Portal-${brand}-${stage}`;
  const common = { env, tags: { project: 'courseware-portal', brand, stage } };

  const data = new DataStack(app, `${prefix}-Data`, {
    ...common,
    description: `Courseware portal ${brand} ${stage}: table and file buckets`,
    stage,
    // Without a custom domain the site's address is only known after the web stack
    // exists (which depends on this one), so any CloudFront domain may upload.
    uploadOrigins: [siteDomain ? `https://${siteDomain}` : 'https://*.cloudfront.net'],
    webDistributionId: stringContext(app, 'webDistributionId'),
  });

  const identity = new IdentityStack(app, `${prefix}-Identity`, {
    ...common,
    description: `Courseware portal ${brand} ${stage}: signing key and the vcr user pool`,
    stage,
    brand,
    existingCognito:
      cognitoUserPoolId && cognitoClientId ? { userPoolId: cognitoUserPoolId, clientId: cognitoClientId } : undefined,
    threatProtection: booleanContext(app, 'cognitoThreatProtection'),
  });

  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: `Courseware portal ${brand} ${stage}: HTTP API and handlers`,
    stage,
    brand,
    portalIssuer,
    signingKey: identity.signingKey,
    upstreamIdentity: {
      cognito: identity.cognito,
      ...(ssoIssuer && ssoAudience ? { sso: { issuer: ssoIssuer, audience: ssoAudience, jwksUri: ssoJwksUri } } : {}),
    },
    table: data.table,
    privateBucket: data.privateBucket,
    publicBucket: data.publicBucket,
    projectRoot: options.projectRoot,
    feedbackEmail: { sender: stringContext(app, 'feedbackSender'), recipient: stringContext(app, 'feedbackRecipient') },
    messageEmail: {
      contactRecipient: stringContext(app, 'contactRecipient'),
      supportRecipient: stringContext(app, 'supportRecipient'),
    },
    emailDomain,
    alarmEmail,
    // The first HTML of public pages (decision record 038): the same env.json and index.html as the web stack's.
    html: { runtimeConfig, webAssetPath },
  });

  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: `Courseware portal ${brand} ${stage}: CloudFront, SPA and env.json`,
    stage,
    httpApi: api.httpApi,
    publicBucket: data.publicBucket,
    uploadBuckets: [data.privateBucket, data.publicBucket],
    runtimeConfig,
    webAssetPath,
    domain: siteDomain && certificateArn ? { name: siteDomain, certificateArn } : undefined,
  });

  return { brand, stage, data, identity, api, web };
}
