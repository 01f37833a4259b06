import os from 'node:os';
import { bundledFunctionSizes, FUNCTION_BUNDLE_GOAL_BYTES } from '../../infra/tools/function-sizes.ts';

/** One figure of the bench: a Lambda's minified bundle in KB, with the goal beside it. */
export interface LambdaSizeFigure {
  readonly name: string;
  readonly value: number;
  readonly unit: 'KB';
  readonly goal: string;
}

/**
 * Issue 22's "per-group Lambda bundle size (goal ≤ 250 KB each)": every Lambda entry of
 * the app bundled with the CDK's esbuild settings (`bundledFunctionSizes`, the same sizes
 * `cdk deploy` uploads; decision record 041), minified KB with one decimal, and the
 * load average at the time (sizes do not depend on it).
 */
export async function lambdaSizeFigures(projectRoot: string): Promise<LambdaSizeFigure[]> {
  const sizes = await bundledFunctionSizes(projectRoot);
  const load = `load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`;
  return sizes.map((size) => ({
    name: `Lambda bundle, ${size.description} (minified; gzip ${(size.gzipBytes / 1000).toFixed(1)} KB; ${load})`,
    value: Math.round(size.bytes / 100) / 10,
    unit: 'KB',
    goal: `≤ ${FUNCTION_BUNDLE_GOAL_BYTES / 1000} KB`,
  }));
}
