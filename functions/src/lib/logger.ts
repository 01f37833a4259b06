import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logLevel } from './env.ts';

/** The `service` of every log line: the portal (issue 23 item 6, decision record 046). */
export const PORTAL_SERVICE_NAME = 'courseware-portal';

/**
 * The one logger of the portal's Lambdas (AWS Lambda Powertools for TypeScript,
 * issue 23 item 6; decision record 046). Every line is one JSON object with `level`
 * (`INFO`, `WARN`, `ERROR`…), `message`, `timestamp`, `service` (`courseware-portal`)
 * and, inside a handler wrapped by {@link withLogging} (every client group's entry,
 * the indexer, the housekeeping functions, the bundle tasks), the Lambda context
 * (`function_name`, `function_request_id`, `cold_start`, …), `component` (the client
 * group or function) and, for the HTTP API, `requestId` (API Gateway's request id,
 * the one a 500 is reported under). The bundle workflow adds `correlation_id` (the
 * bundle id). Extra fields go in the second argument: `logger.warn('message', { key })`;
 * an `Error` under `error` is written with its name, message, location and stack.
 * Its level is `LOG_LEVEL` (`functions/src/lib/env.ts`).
 */
export const logger = new Logger({ serviceName: PORTAL_SERVICE_NAME, logLevel: logLevel() });

/** What a handler's lines carry besides the Lambda context and `component`, read from each invocation. */
export interface LoggingOptions<Event> {
  /** Keys for one invocation, e.g. `requestId` (API Gateway's request id) for the HTTP API; undefined values are left out. */
  readonly keysOf?: (event: Event, context: Context) => Record<string, string | undefined>;
  /**
   * The invocation's correlation id, written as `correlation_id` (Powertools
   * `setCorrelationId`): the bundle id in the bundle workflow's tasks.
   */
  readonly correlationIdOf?: (event: Event) => string | undefined;
}

/**
 * The middy middlewares that make every line of one invocation carry the Lambda
 * context (Powertools `injectLambdaContext`), `component` and the keys of `options`;
 * all of them are dropped again when the invocation ends (`resetKeys`), so nothing
 * leaks into the next one.
 */
export function loggingMiddlewares<Event, Result>(
  component: string,
  options: LoggingOptions<Event> = {},
): MiddlewareObj<Event, Result>[] {
  const appendKeys: MiddlewareObj<Event, Result> = {
    before: ({ event, context }) => {
      const keys: Record<string, string> = { component };
      for (const [key, value] of Object.entries(options.keysOf?.(event, context) ?? {})) {
        if (value !== undefined) keys[key] = value;
      }
      logger.appendKeys(keys);
      const correlationId = options.correlationIdOf?.(event);
      if (correlationId) logger.setCorrelationId(correlationId);
    },
  };
  return [injectLambdaContext(logger, { resetKeys: true }) as MiddlewareObj<Event, Result>, appendKeys];
}

/**
 * Wraps a Lambda handler so that its log lines carry the Lambda context and
 * `component` (a name such as `indexer` or `bundles/zip-task`), plus what `options`
 * reads from the invocation (see {@link loggingMiddlewares}). The handler's result
 * and errors (the same object, name and all: the bundle workflow's Catch reads the
 * name) pass through unchanged. The context may be left out (the local stack's
 * callers): the lines then carry no Lambda context.
 */
export function withLogging<Event, Result>(
  component: string,
  handler: (event: Event, context: Context) => Promise<Result>,
  options: LoggingOptions<Event> = {},
): (event: Event, context?: Context) => Promise<Result> {
  const wrapped = middy<Event, Result>().use(loggingMiddlewares<Event, Result>(component, options)).handler(handler);
  // Lambda always passes a context; a local caller (the local stack, a test) may not, and middy then uses `{}`.
  return (event, context) => wrapped(event, context as Context);
}

/** The `error` field of a log line for a thrown value that may not be an `Error`. */
export function errorField(error: unknown): Error | string {
  return error instanceof Error ? error : String(error);
}
