import type { App, Environment } from 'aws-cdk-lib';
import { BRANDS, type Brand } from '#shared/enums';
import { ApiStack, type ApiStackProps } from './api-stack.ts';
import { DataStack } from './data-stack.ts';
import { buildRuntimeConfig } from './runtime-config.ts';
import { WebStack } from './web-stack.ts';

/**
 * CDK context read by the app (cdk.json, or `-c key=value`):
 * - `brand`: USCR | VACR (default USCR); `stage`: lower-case letters and digits (default `dev`);
 * - `runtimeConfig`: `{ USCR: {...}, VACR: {...} }`, the brand's env.json fields (see `buildRuntimeConfig`);
 * - `siteDomain` + `certificateArn` (us-east-1): optional custom domain of the site;
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

/** Creates `Portal-<brand>-<stage>-Data`, `-Api` and `-Web` from the app's context. */
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

  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: `Courseware portal ${brand} ${stage}: HTTP API and handlers`,
    stage,
    table: data.table,
    privateBucket: data.privateBucket,
    publicBucket: data.publicBucket,
    projectRoot: options.projectRoot,
  });

  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: `Courseware portal ${brand} ${stage}: CloudFront, SPA and env.json`,
    stage,
    httpApi: api.httpApi,
    publicBucket: data.publicBucket,
    uploadBuckets: [data.privateBucket, data.publicBucket],
    runtimeConfig,
    webAssetPath: options.webAssetPath ?? stringContext(app, 'webAssetPath'),
    domain: siteDomain && certificateArn ? { name: siteDomain, certificateArn } : undefined,
  });

  return { brand, stage, data, api, web };
}
