import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfnClient } from './aws-clients.ts';

/**
 * Starting the bundle workflow (ARCHITECTURE.md "Files, bundles, downloads"; decision
 * record 022). The state machine's ARN comes from {@link BUNDLE_STATE_MACHINE_ENV},
 * set by the CDK API stack in AWS and by the local stack (`npm start`, tests) from the
 * ARN its embedded executor registered for `infra/workflows/bundle.asl.json`.
 */

/** Environment variable holding the bundle state machine's ARN. */
export const BUNDLE_STATE_MACHINE_ENV = 'BUNDLE_STATE_MACHINE_ARN';

/** The input of one bundle workflow run: the bundle's file id. */
export interface BundleWorkflowInput {
  readonly bundleId: string;
}

/**
 * Starts one run of the bundle workflow for a bundle file. The execution is named
 * after the bundle id, so a retried start of the same bundle never makes a second run.
 * @returns the execution ARN.
 * @throws Error when {@link BUNDLE_STATE_MACHINE_ENV} is unset; the SDK's errors otherwise.
 */
export async function startBundleWorkflow(input: BundleWorkflowInput): Promise<string> {
  const stateMachineArn = process.env[BUNDLE_STATE_MACHINE_ENV];
  if (!stateMachineArn) throw new Error(`Missing environment variable: ${BUNDLE_STATE_MACHINE_ENV}.`);
  try {
    const output = await sfnClient.send(
      new StartExecutionCommand({ stateMachineArn, name: input.bundleId, input: JSON.stringify(input) }),
    );
    if (!output.executionArn) throw new Error('StartExecution answered without an executionArn.');
    return output.executionArn;
  } catch (error) {
    // Same name, different input cannot happen (the name is the input); same name and
    // input is answered with the existing run by AWS. Treat a finished one as started.
    if (error instanceof ExecutionAlreadyExists) {
      return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${input.bundleId}`;
    }
    throw error;
  }
}
