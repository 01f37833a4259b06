import { RuntimeConfig } from '#shared/contracts/runtime-config';
import type { Brand } from '#shared/enums';
import { PUBLIC_FILES_PATH } from '#shared/public-files';

/** Where the web stack's CloudFront behaviours put the API and the public files. */
export const SITE_PATHS = { api: '/api/v1', publicFiles: PUBLIC_FILES_PATH } as const;

/**
 * The `/env.json` the SPA boots from, built from the brand's CDK context entry
 * (`runtimeConfig.<brand>` in cdk.json) and validated with the shared zod schema,
 * so a bad configuration fails `cdk synth` instead of the site. The brand and the
 * same-origin paths are set here, never by context: they are facts of this app.
 * @throws Error listing every invalid field as `path: message`.
 */
export function buildRuntimeConfig(brand: Brand, fromContext: unknown): RuntimeConfig {
  const input = {
    ...(typeof fromContext === 'object' && fromContext !== null ? fromContext : {}),
    brand,
    apiBaseUrl: SITE_PATHS.api,
    publicFilesBaseUrl: SITE_PATHS.publicFiles,
  };
  const result = RuntimeConfig.safeParse(input);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => {
      const given = valueAt(input, issue.path);
      const detail = given === undefined ? 'missing' : `got ${JSON.stringify(given)}`;
      return `  - ${issue.path.join('.') || '(root)'}: ${issue.message} (${detail})`;
    });
    throw new Error(`Invalid runtime configuration (env.json) for brand ${brand}:\n${fields.join('\n')}`);
  }
  return result.data;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
