import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The size of every Lambda bundle the CDK app ships (issue 10 item 4: "report each
 * function's bundle size; goal ≤ 250 KB minified per client group"), read from a
 * synthesised cloud assembly: each `AWS::Lambda::Function` of each stack template,
 * its code asset folder `asset.<hash>`, and in it the entry file (`index.mjs` or
 * `index.js`) that local esbuild wrote — exactly what `cdk deploy` uploads.
 */

/** The goal of issue 10 for one function's minified bundle, in bytes (250 KB). */
export const FUNCTION_BUNDLE_GOAL_BYTES = 250_000;

/** One function's bundle: its stack, logical id, description, and sizes in bytes. */
export interface FunctionBundleSize {
  readonly stack: string;
  readonly logicalId: string;
  readonly description: string;
  /** The minified entry file, in bytes (source maps not counted). */
  readonly bytes: number;
  /** The same file gzip-compressed (level 9), in bytes: roughly what the deployment zip holds. */
  readonly gzipBytes: number;
}

interface TemplateResource {
  readonly Type?: string;
  readonly Properties?: { readonly Description?: unknown; readonly Code?: { readonly S3Key?: unknown } };
}

/**
 * The bundle of every function in the cloud assembly at `assemblyDir` (a `cdk synth
 * -o` folder), largest first. Functions whose code is not a local asset folder (inline
 * code, a custom resource provider's) are left out.
 * @throws Error when the folder holds no stack template.
 */
export function functionBundleSizes(assemblyDir: string): FunctionBundleSize[] {
  const templates = readdirSync(assemblyDir).filter((name) => name.endsWith('.template.json'));
  if (templates.length === 0) throw new Error(`No stack template in ${assemblyDir}: run cdk synth first.`);
  const sizes: FunctionBundleSize[] = [];
  for (const file of templates) {
    const template = JSON.parse(readFileSync(path.join(assemblyDir, file), 'utf8')) as {
      Resources?: Record<string, TemplateResource>;
    };
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const key = resource.Properties?.Code?.S3Key;
      if (typeof key !== 'string' || !key.endsWith('.zip')) continue;
      const folder = path.join(assemblyDir, `asset.${key.slice(0, -'.zip'.length)}`);
      const entry = ['index.mjs', 'index.js'].map((name) => path.join(folder, name)).find((name) => existsSync(name));
      if (!entry) continue;
      const bytes = readFileSync(entry);
      const description = resource.Properties?.Description;
      sizes.push({
        stack: file.slice(0, -'.template.json'.length),
        logicalId,
        description: typeof description === 'string' ? description : '',
        bytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
      });
    }
  }
  return sizes.sort((a, b) => b.bytes - a.bytes || a.logicalId.localeCompare(b.logicalId));
}

/** A Markdown table of `sizes`: function, minified KB, gzip KB and the ratio of minified to the goal. */
export function sizeTable(sizes: readonly FunctionBundleSize[]): string {
  const kb = (bytes: number) =>
    (bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rows = sizes.map(
    (size) =>
      `| ${size.description || size.logicalId} | ${kb(size.bytes)} | ${kb(size.gzipBytes)} | ${(size.bytes / FUNCTION_BUNDLE_GOAL_BYTES).toFixed(2)} |`,
  );
  return ['| function | minified KB | gzip KB | × goal (250 KB) |', '|---|---:|---:|---:|', ...rows].join('\n');
}

/**
 * `npm run size`: synthesises the app offline into a temporary folder (or reads the
 * assembly named by the first argument) and prints {@link sizeTable}. Arguments that
 * start with `-` go to `cdk synth`, e.g. `npm run size -- -c bundleAwsSdk=true`.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const given = args[0] !== undefined && !args[0].startsWith('-') ? args[0] : undefined;
  const assembly = given ?? (await mkdtemp(path.join(os.tmpdir(), 'portal-cdk-size-')));
  try {
    if (!given) {
      const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', assembly, ...args], { stdio: 'inherit' });
      if (synth.status !== 0) throw new Error(`cdk synth failed with exit code ${synth.status}`);
    }
    console.log(sizeTable(functionBundleSizes(assembly)));
  } finally {
    if (!given) await rm(assembly, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
