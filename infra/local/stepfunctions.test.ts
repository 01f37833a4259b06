import path from 'node:path';
import {
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  ExecutionDoesNotExist,
  ListExecutionsCommand,
  SFNClient,
  StartExecutionCommand,
  StateMachineDoesNotExist,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LocalTaskHandler,
  type StepFunctionsEndpoint,
  startStepFunctionsEndpoint,
  stateMachineArn,
} from './stepfunctions.ts';
import { registerWorkflows } from './workflows.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');

describe('the local Step Functions endpoint', () => {
  let endpoint: StepFunctionsEndpoint;
  let sfn: SFNClient;
  let arn: string;
  let releaseSlowTask: () => void = () => undefined;

  beforeAll(async () => {
    endpoint = await startStepFunctionsEndpoint();
    sfn = new SFNClient({
      endpoint: endpoint.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const double: LocalTaskHandler = async (input) => {
      const { count } = input as { count: number };
      if (count < 0) throw new RangeError('count must not be negative');
      if (count === 42) await new Promise<void>((resolve) => (releaseSlowTask = resolve));
      return count * 2;
    };
    const summarise: LocalTaskHandler = (input) => {
      const { label, doubled } = input as { label: string; doubled: number };
      return `${label}: ${doubled}`;
    };
    const arns = await registerWorkflows(endpoint.stateMachines, {
      directory: fixtures,
      taskHandlers: { DoubleFunctionArn: double, DescribeFunctionArn: summarise },
    });
    arn = arns.double ?? '';
  });
  afterAll(async () => {
    releaseSlowTask();
    sfn.destroy();
    await endpoint.close();
  });

  async function finished(executionArn: string): Promise<DescribeExecutionCommandOutput> {
    // A wait on the execution leaving RUNNING, bounded only by the runner's test timeout.
    return vi.waitFor(
      async () => {
        const described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
        if (described.status === 'RUNNING') throw new Error(`${executionArn} is still running`);
        return described;
      },
      { timeout: 30_000, interval: 10 },
    );
  }

  it('names the state machine after its ASL file', () => {
    expect(arn).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:double');
    expect(stateMachineArn('double')).toBe(arn);
  });

  it('runs Pass, Task and Choice states to SUCCEEDED with the output', async () => {
    const { executionArn, startDate } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: arn, name: 'small', input: JSON.stringify({ count: 3 }) }),
    );

    const described = await finished(executionArn ?? '');

    expect(executionArn).toBe('arn:aws:states:us-east-1:000000000000:execution:double:small');
    expect(startDate).toBeInstanceOf(Date);
    expect(described.status).toBe('SUCCEEDED');
    expect(JSON.parse(described.output ?? 'null')).toEqual({
      count: 3,
      label: 'fixture',
      doubled: 6,
      description: { text: 'fixture: 6' },
    });
    expect(described.stopDate).toBeInstanceOf(Date);
  });

  it('ends in FAILED with the Fail state error and cause when the Choice takes the default', async () => {
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: arn, input: JSON.stringify({ count: 50 }) }),
    );

    const described = await finished(executionArn ?? '');

    expect(described).toMatchObject({
      status: 'FAILED',
      error: 'TooLarge',
      cause: 'The doubled count is 100 or more.',
    });
  });

  it('ends in FAILED with the error of a task function that throws', async () => {
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: arn, input: JSON.stringify({ count: -1 }) }),
    );

    expect(await finished(executionArn ?? '')).toMatchObject({
      status: 'FAILED',
      error: 'RangeError',
      cause: 'count must not be negative',
    });
  });

  it('stops a running execution and lists executions newest first', async () => {
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: arn, name: 'slow', input: JSON.stringify({ count: 42 }) }),
    );
    const running = await sfn.send(new ListExecutionsCommand({ stateMachineArn: arn, statusFilter: 'RUNNING' }));

    await sfn.send(new StopExecutionCommand({ executionArn, error: 'Cancelled', cause: 'test' }));
    const all = await sfn.send(new ListExecutionsCommand({ stateMachineArn: arn }));

    expect(running.executions?.map((e) => e.name)).toEqual(['slow']);
    expect(await finished(executionArn ?? '')).toMatchObject({ status: 'ABORTED', error: 'Cancelled', cause: 'test' });
    expect(all.executions?.[0]).toMatchObject({ name: 'slow', status: 'ABORTED' });
    expect(all.executions?.map((e) => e.name)).toContain('small');
  });

  it('answers the SDK errors of an unknown state machine and execution', async () => {
    const unknownMachine = await sfn
      .send(new StartExecutionCommand({ stateMachineArn: stateMachineArn('missing') }))
      .catch((e: unknown) => e);
    const unknownExecution = await sfn
      .send(new DescribeExecutionCommand({ executionArn: `${arn.replace('stateMachine', 'execution')}:nope` }))
      .catch((e: unknown) => e);

    expect(unknownMachine).toBeInstanceOf(StateMachineDoesNotExist);
    expect(unknownExecution).toBeInstanceOf(ExecutionDoesNotExist);
  });

  it('refuses to register a definition whose Task has no local function', () => {
    expect(() =>
      endpoint.stateMachines.register(
        'broken',
        {
          StartAt: 'T',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a CDK substitution placeholder, as in an ASL file
          States: { T: { Type: 'Task', Resource: '${Unknown}', End: true } },
        },
        {},
      ),
    ).toThrow(
      'State machine broken: no local function for Task T (arn:aws:lambda:us-east-1:000000000000:function:Unknown)',
    );
  });

  it('refuses to register a definition the local executor would not run as AWS does', () => {
    expect(() =>
      endpoint.stateMachines.register(
        'fan-out',
        { StartAt: 'Each', States: { Each: { Type: 'Map', ItemProcessor: { StartAt: 'X', States: {} }, End: true } } },
        {},
      ),
    ).toThrow('Each: state type Map is not supported locally');
  });
});
