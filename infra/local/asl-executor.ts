import { setTimeout as wait } from 'node:timers/promises';
import {
  applyPayloadTemplate,
  applyResultPath,
  checkPayloadTemplate,
  hasPath,
  type Json,
  parseReferencePath,
  readPath,
  resultPathSegments,
  StatesError,
  selectPath,
  UnsupportedAslError,
} from './asl-paths.ts';

/**
 * A small executor of the Amazon States Language (JSONPath) for the local stack
 * (decision record 036): exactly the subset our workflows use — Task (with Retry,
 * Catch, TimeoutSeconds, ResultSelector), Pass, Choice, Succeed and Fail states;
 * InputPath, Parameters, ResultPath and OutputPath as reference paths; the machine's
 * TimeoutSeconds. Anything else (Map, Parallel, Wait, JSONata, intrinsic functions,
 * `…Path` comparisons) is refused by `checkDefinition` when a definition is
 * registered, so the local run never silently differs from AWS. Semantics follow the
 * States language specification: a state's result is put into its *raw* input by
 * ResultPath, Retry waits `IntervalSeconds × BackoffRate^n` capped by
 * `MaxDelaySeconds` (FULL jitter: a random part of it), Catch puts
 * `{ Error, Cause }` into the raw input, `States.ALL` matches every error except the
 * terminal `States.Runtime`.
 */

/** A state machine definition as written in `infra/workflows/*.asl.json`. */
export interface AslDefinition {
  Comment?: string;
  StartAt: string;
  States: Record<string, AslState>;
  TimeoutSeconds?: number;
  Version?: string;
  QueryLanguage?: 'JSONPath';
}

export interface Retrier {
  ErrorEquals: string[];
  IntervalSeconds?: number;
  MaxAttempts?: number;
  BackoffRate?: number;
  MaxDelaySeconds?: number;
  JitterStrategy?: 'FULL' | 'NONE';
}

export interface Catcher {
  ErrorEquals: string[];
  ResultPath?: string | null;
  Next: string;
}

interface Flow {
  Comment?: string;
  Next?: string;
  End?: boolean;
  InputPath?: string | null;
  OutputPath?: string | null;
}

export interface TaskState extends Flow {
  Type: 'Task';
  Resource: string;
  Parameters?: Json;
  ResultSelector?: Json;
  ResultPath?: string | null;
  TimeoutSeconds?: number;
  Retry?: Retrier[];
  Catch?: Catcher[];
}

export interface PassState extends Flow {
  Type: 'Pass';
  Parameters?: Json;
  Result?: Json;
  ResultPath?: string | null;
}

/** A Choice rule: `And`, `Or`, `Not`, or one comparison of `Variable`. */
export type ChoiceRule = { [operator: string]: Json | ChoiceRule | ChoiceRule[] | undefined } & {
  Variable?: string;
  Next?: string;
};

export interface ChoiceState {
  Type: 'Choice';
  Comment?: string;
  Choices: ChoiceRule[];
  Default?: string;
  InputPath?: string | null;
  OutputPath?: string | null;
}

export interface SucceedState {
  Type: 'Succeed';
  Comment?: string;
  InputPath?: string | null;
  OutputPath?: string | null;
}

export interface FailState {
  Type: 'Fail';
  Comment?: string;
  Error?: string;
  Cause?: string;
}

export type AslState = TaskState | PassState | ChoiceState | SucceedState | FailState;

/** The local function behind a Task state: takes the state's effective input, returns its result. */
export type TaskFunction = (input: Json) => Promise<Json> | Json;

/**
 * The executor's clock, replaceable in tests so that nothing really sleeps.
 * `delay` waits between Retry attempts; `deadline` resolves when a TimeoutSeconds
 * runs out (both end early, rejecting, when the signal aborts); `random` gives
 * [0, 1) for FULL jitter.
 */
export interface ExecutorTimers {
  delay(ms: number, signal: AbortSignal): Promise<void>;
  deadline(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

/** Real time: `node:timers/promises` and `Math.random`. */
export const REAL_TIMERS: ExecutorTimers = {
  delay: (ms, signal) => wait(ms, undefined, { signal }),
  deadline: (ms, signal) => wait(ms, undefined, { signal }),
  random: Math.random,
};

/** The parts of the context object (`$$`) that an execution is started with. */
export interface ExecutionContext {
  Execution: { Id: string; Input: Json; Name: string; StartTime: string };
  StateMachine: { Id: string; Name: string };
}

export interface RunOptions {
  /** The local function of each Task state, by state name. */
  tasks: Record<string, TaskFunction>;
  context?: ExecutionContext;
  /** Aborting it ends the execution with `ExecutionAbortedError` (StopExecution). */
  signal?: AbortSignal;
  timers?: Partial<ExecutorTimers>;
}

/** The execution ended in a Fail state or an error no Catch handled: `error` and `cause` as DescribeExecution shows them. */
export class ExecutionFailedError extends Error {
  override name = 'ExecutionFailedError';
  constructor(
    readonly error: string,
    readonly causeText: string,
  ) {
    super(`${error}: ${causeText}`);
  }
}

/** The definition's TimeoutSeconds ran out (status TIMED_OUT). */
export class ExecutionTimedOutError extends Error {
  override name = 'ExecutionTimedOutError';
}

/** The execution was stopped through its signal (status ABORTED). */
export class ExecutionAbortedError extends Error {
  override name = 'ExecutionAbortedError';
}

const STATE_FIELDS: Record<AslState['Type'], readonly string[]> = {
  Task: [
    'Type',
    'Comment',
    'Resource',
    'Parameters',
    'ResultSelector',
    'ResultPath',
    'InputPath',
    'OutputPath',
    'TimeoutSeconds',
    'Retry',
    'Catch',
    'Next',
    'End',
  ],
  Pass: ['Type', 'Comment', 'Parameters', 'Result', 'ResultPath', 'InputPath', 'OutputPath', 'Next', 'End'],
  Choice: ['Type', 'Comment', 'Choices', 'Default', 'InputPath', 'OutputPath'],
  Succeed: ['Type', 'Comment', 'InputPath', 'OutputPath'],
  Fail: ['Type', 'Comment', 'Error', 'Cause'],
};
const MACHINE_FIELDS = ['Comment', 'StartAt', 'States', 'TimeoutSeconds', 'Version', 'QueryLanguage'];

type Comparison = (value: Json, operand: Json) => boolean;
const isString = (v: Json): v is string => typeof v === 'string';
const isNumber = (v: Json): v is number => typeof v === 'number';
const strings =
  (test: (a: string, b: string) => boolean): Comparison =>
  (v, o) =>
    isString(v) && isString(o) && test(v, o);
const numbers =
  (test: (a: number, b: number) => boolean): Comparison =>
  (v, o) =>
    isNumber(v) && isNumber(o) && test(v, o);

/** The Choice comparisons supported locally (IsPresent is handled apart: it needs no value). */
const COMPARISONS: Record<string, Comparison> = {
  StringEquals: strings((a, b) => a === b),
  StringLessThan: strings((a, b) => a < b),
  StringGreaterThan: strings((a, b) => a > b),
  StringLessThanEquals: strings((a, b) => a <= b),
  StringGreaterThanEquals: strings((a, b) => a >= b),
  NumericEquals: numbers((a, b) => a === b),
  NumericLessThan: numbers((a, b) => a < b),
  NumericGreaterThan: numbers((a, b) => a > b),
  NumericLessThanEquals: numbers((a, b) => a <= b),
  NumericGreaterThanEquals: numbers((a, b) => a >= b),
  BooleanEquals: (v, o) => typeof v === 'boolean' && v === o,
  IsNull: (v, o) => (v === null) === o,
  IsString: (v, o) => isString(v) === o,
  IsNumeric: (v, o) => isNumber(v) === o,
  IsBoolean: (v, o) => (typeof v === 'boolean') === o,
};

/**
 * Checks that `definition` is a state machine this executor runs exactly as AWS would.
 * @returns the definition, typed.
 * @throws UnsupportedAslError listing every problem (unknown state types or fields,
 *   missing or dangling `Next`, bad paths, intrinsic functions, misplaced `States.ALL`).
 */
export function checkDefinition(definition: unknown): AslDefinition {
  const problems: string[] = [];
  const check = (where: string, test: () => void) => {
    try {
      test();
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  };
  const machine = definition as AslDefinition;
  const states = machine?.States;
  if (typeof states !== 'object' || states === null || Object.keys(states).length === 0) {
    throw new UnsupportedAslError('The definition has no States');
  }
  const names = new Set(Object.keys(states));
  const target = (where: string, next: unknown) => {
    if (typeof next !== 'string' || !names.has(next)) problems.push(`${where}: no state named '${String(next)}'`);
  };
  for (const key of Object.keys(machine)) {
    if (!MACHINE_FIELDS.includes(key)) problems.push(`the definition: field ${key} is not supported locally`);
  }
  if (machine.QueryLanguage !== undefined && machine.QueryLanguage !== 'JSONPath') {
    problems.push('the definition: only the JSONPath query language is supported locally');
  }
  check('TimeoutSeconds', () => checkSeconds(machine.TimeoutSeconds));
  target('StartAt', machine.StartAt);

  for (const [name, state] of Object.entries(states)) {
    const allowed = STATE_FIELDS[state.Type];
    if (!allowed) {
      problems.push(`${name}: state type ${String(state.Type)} is not supported locally`);
      continue;
    }
    for (const key of Object.keys(state)) {
      if (!allowed.includes(key)) problems.push(`${name}: field ${key} is not supported locally on a ${state.Type}`);
    }
    for (const field of ['InputPath', 'OutputPath'] as const) {
      const path = (state as Flow)[field];
      if (typeof path === 'string') check(`${name}.${field}`, () => parseReferencePath(path));
    }
    if (state.Type === 'Task' || state.Type === 'Pass') {
      if (state.End === true) {
        if (state.Next !== undefined) problems.push(`${name}: has both End and Next`);
      } else {
        target(`${name}.Next`, state.Next);
      }
      if (typeof state.ResultPath === 'string') {
        const resultPath = state.ResultPath;
        check(`${name}.ResultPath`, () => resultPathSegments(resultPath));
      }
      if (state.Parameters !== undefined) {
        const parameters = state.Parameters;
        check(name, () => checkPayloadTemplate(parameters, 'Parameters'));
      }
    }
    if (state.Type === 'Task') {
      if (typeof state.Resource !== 'string') problems.push(`${name}: a Task needs a Resource`);
      if (state.ResultSelector !== undefined) {
        const selector = state.ResultSelector;
        check(name, () => checkPayloadTemplate(selector, 'ResultSelector'));
      }
      check(`${name}.TimeoutSeconds`, () => checkSeconds(state.TimeoutSeconds));
      check(`${name}.Retry`, () => checkErrorEquals(state.Retry ?? []));
      check(`${name}.Catch`, () => checkErrorEquals(state.Catch ?? []));
      for (const [index, catcher] of (state.Catch ?? []).entries()) {
        target(`${name}.Catch[${index}].Next`, catcher.Next);
        if (typeof catcher.ResultPath === 'string') {
          const resultPath = catcher.ResultPath;
          check(`${name}.Catch[${index}].ResultPath`, () => resultPathSegments(resultPath));
        }
      }
    }
    if (state.Type === 'Choice') {
      if (!Array.isArray(state.Choices) || state.Choices.length === 0) problems.push(`${name}: a Choice needs Choices`);
      for (const [index, rule] of (state.Choices ?? []).entries()) {
        target(`${name}.Choices[${index}].Next`, rule.Next);
        check(`${name}.Choices[${index}]`, () => checkRule(rule, true));
      }
      if (state.Default !== undefined) target(`${name}.Default`, state.Default);
    }
  }
  if (problems.length > 0) throw new UnsupportedAslError(problems.join('; '));
  return machine;
}

function checkSeconds(seconds: unknown): void {
  if (seconds !== undefined && !(Number.isInteger(seconds) && (seconds as number) > 0)) {
    throw new UnsupportedAslError('must be a positive integer');
  }
}

function checkErrorEquals(handlers: { ErrorEquals: string[] }[]): void {
  for (const [index, handler] of handlers.entries()) {
    const errors = handler.ErrorEquals;
    if (!Array.isArray(errors) || errors.length === 0 || !errors.every((e) => typeof e === 'string')) {
      throw new UnsupportedAslError(`[${index}].ErrorEquals must be a non-empty list of error names`);
    }
    if (errors.includes('States.ALL') && (errors.length > 1 || index !== handlers.length - 1)) {
      throw new UnsupportedAslError(`[${index}]: States.ALL must be alone and in the last entry`);
    }
  }
}

function checkRule(rule: ChoiceRule, topLevel: boolean): void {
  const { Next: _next, Comment: _comment, ...body } = rule;
  if (!topLevel && _next !== undefined) throw new UnsupportedAslError('a nested rule has no Next');
  if (Array.isArray(body.And) || Array.isArray(body.Or)) {
    for (const inner of (body.And ?? body.Or) as ChoiceRule[]) checkRule(inner, false);
    return;
  }
  if (body.Not !== undefined) {
    checkRule(body.Not as ChoiceRule, false);
    return;
  }
  const { Variable: variable, ...comparison } = body;
  if (typeof variable !== 'string') throw new UnsupportedAslError('a comparison needs a Variable');
  parseReferencePath(variable);
  const operators = Object.keys(comparison);
  const [operator] = operators;
  if (operators.length !== 1 || operator === undefined || !(operator in COMPARISONS || operator === 'IsPresent')) {
    throw new UnsupportedAslError(`comparison ${operators.join(', ')} is not supported locally`);
  }
}

function evaluateRule(rule: ChoiceRule, data: Json, context: Json): boolean {
  if (Array.isArray(rule.And)) return (rule.And as ChoiceRule[]).every((inner) => evaluateRule(inner, data, context));
  if (Array.isArray(rule.Or)) return (rule.Or as ChoiceRule[]).some((inner) => evaluateRule(inner, data, context));
  if (rule.Not !== undefined) return !evaluateRule(rule.Not as ChoiceRule, data, context);
  const { Variable: variable = '$', Next: _next, Comment: _comment, ...comparison } = rule;
  const [operator, operand] = Object.entries(comparison)[0] as [string, Json];
  if (operator === 'IsPresent') return hasPath(variable, data, context) === operand;
  // A comparison of a path that selects nothing is a States.Runtime error in AWS too.
  const value = readPath(variable, data, context);
  return (COMPARISONS[operator] as Comparison)(value, operand);
}

/** Every Task state of a definition, with its name. */
export function taskStates(definition: AslDefinition): [string, TaskState][] {
  return Object.entries(definition.States).filter((entry): entry is [string, TaskState] => entry[1].Type === 'Task');
}

function matches(errorEquals: string[], error: string): boolean {
  return (
    errorEquals.includes(error) ||
    errorEquals.includes('States.ALL') ||
    (errorEquals.includes('States.TaskFailed') && error !== 'States.Timeout')
  );
}

/**
 * The wait before retry number `attempt + 1` (0-based `attempt`), in ms:
 * `IntervalSeconds × BackoffRate^attempt`, at most `MaxDelaySeconds`; with FULL jitter a
 * random part of that (`random()` in [0, 1)).
 */
export function retryDelayMs(retrier: Retrier, attempt: number, random: () => number): number {
  const intervalMs = (retrier.IntervalSeconds ?? 1) * 1000;
  let delay = intervalMs * (retrier.BackoffRate ?? 2) ** attempt;
  if (retrier.MaxDelaySeconds !== undefined) delay = Math.min(delay, retrier.MaxDelaySeconds * 1000);
  if (retrier.JitterStrategy === 'FULL') delay *= random();
  return Math.round(delay);
}

function asStatesError(thrown: unknown): StatesError {
  if (thrown instanceof StatesError) return thrown;
  if (thrown instanceof Error) return new StatesError(thrown.name, thrown.message);
  return new StatesError('Error', String(thrown));
}

/** A promise that rejects when `signal` aborts, with `reason()`. */
function rejectOnAbort(signal: AbortSignal, reason: () => Error): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(reason());
    else signal.addEventListener('abort', () => reject(reason()), { once: true });
  });
}

/**
 * Runs one execution of a checked definition to its end.
 * @returns the output of the last state (Succeed or `End`).
 * @throws ExecutionFailedError (Fail state, an uncaught error, a `States.Runtime` error),
 *   ExecutionTimedOutError (the definition's TimeoutSeconds), ExecutionAbortedError (signal).
 */
export async function runExecution(definition: AslDefinition, input: Json, options: RunOptions): Promise<Json> {
  const timers: ExecutorTimers = { ...REAL_TIMERS, ...options.timers };
  const finished = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, finished.signal]) : finished.signal;
  const racers: Promise<Json>[] = [runStates(definition, input, options, timers, signal)];
  if (options.signal) {
    racers.push(rejectOnAbort(options.signal, () => new ExecutionAbortedError('The execution was stopped')));
  }
  if (definition.TimeoutSeconds !== undefined) {
    racers.push(
      timers.deadline(definition.TimeoutSeconds * 1000, signal).then(() => {
        throw new ExecutionTimedOutError(`The execution ran longer than ${definition.TimeoutSeconds} s`);
      }),
    );
  }
  try {
    return await Promise.race(racers);
  } finally {
    finished.abort();
  }
}

async function runStates(
  definition: AslDefinition,
  input: Json,
  options: RunOptions,
  timers: ExecutorTimers,
  signal: AbortSignal,
): Promise<Json> {
  let name = definition.StartAt;
  let data = input;
  try {
    for (;;) {
      if (signal.aborted) throw new ExecutionAbortedError('The execution was stopped');
      const state = definition.States[name] as AslState;
      const context = (retryCount: number): Json => ({
        ...(options.context as unknown as { [key: string]: Json }),
        State: { Name: name, EnteredTime: new Date().toISOString(), RetryCount: retryCount },
      });
      switch (state.Type) {
        case 'Succeed':
          return selectPath(state.OutputPath, selectPath(state.InputPath, data, context(0)), context(0));
        case 'Fail':
          throw new ExecutionFailedError(state.Error ?? 'States.Fail', state.Cause ?? '');
        case 'Choice': {
          const effective = selectPath(state.InputPath, data, context(0));
          const chosen = state.Choices.find((rule) => evaluateRule(rule, effective, context(0)));
          const next = chosen?.Next ?? state.Default;
          if (next === undefined) {
            throw new StatesError('States.NoChoiceMatched', `No Choice of ${name} matched and there is no Default`);
          }
          data = selectPath(state.OutputPath, effective, context(0));
          name = next;
          continue;
        }
        case 'Pass': {
          const effective = selectPath(state.InputPath, data, context(0));
          const parameters =
            state.Parameters === undefined ? effective : applyPayloadTemplate(state.Parameters, effective, context(0));
          const result = state.Result === undefined ? parameters : state.Result;
          const output = selectPath(state.OutputPath, applyResultPath(resultPathOf(state), data, result), context(0));
          if (state.End) return output;
          data = output;
          name = state.Next as string;
          continue;
        }
        case 'Task': {
          const task = options.tasks[name];
          if (!task) throw new StatesError('States.Runtime', `No local function for Task ${name}`, true);
          const { output, next } = await runTask(state, task, data, context, timers, signal);
          if (next === undefined) return output;
          data = output;
          name = next;
        }
      }
    }
  } catch (thrown) {
    if (thrown instanceof ExecutionAbortedError || thrown instanceof ExecutionFailedError) throw thrown;
    if (signal.aborted) throw new ExecutionAbortedError('The execution was stopped');
    const error = asStatesError(thrown);
    throw new ExecutionFailedError(error.error, error.causeText);
  }
}

function resultPathOf(state: TaskState | PassState | Catcher): string | null {
  return state.ResultPath === undefined ? '$' : state.ResultPath;
}

/** One Task state, attempts and all: the output and the next state (undefined at the end). */
async function runTask(
  state: TaskState,
  task: TaskFunction,
  rawInput: Json,
  context: (retryCount: number) => Json,
  timers: ExecutorTimers,
  signal: AbortSignal,
): Promise<{ output: Json; next: string | undefined }> {
  const retriers = state.Retry ?? [];
  const attemptsUsed = retriers.map(() => 0);
  for (let retryCount = 0; ; retryCount++) {
    try {
      const ctx = context(retryCount);
      const effective = selectPath(state.InputPath, rawInput, ctx);
      const parameters =
        state.Parameters === undefined ? effective : applyPayloadTemplate(state.Parameters, effective, ctx);
      let result = await runAttempt(task, parameters, state.TimeoutSeconds, timers, signal);
      if (state.ResultSelector !== undefined) result = applyPayloadTemplate(state.ResultSelector, result, ctx);
      const output = selectPath(state.OutputPath, applyResultPath(resultPathOf(state), rawInput, result), ctx);
      return { output, next: state.End ? undefined : state.Next };
    } catch (thrown) {
      if (thrown instanceof ExecutionAbortedError || signal.aborted) throw thrown;
      const error = asStatesError(thrown);
      if (error.terminal) throw error;
      const index = retriers.findIndex((retrier) => matches(retrier.ErrorEquals, error.error));
      const retrier = retriers[index];
      if (retrier && (attemptsUsed[index] as number) < (retrier.MaxAttempts ?? 3)) {
        const delay = retryDelayMs(retrier, attemptsUsed[index] as number, timers.random);
        attemptsUsed[index] = (attemptsUsed[index] as number) + 1;
        await timers.delay(delay, signal);
        continue;
      }
      const catcher = (state.Catch ?? []).find((c) => matches(c.ErrorEquals, error.error));
      if (!catcher) throw error;
      const errorOutput = { Error: error.error, Cause: error.causeText };
      return { output: applyResultPath(resultPathOf(catcher), rawInput, errorOutput), next: catcher.Next };
    }
  }
}

/** One call of a task's function, bounded by the state's TimeoutSeconds (`States.Timeout`). */
async function runAttempt(
  task: TaskFunction,
  input: Json,
  timeoutSeconds: number | undefined,
  timers: ExecutorTimers,
  signal: AbortSignal,
): Promise<Json> {
  const attemptDone = new AbortController();
  const attemptSignal = AbortSignal.any([signal, attemptDone.signal]);
  const racers: Promise<Json>[] = [
    Promise.resolve()
      .then(() => task(input))
      .then((result) => result ?? null),
    rejectOnAbort(signal, () => new ExecutionAbortedError('The execution was stopped')),
  ];
  if (timeoutSeconds !== undefined) {
    racers.push(
      timers.deadline(timeoutSeconds * 1000, attemptSignal).then(() => {
        throw new StatesError('States.Timeout', `The task ran longer than ${timeoutSeconds} s`);
      }),
    );
  }
  try {
    return await Promise.race(racers);
  } finally {
    attemptDone.abort();
  }
}
