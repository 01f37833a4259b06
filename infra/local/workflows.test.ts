import {
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BundleError, TransientError } from '../../functions/src/bundles/errors.ts';
import type { FinishTaskInput } from '../../functions/src/bundles/finish-task.ts';
import { type LocalTaskHandler, type StepFunctionsEndpoint, startStepFunctionsEndpoint } from './stepfunctions.ts';
import { LOCAL_TASK_HANDLERS, registerWorkflows } from './workflows.ts';

/**
 * The bundle workflow's ASL (infra/workflows/bundle.asl.json) on the local executor,
 * with stand-in task functions: a task's error reaches Retry and Catch by its
 * `name`, as a Lambda's `errorType` does in AWS.
 */

type Json = Parameters<LocalTaskHandler>[0];

describe('the bundle workflow on the local executor', () => {
  let endpoint: StepFunctionsEndpoint;
  let sfn: SFNClient;
  let arn: string;
  const calls: { zip: number; finish: FinishTaskInput[] } = { zip: 0, finish: [] };
  let behaviour: 'transient-once' | 'empty' | 'reuse' | 'always-transient' = 'transient-once';
  // Retry waits are recorded, not slept (FULL jitter at its top: the ASL's own backoff).
  const retryWaits: number[] = [];

  beforeAll(async () => {
    endpoint = await startStepFunctionsEndpoint({
      timers: {
        delay: async (ms) => {
          retryWaits.push(ms);
        },
        random: () => 1,
      },
    });
    sfn = new SFNClient({
      endpoint: endpoint.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const resolved = (action: 'zip' | 'reuse') => ({
      action,
      fingerprint: 'f'.repeat(64),
      objectKey: `bundles/${'f'.repeat(64)}.zip`,
      manifestKey: 'bundles/manifests/b.json',
      fileCount: 1,
      totalBytes: 10,
    });
    const arns = await registerWorkflows(endpoint.stateMachines, {
      taskHandlers: {
        BundleResolveFunctionArn: async () => {
          if (behaviour === 'empty') throw new BundleError('BundleEmpty', 'Lab has no files to download.');
          return resolved(behaviour === 'reuse' ? 'reuse' : 'zip');
        },
        BundleZipFunctionArn: async () => {
          calls.zip += 1;
          if (behaviour === 'always-transient' || (behaviour === 'transient-once' && calls.zip === 1)) {
            throw new TransientError('Rate exceeded');
          }
          return { size: 22, sha256: 'e'.repeat(64), entries: 1 };
        },
        BundleFinishFunctionArn: async (input: Json) => {
          calls.finish.push(input as unknown as FinishTaskInput);
          return { status: (input as { outcome: string }).outcome };
        },
      },
    });
    arn = arns.bundle ?? '';
  });
  afterAll(async () => {
    sfn.destroy();
    await endpoint.close();
  });

  async function run(name: string): Promise<DescribeExecutionCommandOutput> {
    calls.zip = 0;
    calls.finish = [];
    retryWaits.length = 0;
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: arn, name, input: JSON.stringify({ bundleId: name }) }),
    );
    // A wait on the execution leaving RUNNING, bounded only by the runner's test timeout.
    return vi.waitFor(
      async () => {
        const described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
        if (described.status === 'RUNNING') throw new Error(`${executionArn} is still running`);
        return described;
      },
      { timeout: 30_000, interval: 20 },
    );
  }

  it('registers every Task of the bundle workflow with the stack’s own local functions', async () => {
    const own = await startStepFunctionsEndpoint();
    try {
      const arns = await registerWorkflows(own.stateMachines, { taskHandlers: LOCAL_TASK_HANDLERS });
      expect(arns.bundle).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:bundle');
    } finally {
      await own.close();
    }
  });

  it('retries a TransientError of ZipFiles and then marks the bundle Ready', async () => {
    behaviour = 'transient-once';
    const described = await run('transient-once');
    expect(described.status).toBe('SUCCEEDED');
    expect(calls.zip).toBe(2);
    expect(retryWaits).toEqual([2000]);
    expect(calls.finish).toHaveLength(1);
    expect(calls.finish[0]).toMatchObject({
      outcome: 'Ready',
      run: { bundleId: 'transient-once', resolved: { action: 'zip' }, zipped: { size: 22 } },
    });
  });

  it('catches a permanent error into MarkFailed with { Error, Cause } and ends Failed', async () => {
    behaviour = 'empty';
    const described = await run('empty');
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('BundleFailed');
    expect(calls.zip).toBe(0);
    expect(calls.finish).toEqual([
      {
        outcome: 'Failed',
        run: { bundleId: 'empty', error: { Error: 'BundleEmpty', Cause: 'Lab has no files to download.' } },
      },
    ]);
  });

  it('goes to MarkFailed once the retries of a transient fault are used up', async () => {
    behaviour = 'always-transient';
    const described = await run('always-transient');
    expect(described.status).toBe('FAILED');
    expect(calls.zip).toBe(4); // the first attempt and 3 retries
    expect(retryWaits).toEqual([2000, 4000, 8000]);
    expect(calls.finish[0]).toMatchObject({ outcome: 'Failed', run: { error: { Error: 'TransientError' } } });
  });

  it('skips ZipFiles when the resolve step answers reuse', async () => {
    behaviour = 'reuse';
    const described = await run('reuse');
    expect(described.status).toBe('SUCCEEDED');
    expect(calls.zip).toBe(0);
    expect(calls.finish[0]).toMatchObject({ outcome: 'Ready', run: { resolved: { action: 'reuse' } } });
  });
});
