import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AslDefinition,
  type AslState,
  checkDefinition,
  ExecutionAbortedError,
  ExecutionFailedError,
  ExecutionTimedOutError,
  type ExecutorTimers,
  retryDelayMs,
  runExecution,
  type TaskFunction,
} from './asl-executor.ts';
import type { Json } from './asl-paths.ts';

/**
 * The semantics of the local ASL executor (decision record 036), state by state. No
 * test sleeps: Retry waits and timeouts go through fake timers that record what the
 * executor asked for.
 */

/** Timers that never wait: `delays` records every Retry wait; a deadline fires only when `expire` is called. */
function fakeTimers(random = () => 1) {
  const delays: number[] = [];
  const deadlines: { ms: number; expire: () => void }[] = [];
  const timers: ExecutorTimers = {
    delay: async (ms) => {
      delays.push(ms);
    },
    deadline: (ms) => new Promise<void>((resolve) => deadlines.push({ ms, expire: resolve })),
    random,
  };
  return { delays, deadlines, timers };
}

function machine(States: Record<string, AslState>, extra: Partial<AslDefinition> = {}): AslDefinition {
  return checkDefinition({ StartAt: Object.keys(States)[0], States, ...extra });
}

class NamedError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** A task function that throws the given errors in turn, then returns `result`. */
function failing(errors: Error[], result: Json = 'done'): TaskFunction & { calls: Json[] } {
  const calls: Json[] = [];
  const fn = (input: Json) => {
    calls.push(input);
    const error = errors[calls.length - 1];
    if (error) throw error;
    return result;
  };
  return Object.assign(fn, { calls });
}

async function failure(run: Promise<unknown>): Promise<ExecutionFailedError> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExecutionFailedError);
  return error as ExecutionFailedError;
}

describe('data flow through a Task: InputPath → Parameters → task → ResultSelector → ResultPath → OutputPath', () => {
  it('applies each step in that order, ResultPath into the raw input', async () => {
    const seen: Json[] = [];
    const definition = machine({
      Work: {
        Type: 'Task',
        Resource: 'arn:local:work',
        InputPath: '$.job',
        Parameters: { 'id.$': '$.id', fixed: 1, 'execution.$': '$$.Execution.Name', 'state.$': '$$.State.Name' },
        ResultSelector: { 'size.$': '$.stats.size' },
        ResultPath: '$.job.result',
        OutputPath: '$.job',
        End: true,
      },
    });

    const output = await runExecution(
      definition,
      { job: { id: 'j1' }, other: true },
      {
        tasks: {
          Work: (input) => {
            seen.push(input);
            return { stats: { size: 7, ignored: true } };
          },
        },
        context: {
          Execution: { Id: 'arn:x', Input: {}, Name: 'run-1', StartTime: '2026-11-27T00:00:00.000Z' },
          StateMachine: { Id: 'arn:m', Name: 'm' },
        },
        timers: fakeTimers().timers,
      },
    );

    expect(seen).toEqual([{ id: 'j1', fixed: 1, execution: 'run-1', state: 'Work' }]);
    expect(output).toEqual({ id: 'j1', result: { size: 7 } });
  });

  it('replaces the input with the result by default and keeps the input with ResultPath null', async () => {
    const definition = machine({
      Replace: { Type: 'Task', Resource: 'r', Next: 'Keep' },
      Keep: { Type: 'Task', Resource: 'r', ResultPath: null, End: true },
    });
    const calls: Json[] = [];

    const output = await runExecution(
      definition,
      { a: 1 },
      {
        tasks: {
          Replace: () => ({ b: 2 }),
          Keep: (input) => {
            calls.push(input);
            return 'dropped';
          },
        },
      },
    );

    expect(calls).toEqual([{ b: 2 }]);
    expect(output).toEqual({ b: 2 });
  });

  it('gives a task that returns nothing a null result', async () => {
    const definition = machine({ T: { Type: 'Task', Resource: 'r', ResultPath: '$.r', End: true } });
    expect(await runExecution(definition, {}, { tasks: { T: () => undefined as unknown as Json } })).toEqual({
      r: null,
    });
  });

  it('fails the execution with States.Runtime when InputPath selects nothing, and no Catch sees it', async () => {
    const task = failing([]);
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        InputPath: '$.missing',
        Retry: [{ ErrorEquals: ['States.ALL'] }],
        Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Caught' }],
        End: true,
      },
      Caught: { Type: 'Succeed' },
    });

    const error = await failure(runExecution(definition, {}, { tasks: { T: task }, timers: fakeTimers().timers }));

    expect(error.error).toBe('States.Runtime');
    expect(error.causeText).toContain("'$.missing'");
    expect(task.calls).toEqual([]);
  });
});

describe('Pass, Succeed and Fail', () => {
  it('passes Parameters, or a fixed Result, through ResultPath', async () => {
    const definition = machine({
      Shape: { Type: 'Pass', Parameters: { 'count.$': '$.n', label: 'x' }, ResultPath: '$.shaped', Next: 'Fixed' },
      Fixed: { Type: 'Pass', Result: { ok: true }, ResultPath: '$.fixed', Next: 'Done' },
      Done: { Type: 'Succeed', OutputPath: '$.shaped' },
    });

    expect(await runExecution(definition, { n: 3 }, { tasks: {} })).toEqual({ count: 3, label: 'x' });
  });

  it('ends a Fail state with its Error and Cause', async () => {
    const definition = machine({ Stop: { Type: 'Fail', Error: 'BundleFailed', Cause: 'marked Failed' } });

    const error = await failure(runExecution(definition, {}, { tasks: {} }));

    expect(error).toMatchObject({ error: 'BundleFailed', causeText: 'marked Failed' });
  });
});

describe('Choice', () => {
  const definition = machine({
    Decide: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.action', StringEquals: 'reuse', Next: 'Reuse' },
        {
          And: [
            { Variable: '$.size', IsPresent: true },
            { Variable: '$.size', NumericGreaterThanEquals: 100 },
            { Not: { Variable: '$.small', BooleanEquals: true } },
          ],
          Next: 'Large',
        },
        {
          Or: [
            { Variable: '$.size', IsNull: true },
            { Variable: '$.size', IsString: true },
          ],
          Next: 'Odd',
        },
      ],
      Default: 'Zip',
    },
    Reuse: { Type: 'Pass', Result: 'reuse', End: true },
    Large: { Type: 'Pass', Result: 'large', End: true },
    Odd: { Type: 'Pass', Result: 'odd', End: true },
    Zip: { Type: 'Pass', Result: 'zip', End: true },
  });
  const run = (input: Json) => runExecution(definition, input, { tasks: {} });

  it('takes the first rule that matches', async () => {
    expect(await run({ action: 'reuse', size: 500 })).toBe('reuse');
    expect(await run({ action: 'zip', size: 500, small: false })).toBe('large');
  });

  it('evaluates And, Or, Not, IsPresent, IsNull and IsString', async () => {
    expect(await run({ action: 'zip', size: 500, small: true })).toBe('zip');
    expect(await run({ action: 'zip', size: null })).toBe('odd');
    expect(await run({ action: 'zip', size: 'big' })).toBe('odd');
    expect(await run({ action: 'zip', size: 5 })).toBe('zip');
  });

  it('treats a comparison of the wrong type as false, not as an error', async () => {
    expect(await run({ action: 42, size: 1 })).toBe('zip');
  });

  it('fails with States.Runtime when a compared variable is missing', async () => {
    const error = await failure(run({ size: 1 }));
    expect(error.error).toBe('States.Runtime');
  });

  it('fails with States.NoChoiceMatched without a Default', async () => {
    const strict = machine({
      Decide: { Type: 'Choice', Choices: [{ Variable: '$.n', NumericLessThan: 0, Next: 'Neg' }] },
      Neg: { Type: 'Succeed' },
    });

    const error = await failure(runExecution(strict, { n: 1 }, { tasks: {} }));

    expect(error.error).toBe('States.NoChoiceMatched');
  });

  it('applies InputPath before the rules and OutputPath to what it passes on', async () => {
    const scoped = machine({
      Decide: {
        Type: 'Choice',
        InputPath: '$.resolved',
        OutputPath: '$.action',
        Choices: [{ Variable: '$.action', StringEquals: 'zip', Next: 'Done' }],
      },
      Done: { Type: 'Succeed' },
    });

    expect(await runExecution(scoped, { resolved: { action: 'zip' } }, { tasks: {} })).toBe('zip');
  });
});

describe('Retry', () => {
  it('waits IntervalSeconds × BackoffRate^n, capped by MaxDelaySeconds, with FULL jitter a random part of it', () => {
    const retrier = { ErrorEquals: ['E'], IntervalSeconds: 2, BackoffRate: 2, MaxDelaySeconds: 30 };
    expect([0, 1, 2, 3, 4].map((n) => retryDelayMs(retrier, n, () => 0.5))).toEqual([2000, 4000, 8000, 16000, 30000]);
    expect(retryDelayMs({ ...retrier, JitterStrategy: 'FULL' }, 2, () => 0.25)).toBe(2000);
    expect(retryDelayMs({ ErrorEquals: ['E'] }, 1, () => 0)).toBe(2000); // defaults: 1 s, rate 2
  });

  it('retries a matching error up to MaxAttempts, then succeeds on a later attempt', async () => {
    const { delays, timers } = fakeTimers();
    const task = failing([new NamedError('TransientError', 'a'), new NamedError('TransientError', 'b')]);
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        ResultPath: '$.out',
        Retry: [{ ErrorEquals: ['TransientError'], IntervalSeconds: 1, BackoffRate: 3, MaxAttempts: 2 }],
        End: true,
      },
    });

    expect(await runExecution(definition, { in: 1 }, { tasks: { T: task }, timers })).toEqual({ in: 1, out: 'done' });
    expect(task.calls).toEqual([{ in: 1 }, { in: 1 }, { in: 1 }]);
    expect(delays).toEqual([1000, 3000]);
  });

  it('uses the first retrier that matches, each with its own count, and never retries with MaxAttempts 0', async () => {
    const { delays, timers } = fakeTimers();
    const task = failing([
      new NamedError('A', '1'),
      new NamedError('B', '2'),
      new NamedError('A', '3'),
      new NamedError('Fatal', '4'),
    ]);
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        Retry: [
          { ErrorEquals: ['Fatal'], MaxAttempts: 0 },
          { ErrorEquals: ['A'], IntervalSeconds: 1, MaxAttempts: 5 },
          { ErrorEquals: ['States.ALL'], IntervalSeconds: 10, MaxAttempts: 5 },
        ],
        End: true,
      },
    });

    const error = await failure(runExecution(definition, {}, { tasks: { T: task }, timers }));

    expect(error).toMatchObject({ error: 'Fatal', causeText: '4' });
    expect(delays).toEqual([1000, 10000, 2000]); // A#1, B (States.ALL) #1, A#2
  });

  it('counts the attempts in $$.State.RetryCount', async () => {
    const counts: Json[] = [];
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        Parameters: { 'retry.$': '$$.State.RetryCount' },
        Retry: [{ ErrorEquals: ['States.ALL'], MaxAttempts: 2 }],
        End: true,
      },
    });
    const task: TaskFunction = (input) => {
      counts.push((input as { retry: number }).retry);
      if (counts.length < 3) throw new Error('again');
      return null;
    };

    await runExecution(definition, {}, { tasks: { T: task }, timers: fakeTimers().timers });

    expect(counts).toEqual([0, 1, 2]);
  });

  it('retries a States.Timeout of the task’s TimeoutSeconds, which States.TaskFailed does not match', async () => {
    const { deadlines, delays, timers } = fakeTimers();
    let attempt = 0;
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        TimeoutSeconds: 300,
        Retry: [
          { ErrorEquals: ['States.TaskFailed'], MaxAttempts: 5 },
          { ErrorEquals: ['States.Timeout'], IntervalSeconds: 4, MaxAttempts: 1 },
        ],
        End: true,
      },
    });
    const task: TaskFunction = () => {
      attempt += 1;
      // The first attempt hangs until its deadline is expired below; the second answers.
      return attempt === 1 ? new Promise<Json>(() => undefined) : 'second';
    };

    const running = runExecution(definition, {}, { tasks: { T: task }, timers });
    await expect.poll(() => deadlines.length).toBe(1);
    deadlines[0]?.expire();

    expect(await running).toBe('second');
    expect(deadlines[0]?.ms).toBe(300_000);
    expect(delays).toEqual([4000]);
  });
});

describe('Catch', () => {
  it('puts { Error, Cause } into the raw input at the catcher’s ResultPath and goes to its Next', async () => {
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        InputPath: '$.inner',
        Catch: [
          { ErrorEquals: ['Other'], Next: 'Wrong' },
          { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Handled' },
        ],
        End: true,
      },
      Wrong: { Type: 'Fail', Error: 'Wrong' },
      Handled: { Type: 'Succeed' },
    });
    const task = failing([new NamedError('BundleEmpty', 'Lab has no files to download.')]);

    const output = await runExecution(definition, { bundleId: 'b', inner: {} }, { tasks: { T: task } });

    expect(output).toEqual({
      bundleId: 'b',
      inner: {},
      error: { Error: 'BundleEmpty', Cause: 'Lab has no files to download.' },
    });
  });

  it('replaces the input with the error output when the catcher has no ResultPath', async () => {
    const definition = machine({
      T: { Type: 'Task', Resource: 'r', Catch: [{ ErrorEquals: ['E'], Next: 'Done' }], End: true },
      Done: { Type: 'Succeed' },
    });

    const output = await runExecution(definition, { a: 1 }, { tasks: { T: failing([new NamedError('E', 'c')]) } });

    expect(output).toEqual({ Error: 'E', Cause: 'c' });
  });

  it('catches only after the retries are used up', async () => {
    const { delays, timers } = fakeTimers();
    const task = failing([new NamedError('E', '1'), new NamedError('E', '2')]);
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        Retry: [{ ErrorEquals: ['E'], MaxAttempts: 1 }],
        Catch: [{ ErrorEquals: ['E'], ResultPath: '$.error', Next: 'Done' }],
        End: true,
      },
      Done: { Type: 'Succeed' },
    });

    const output = await runExecution(definition, {}, { tasks: { T: task }, timers });

    expect(task.calls).toHaveLength(2);
    expect(delays).toEqual([1000]);
    expect(output).toEqual({ error: { Error: 'E', Cause: '2' } });
  });

  it('fails the execution with the task’s error when nothing catches it', async () => {
    const definition = machine({
      T: { Type: 'Task', Resource: 'r', Catch: [{ ErrorEquals: ['Other'], Next: 'Done' }], End: true },
      Done: { Type: 'Succeed' },
    });

    const error = await failure(
      runExecution(definition, {}, { tasks: { T: failing([new RangeError('count must not be negative')]) } }),
    );

    expect(error).toMatchObject({ error: 'RangeError', causeText: 'count must not be negative' });
  });

  it('catches States.ResultPathMatchFailure', async () => {
    const definition = machine({
      T: {
        Type: 'Task',
        Resource: 'r',
        ResultPath: '$.text.inner',
        Catch: [{ ErrorEquals: ['States.ResultPathMatchFailure'], ResultPath: '$.error', Next: 'Done' }],
        End: true,
      },
      Done: { Type: 'Succeed' },
    });

    const output = await runExecution(definition, { text: 'x' }, { tasks: { T: () => 1 } });

    expect(output).toMatchObject({ text: 'x', error: { Error: 'States.ResultPathMatchFailure' } });
  });
});

describe('execution timeout and stop', () => {
  it('ends with ExecutionTimedOutError when the definition’s TimeoutSeconds runs out', async () => {
    const { deadlines, timers } = fakeTimers();
    const definition = machine({ T: { Type: 'Task', Resource: 'r', End: true } }, { TimeoutSeconds: 1800 });

    const running = runExecution(definition, {}, { tasks: { T: () => new Promise<Json>(() => undefined) }, timers });
    await expect.poll(() => deadlines.length).toBe(1);
    deadlines[0]?.expire();

    await expect(running).rejects.toBeInstanceOf(ExecutionTimedOutError);
    expect(deadlines[0]?.ms).toBe(1_800_000);
  });

  it('ends with ExecutionAbortedError when stopped, without waiting for the running task', async () => {
    const controller = new AbortController();
    let started = false;
    const definition = machine({ T: { Type: 'Task', Resource: 'r', Next: 'After' }, After: { Type: 'Succeed' } });
    const task: TaskFunction = () => {
      started = true;
      return new Promise<Json>(() => undefined);
    };

    const running = runExecution(definition, {}, { tasks: { T: task }, signal: controller.signal });
    await expect.poll(() => started).toBe(true);
    controller.abort();

    await expect(running).rejects.toBeInstanceOf(ExecutionAbortedError);
  });
});

describe('checkDefinition', () => {
  const bundleAsl = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../workflows/bundle.asl.json'), 'utf8'),
  ) as AslDefinition;

  it('accepts the bundle workflow as written', () => {
    expect(checkDefinition(bundleAsl).StartAt).toBe('ResolveFiles');
  });

  it('refuses, naming each problem, what the local executor does not run', () => {
    const definition = {
      StartAt: 'Start',
      States: {
        Start: { Type: 'Task', Resource: 'r', HeartbeatSeconds: 5, Next: 'Nowhere' },
        Fan: { Type: 'Map', ItemProcessor: {}, End: true },
        Pause: { Type: 'Wait', Seconds: 1, End: true },
        Catchy: {
          Type: 'Task',
          Resource: 'r',
          Retry: [{ ErrorEquals: ['States.ALL'] }, { ErrorEquals: ['E'] }],
          Parameters: { 'text.$': "States.Format('{}', $.a)" },
          End: true,
        },
        Decide: { Type: 'Choice', Choices: [{ Variable: '$.a', StringEqualsPath: '$.b', Next: 'Start' }] },
      },
    };

    let message = '';
    try {
      checkDefinition(definition);
    } catch (error) {
      message = (error as Error).message;
    }

    expect(message).toContain('Start: field HeartbeatSeconds is not supported locally on a Task');
    expect(message).toContain("Start.Next: no state named 'Nowhere'");
    expect(message).toContain('Fan: state type Map is not supported locally');
    expect(message).toContain('Pause: state type Wait is not supported locally');
    expect(message).toContain('Catchy.Retry: [0]: States.ALL must be alone and in the last entry');
    expect(message).toContain('Catchy: Parameters.text.$: intrinsic functions');
    expect(message).toContain('Decide.Choices[0]: comparison StringEqualsPath is not supported locally');
  });

  it('refuses JSONata definitions', () => {
    expect(() =>
      checkDefinition({ QueryLanguage: 'JSONata', StartAt: 'S', States: { S: { Type: 'Succeed' } } }),
    ).toThrow('only the JSONPath query language');
  });
});

describe('the bundle workflow (infra/workflows/bundle.asl.json)', () => {
  const definition = checkDefinition(
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../workflows/bundle.asl.json'), 'utf8')),
  );
  const resolved = { action: 'zip', fingerprint: 'f', objectKey: 'bundles/f.zip', manifestKey: 'm.json' };

  it('retries ZipFiles on TransientError after 2, 4 and 8 s (full jitter at its top), then marks it Failed', async () => {
    const { delays, timers } = fakeTimers(() => 0.999_999);
    const finish: Json[] = [];
    const zip = failing(Array.from({ length: 4 }, () => new NamedError('TransientError', 'Rate exceeded')));

    const error = await failure(
      runExecution(
        definition,
        { bundleId: 'b1' },
        {
          timers,
          tasks: {
            ResolveFiles: () => resolved,
            ZipFiles: zip,
            MarkReady: () => 'unexpected',
            MarkFailed: (input) => {
              finish.push(input);
              return { status: 'Failed' };
            },
          },
        },
      ),
    );

    expect(zip.calls).toHaveLength(4);
    expect(zip.calls[0]).toEqual({
      bundleId: 'b1',
      fingerprint: 'f',
      manifestKey: 'm.json',
      objectKey: 'bundles/f.zip',
    });
    expect(delays).toEqual([2000, 4000, 8000]);
    expect(finish).toEqual([
      {
        outcome: 'Failed',
        run: { bundleId: 'b1', resolved, error: { Error: 'TransientError', Cause: 'Rate exceeded' } },
      },
    ]);
    expect(error).toMatchObject({ error: 'BundleFailed' });
  });

  it('goes from a reuse answer straight to MarkReady with the whole run', async () => {
    const ready: Json[] = [];
    const output = await runExecution(
      definition,
      { bundleId: 'b2' },
      {
        timers: fakeTimers().timers,
        tasks: {
          ResolveFiles: () => ({ ...resolved, action: 'reuse' }),
          ZipFiles: () => {
            throw new Error('ZipFiles must not run');
          },
          MarkReady: (input) => {
            ready.push(input);
            return { status: 'Ready' };
          },
          MarkFailed: () => null,
        },
      },
    );

    expect(ready).toEqual([{ outcome: 'Ready', run: { bundleId: 'b2', resolved: { ...resolved, action: 'reuse' } } }]);
    expect(output).toEqual({
      bundleId: 'b2',
      resolved: { ...resolved, action: 'reuse' },
      finished: { status: 'Ready' },
    });
  });
});
