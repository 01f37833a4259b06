import type { Context } from 'aws-lambda';
import { type RunningEmulators, startEmulators } from '../../../infra/local/emulators.ts';

/**
 * Starts the local stack's emulators in memory (dynalite behind its transaction
 * proxy, s3rver, …) exactly as the portal does, points the SDK at them, and turns
 * response validation on, as the local stack does.
 */
export async function startTestStack(): Promise<RunningEmulators> {
  process.env.VALIDATE_RESPONSES = 'true';
  return startEmulators({ dataDir: null });
}

/** A Lambda context for invoking handlers in tests. */
export function lambdaContext(requestId = 'test-request'): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'portal-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:portal-test',
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: '/aws/lambda/portal-test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
