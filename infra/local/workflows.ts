import path from 'node:path';
import { type LocalStepFunctions, type LocalTaskHandler, readStateMachineFiles } from './stepfunctions.ts';

/** The ASL files the CDK stack deploys (`<name>.asl.json`); the local stack registers the same files. */
export const WORKFLOWS_DIR = path.resolve(import.meta.dirname, '../workflows');

/**
 * A local task function that runs a Lambda entry module's `handler`, imported on
 * the first run (the stack starts without loading the data layer). The handler's
 * errors reach the executor as thrown, so Retry and Catch match their `name`
 * (`TransientError`, `BundleEmpty`, …) as they match Lambda's `errorType` in AWS,
 * and `$.error` becomes `{ Error: name, Cause: message }`.
 */
function lambdaEntry(load: () => Promise<{ handler: (event: never) => Promise<unknown> }>): LocalTaskHandler {
  return async (input) => {
    const { handler } = await load();
    // A Lambda's result goes through JSON on its way to the state machine.
    return JSON.parse(JSON.stringify((await handler(input as never)) ?? null));
  };
}

/**
 * The local functions behind the workflows' Task states, keyed by the definition
 * substitution (or resource) each Task names, e.g. `BundleZipFunctionArn`. A workflow
 * whose Task has no entry here fails the start with a message naming the Task. Each
 * workflow issue adds its functions when it adds its ASL file.
 */
export const LOCAL_TASK_HANDLERS: Record<string, LocalTaskHandler> = {
  // The bundle workflow (infra/workflows/bundle.asl.json; decision record 022).
  BundleResolveFunctionArn: lambdaEntry(() => import('../../functions/src/bundles/resolve-task.ts')),
  BundleZipFunctionArn: lambdaEntry(() => import('../../functions/src/bundles/zip-task.ts')),
  BundleFinishFunctionArn: lambdaEntry(() => import('../../functions/src/bundles/finish-task.ts')),
};

/**
 * Registers every workflow of `directory` with the local Step Functions endpoint.
 * @returns state machine ARNs by workflow name.
 * @throws when a definition is invalid or a Task has no local function.
 */
export async function registerWorkflows(
  stepFunctions: LocalStepFunctions,
  options: { directory?: string; taskHandlers?: Record<string, LocalTaskHandler> } = {},
): Promise<Record<string, string>> {
  const arns: Record<string, string> = {};
  for (const { name, definition } of await readStateMachineFiles(options.directory ?? WORKFLOWS_DIR)) {
    arns[name] = stepFunctions.register(name, definition, options.taskHandlers ?? LOCAL_TASK_HANDLERS);
  }
  return arns;
}
