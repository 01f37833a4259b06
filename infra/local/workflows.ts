import path from 'node:path';
import { type LocalStepFunctions, type LocalTaskHandler, readStateMachineFiles } from './stepfunctions.ts';

/** The ASL files the CDK stack deploys (`<name>.asl.json`); the local stack registers the same files. */
export const WORKFLOWS_DIR = path.resolve(import.meta.dirname, '../workflows');

/**
 * The local functions behind the workflows' Task states, keyed by the definition
 * substitution (or resource) each Task names, e.g. `BundleZipFunctionArn`. A workflow
 * whose Task has no entry here fails the start with a message naming the Task. Each
 * workflow issue adds its functions when it adds its ASL file.
 */
export const LOCAL_TASK_HANDLERS: Record<string, LocalTaskHandler> = {};

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
