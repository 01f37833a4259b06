import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import {
  type AslDefinition,
  checkDefinition,
  ExecutionAbortedError,
  ExecutionFailedError,
  ExecutionTimedOutError,
  type ExecutorTimers,
  runExecution,
  type TaskFunction,
  taskStates,
} from './asl-executor.ts';
import type { Json } from './asl-paths.ts';
import type { RequestListener } from './faults.ts';
import { closeServer, LOOPBACK, listenPreferring, loopbackUrl } from './net.ts';

/**
 * The Step Functions part of the local stack (ARCHITECTURE.md, decision record 036):
 * our own small ASL executor (`asl-executor.ts`) runs the same ASL files as AWS, behind
 * a tiny AWS JSON 1.0 endpoint (routed on `X-Amz-Target: AWSStepFunctions.*`) that
 * answers StartExecution, DescribeExecution, StopExecution and ListExecutions, so the
 * real `SFNClient` works unchanged. Task states run local functions, found by the
 * task's `Resource` (or, for the optimised `arn:aws:states:::lambda:invoke`
 * integration, its `Parameters.FunctionName`). The CDK's definition substitutions
 * (`${BundleFunctionArn}`) become local Lambda ARNs named after the placeholder
 * (`arn:aws:lambda:us-east-1:000000000000:function:BundleFunctionArn`), so the same ASL
 * file runs here, with a local function registered under the placeholder's name.
 */

export const LOCAL_ACCOUNT_ID = '000000000000';
const REGION = 'us-east-1';
const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';

/** A local stand-in for a task's Lambda function: takes the task input, returns its result. */
export type LocalTaskHandler = (input: Json) => Promise<Json> | Json;

/** `arn:aws:states:us-east-1:000000000000:stateMachine:<name>` */
export function stateMachineArn(name: string): string {
  return `arn:aws:states:${REGION}:${LOCAL_ACCOUNT_ID}:stateMachine:${name}`;
}

/** The ARN a `${name}` definition substitution becomes locally. */
export function localFunctionArn(name: string): string {
  return `arn:aws:lambda:${REGION}:${LOCAL_ACCOUNT_ID}:function:${name}`;
}

/** Replaces every `${Name}` substitution placeholder by `localFunctionArn(Name)`. */
function substitute(definition: unknown): unknown {
  return JSON.parse(
    JSON.stringify(definition).replace(/\$\{([A-Za-z0-9_]+)\}/g, (_, name: string) => localFunctionArn(name)),
  );
}

/** The keys a task's target may be registered under: itself, and a Lambda function's name. */
function handlerKeys(target: string): string[] {
  const functionName = /^arn:aws:lambda:[^:]*:[^:]*:function:([^:]+)/.exec(target)?.[1];
  return functionName ? [target, functionName] : [target];
}

function executionArn(machineName: string, executionName: string): string {
  return `arn:aws:states:${REGION}:${LOCAL_ACCOUNT_ID}:execution:${machineName}:${executionName}`;
}

type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: ExecutionStatus;
  input: string;
  startDate: number;
  stopDate?: number;
  output?: string;
  error?: string;
  cause?: string;
  abort(): void;
}

interface RegisteredMachine {
  name: string;
  definition: AslDefinition;
  /** The local function of each Task state, by state name. */
  tasks: Record<string, TaskFunction>;
}

/** An error answered as AWS JSON: HTTP 400 with `__type`. */
class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

/** The registry of state machines and their executions, and the AWS JSON operations on them. */
export class LocalStepFunctions {
  private readonly machines = new Map<string, RegisteredMachine>();
  private readonly executions = new Map<string, Execution>();

  /** `timers` replaces the executor's clock (Retry waits, timeouts) in tests. */
  constructor(private readonly timers: Partial<ExecutorTimers> = {}) {}

  /**
   * Registers (or replaces) a state machine. `taskHandlers` maps each Task's target
   * to its local function: the `Resource` (or lambda:invoke `FunctionName`) as
   * written, or, for a Lambda function ARN or a `${Name}` substitution, the
   * function's name (`Name`).
   * @returns the state machine ARN.
   * @throws UnsupportedAslError when the definition uses what the local executor does
   *   not run (`checkDefinition`); Error when a Task has no local function.
   */
  register(name: string, definition: unknown, taskHandlers: Record<string, LocalTaskHandler>): string {
    const resolved = checkDefinition(substitute(definition));
    const handlers: Record<string, TaskFunction> = {};
    const unresolved: string[] = [];
    for (const [stateName, state] of taskStates(resolved)) {
      const invokesLambda = state.Resource.startsWith(LAMBDA_INVOKE);
      const functionName = (state.Parameters as { FunctionName?: unknown } | undefined)?.FunctionName;
      const target = invokesLambda && typeof functionName === 'string' ? functionName : state.Resource;
      const handler = handlerKeys(target)
        .map((key) => taskHandlers[key])
        .find(Boolean);
      if (!handler) {
        unresolved.push(`${stateName} (${target})`);
        continue;
      }
      handlers[stateName] = invokesLambda
        ? async (input) => ({
            ExecutedVersion: '$LATEST',
            Payload: await handler((input as { Payload?: Json } | null)?.Payload ?? null),
            StatusCode: 200,
          })
        : async (input) => handler(input);
    }
    if (unresolved.length > 0) {
      throw new Error(`State machine ${name}: no local function for Task ${unresolved.join(', ')}`);
    }
    this.machines.set(stateMachineArn(name), { name, definition: resolved, tasks: handlers });
    return stateMachineArn(name);
  }

  /** Runs one AWS JSON operation (`StartExecution`, …) and returns its output. */
  async invoke(operation: string, input: Record<string, unknown>): Promise<unknown> {
    switch (operation) {
      case 'StartExecution':
        return this.start(input);
      case 'DescribeExecution': {
        const { abort: _abort, ...execution } = this.execution(input.executionArn);
        return { ...execution, inputDetails: { included: true }, outputDetails: { included: true } };
      }
      case 'StopExecution':
        return this.stop(input);
      case 'ListExecutions':
        return this.list(input);
      default:
        throw new SfnError('UnknownOperationException', `Operation ${operation} is not supported locally`);
    }
  }

  /** Aborts every running execution. */
  abortAll(): void {
    for (const execution of this.executions.values()) {
      if (execution.status === 'RUNNING') execution.abort();
    }
  }

  private start(input: Record<string, unknown>) {
    const registered = this.machines.get(String(input.stateMachineArn));
    if (!registered)
      throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${input.stateMachineArn}'`);
    const name = input.name === undefined ? randomUUID() : String(input.name);
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
    const rawInput = input.input === undefined ? '{}' : String(input.input);
    let parsed: Json;
    try {
      parsed = JSON.parse(rawInput) as Json;
    } catch (error) {
      throw new SfnError(
        'InvalidExecutionInput',
        `Invalid State Machine Execution Input: '${(error as Error).message}'`,
      );
    }
    const arn = executionArn(registered.name, name);
    const existing = this.executions.get(arn);
    if (existing) {
      if (existing.status === 'RUNNING' && existing.input === rawInput) {
        return { executionArn: arn, startDate: existing.startDate };
      }
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`);
    }

    const startDate = Date.now() / 1000;
    const controller = new AbortController();
    const result = runExecution(registered.definition, parsed, {
      tasks: registered.tasks,
      signal: controller.signal,
      timers: this.timers,
      context: {
        Execution: { Id: arn, Input: parsed, Name: name, StartTime: new Date(startDate * 1000).toISOString() },
        StateMachine: { Id: stateMachineArn(registered.name), Name: registered.name },
      },
    });
    const execution: Execution = {
      executionArn: arn,
      stateMachineArn: stateMachineArn(registered.name),
      name,
      status: 'RUNNING',
      input: rawInput,
      startDate,
      abort: () => controller.abort(),
    };
    this.executions.set(arn, execution);
    result.then(
      (output) => {
        Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: Date.now() / 1000 });
      },
      (error: unknown) => {
        if (execution.status !== 'RUNNING') return; // stopped by StopExecution
        execution.stopDate = Date.now() / 1000;
        if (error instanceof ExecutionTimedOutError) {
          execution.status = 'TIMED_OUT';
          execution.error = 'States.Timeout';
        } else if (error instanceof ExecutionAbortedError) {
          execution.status = 'ABORTED';
        } else {
          execution.status = 'FAILED';
          execution.error = error instanceof ExecutionFailedError ? error.error : 'States.Runtime';
          execution.cause = error instanceof ExecutionFailedError ? error.causeText : String(error);
        }
      },
    );
    return { executionArn: arn, startDate };
  }

  private stop(input: Record<string, unknown>) {
    const execution = this.execution(input.executionArn);
    if (execution.status === 'RUNNING') {
      Object.assign(execution, {
        status: 'ABORTED',
        stopDate: Date.now() / 1000,
        error: input.error === undefined ? undefined : String(input.error),
        cause: input.cause === undefined ? undefined : String(input.cause),
      });
      execution.abort();
    }
    return { stopDate: execution.stopDate };
  }

  private list(input: Record<string, unknown>) {
    const arn = String(input.stateMachineArn);
    if (!this.machines.has(arn))
      throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${arn}'`);
    const all = [...this.executions.values()]
      .filter((e) => e.stateMachineArn === arn && (!input.statusFilter || e.status === input.statusFilter))
      .toReversed();
    const offset = input.nextToken === undefined ? 0 : Number(input.nextToken);
    const size = Math.min(Number(input.maxResults) || 100, 1000);
    const page = all.slice(offset, offset + size);
    return {
      executions: page.map(({ executionArn, stateMachineArn, name, status, startDate, stopDate }) => ({
        executionArn,
        stateMachineArn,
        name,
        status,
        startDate,
        stopDate,
      })),
      nextToken: offset + size < all.length ? String(offset + size) : undefined,
    };
  }

  private execution(arn: unknown): Execution {
    const execution = this.executions.get(String(arn));
    if (!execution) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`);
    return execution;
  }
}

/**
 * Reads every `<name>.asl.json` of `directory` (none when it does not exist).
 * @returns name and parsed definition of each, sorted by name.
 */
export async function readStateMachineFiles(directory: string): Promise<{ name: string; definition: unknown }[]> {
  let files: string[];
  try {
    files = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const machines = [];
  for (const file of files.filter((f) => f.endsWith('.asl.json')).sort()) {
    const text = await readFile(path.join(directory, file), 'utf8');
    machines.push({ name: file.slice(0, -'.asl.json'.length), definition: JSON.parse(text) as unknown });
  }
  return machines;
}

export interface StepFunctionsEndpoint {
  /** `http://127.0.0.1:<port>`: the value of `AWS_ENDPOINT_URL_SFN`. */
  url: string;
  stateMachines: LocalStepFunctions;
  /** Aborts running executions and closes the endpoint. */
  close(): Promise<void>;
}

/** Starts the AWS JSON endpoint on a free loopback port (the preferred one when free). */
export async function startStepFunctionsEndpoint(
  options: {
    preferredPort?: number;
    timers?: Partial<ExecutorTimers>;
    /** Wraps the endpoint's request listener (the fault switch, `faults.ts`). */
    wrap?: (listener: RequestListener) => RequestListener;
  } = {},
): Promise<StepFunctionsEndpoint> {
  const stateMachines = new LocalStepFunctions(options.timers);
  const listener: RequestListener = (req, res) => {
    handle(stateMachines, req, res).catch((error: unknown) => {
      if (error instanceof SfnError) {
        sendJson(res, 400, { __type: error.type, message: error.message });
      } else {
        sendJson(res, 500, { __type: 'InternalFailure', message: String(error) });
      }
    });
  };
  const server: Server = createServer(options.wrap ? options.wrap(listener) : listener);
  const port = await listenPreferring(server, options.preferredPort, LOOPBACK);
  return {
    url: loopbackUrl(port),
    stateMachines,
    async close() {
      stateMachines.abortAll();
      await closeServer(server);
    },
  };
}

async function handle(stateMachines: LocalStepFunctions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = String(req.headers['x-amz-target'] ?? '');
  if (req.method !== 'POST' || !target.startsWith('AWSStepFunctions.')) {
    throw new SfnError('UnknownOperationException', 'Expected a POST with X-Amz-Target: AWSStepFunctions.<operation>');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    throw new SfnError('SerializationException', 'The request body is not valid JSON');
  }
  sendJson(res, 200, await stateMachines.invoke(target.slice('AWSStepFunctions.'.length), input));
}

function sendJson(res: ServerResponse, statusCode: number, body: unknown): void {
  const payload = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(payload),
    'x-amzn-requestid': randomUUID(),
  };
  if (statusCode >= 400) headers['x-amzn-errortype'] = (body as { __type: string }).__type;
  res.writeHead(statusCode, headers);
  res.end(payload);
}
