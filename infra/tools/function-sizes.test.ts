import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_GROUPS } from '#shared/enums';
import {
  bundledFunctionSizes,
  bundleLimitOf,
  FUNCTION_BUNDLE_GOAL_BYTES,
  functionBundleSizes,
  lambdaEntries,
  OVER_GOAL_CEILINGS,
  sizeTable,
} from './function-sizes.ts';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** A cloud assembly with one template holding `functions` (logical id → description, asset hash, entry file and bytes, or none). */
function assembly(
  functions: Record<string, { description?: string; hash: string; file?: string; bytes?: Buffer; code?: unknown }>,
): string {
  folder = mkdtempSync(path.join(os.tmpdir(), 'function-sizes-test-'));
  const resources: Record<string, unknown> = { Bucket: { Type: 'AWS::S3::Bucket', Properties: {} } };
  for (const [id, fn] of Object.entries(functions)) {
    resources[id] = {
      Type: 'AWS::Lambda::Function',
      Properties: { Description: fn.description, Code: fn.code ?? { S3Bucket: 'assets', S3Key: `${fn.hash}.zip` } },
    };
    if (fn.file && fn.bytes) {
      mkdirSync(path.join(folder, `asset.${fn.hash}`));
      writeFileSync(path.join(folder, `asset.${fn.hash}`, fn.file), fn.bytes);
    }
  }
  writeFileSync(path.join(folder, 'Portal-Api.template.json'), JSON.stringify({ Resources: resources }));
  return folder;
}

describe('function bundle sizes (issue 10 item 4)', () => {
  it('reads each function’s entry file from its asset folder, largest first, with its gzip size', () => {
    const big = Buffer.from('export const handler = () => 1;\n'.repeat(4000));
    const small = Buffer.from('export const handler = () => 2;');
    const sizes = functionBundleSizes(
      assembly({
        SmallFunction: { description: 'Portal API, client group meta', hash: 'aa11', file: 'index.mjs', bytes: small },
        BigFunction: { description: 'Portal API, client group content', hash: 'bb22', file: 'index.js', bytes: big },
        InlineFunction: { hash: 'cc33', code: { ZipFile: 'exports.handler = () => 0;' } },
        MissingAsset: { hash: 'dd44' },
      }),
    );
    expect(sizes).toEqual([
      {
        stack: 'Portal-Api',
        logicalId: 'BigFunction',
        description: 'Portal API, client group content',
        bytes: big.length,
        gzipBytes: gzipSync(big, { level: 9 }).length,
      },
      {
        stack: 'Portal-Api',
        logicalId: 'SmallFunction',
        description: 'Portal API, client group meta',
        bytes: small.length,
        gzipBytes: gzipSync(small, { level: 9 }).length,
      },
    ]);
    expect(sizes[0]?.gzipBytes).toBeLessThan(big.length / 10);
  });

  it('prints a Markdown row per function with its ratio to the 250 KB goal', () => {
    const table = sizeTable([
      { stack: 'S', logicalId: 'Fn', description: 'Portal API, client group page', bytes: 500_000, gzipBytes: 123_400 },
      { stack: 'S', logicalId: 'NoDescription', description: '', bytes: FUNCTION_BUNDLE_GOAL_BYTES, gzipBytes: 1 },
    ]);
    expect(table.split('\n')).toEqual([
      '| function | minified KB | gzip KB | × goal (250 KB) |',
      '|---|---:|---:|---:|',
      '| Portal API, client group page | 500.0 | 123.4 | 2.00 |',
      '| NoDescription | 250.0 | 0.0 | 1.00 |',
    ]);
  });

  it('says to synthesise first when the folder holds no template', () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'function-sizes-test-'));
    expect(() => functionBundleSizes(folder as string)).toThrow(/run cdk synth first/);
  });
});

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('every Lambda bundle at most 250 KB minified (issue 22 item 7; decision record 041)', () => {
  it('builds one bundle per client group, the indexer, the three bundle tasks and six housekeeping functions (the saved-search digest, issue 24 item 8; the scheduled publisher, issue 25 item 7; the update notices, item 5)', () => {
    const labels = lambdaEntries(PROJECT_ROOT).map((entry) => entry.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const group of CLIENT_GROUPS) expect(labels).toContain(`Portal API, client group ${group}`);
    // + the update notices (issue 25 item 5).
    expect(labels).toHaveLength(CLIENT_GROUPS.length + 10);
  });

  it('keeps each bundle, built with the CDK’s esbuild settings, within 250 KB (or its recorded ceiling)', async () => {
    const sizes = await bundledFunctionSizes(PROJECT_ROOT);
    const tooLarge = sizes
      .filter((size) => size.bytes > bundleLimitOf(size.description))
      .map((size) => `${size.description}: ${size.bytes} bytes > ${bundleLimitOf(size.description)}`);
    expect(tooLarge, `\n${sizeTable(sizes)}`).toEqual([]);
    // A ceiling is for a function still over the goal: once it is under, its entry must go.
    const underGoal = Object.keys(OVER_GOAL_CEILINGS).filter(
      (label) => (sizes.find((size) => size.description === label)?.bytes ?? 0) <= FUNCTION_BUNDLE_GOAL_BYTES,
    );
    expect(underGoal).toEqual([]);
  }, 180_000);
});
