/**
 * Errors of the bundle workflow's tasks (decision record 022). A task's error
 * reaches the state machine by its `name` (Lambda's `errorType`; the local executor
 * reads `error.name` too), which the ASL's Retry and Catch match: `TransientError`
 * is retried with backoff and jitter, anything else goes straight to MarkFailed.
 */

/** Names of the permanent errors a task throws on purpose. */
export const BUNDLE_ERROR_NAMES = [
  /** No file to put in the zip (spec: a clear refusal, never an empty zip). */
  'BundleEmpty',
  /** An object named by the manifest is missing or cannot be read. */
  'BundleFileMissing',
  /** A file changed while the bundle was being made (its size differs from the manifest's). */
  'BundleFileChanged',
  /** The content item of the bundle no longer exists. */
  'BundleContentGone',
  /** The bundle record is gone (expired after a day) or no longer Pending. */
  'BundleGone',
  /** The manifest handed from resolve to zip is missing or does not match its fingerprint. */
  'BundleManifestInvalid',
] as const;
export type BundleErrorName = (typeof BUNDLE_ERROR_NAMES)[number];

/** Errors whose message is written for people and stored as the Failed bundle's reason. */
export const PEOPLE_FACING_ERRORS: ReadonlySet<string> = new Set<BundleErrorName>([
  'BundleEmpty',
  'BundleFileMissing',
  'BundleFileChanged',
  'BundleContentGone',
]);

/** The reason stored on a Failed bundle when the real cause is nothing people can act on. */
export const GENERIC_BUNDLE_FAILURE = 'The bundle could not be made. Please try again.';

/** The name under which the ASL retries a task: throttling, 5xx, network faults. */
export const TRANSIENT_ERROR_NAME = 'TransientError';

/** A permanent failure of a bundle task; `name` is one of {@link BUNDLE_ERROR_NAMES}. */
export class BundleError extends Error {
  override readonly name: BundleErrorName;
  constructor(name: BundleErrorName, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = name;
  }
}

/** A retryable failure (`name` {@link TRANSIENT_ERROR_NAME}); `cause` keeps the original error. */
export class TransientError extends Error {
  override readonly name = TRANSIENT_ERROR_NAME;
}

const TRANSIENT_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'InternalError',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TransactionInProgressException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  TRANSIENT_ERROR_NAME,
]);
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

interface SdkErrorShape {
  name?: unknown;
  code?: unknown;
  $fault?: unknown;
  $retryable?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/**
 * True for a fault worth retrying: the SDK marks it retryable (`$retryable`) or a
 * server fault (`$fault: 'server'`, HTTP 5xx), it is throttling or a timeout by
 * name, or a network error by `code` (connection reset, refused, timed out, …).
 */
export function isTransient(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error instanceof BundleError) return false;
  const shape = error as SdkErrorShape;
  if (shape.$retryable) return true;
  if (shape.$fault === 'server') return true;
  const status = shape.$metadata?.httpStatusCode;
  if (typeof status === 'number' && (status >= 500 || status === 429)) return true;
  if (typeof shape.name === 'string' && TRANSIENT_NAMES.has(shape.name)) return true;
  if (typeof shape.code === 'string' && TRANSIENT_CODES.has(shape.code)) return true;
  return false;
}

/** True when S3 says the object is not there (NoSuchKey, NotFound, HTTP 404). */
export function isMissingObject(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const shape = error as SdkErrorShape;
  return shape.name === 'NoSuchKey' || shape.name === 'NotFound' || shape.$metadata?.httpStatusCode === 404;
}

/**
 * The error a task throws to the state machine: a {@link BundleError} as it is, a
 * transient fault as a {@link TransientError} (message kept, original as `cause`),
 * anything else unchanged (the state machine catches it and MarkFailed stores the
 * generic reason).
 */
export function toTaskError(error: unknown): Error {
  if (error instanceof BundleError || error instanceof TransientError) return error;
  if (isTransient(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new TransientError(message || 'A transient fault occurred.', { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The `{ Error, Cause }` a Catch puts at `$.error`. */
export interface CaughtError {
  readonly Error?: string;
  readonly Cause?: string;
}

/**
 * The error name and message of a caught task error. In AWS, `Cause` of a Lambda
 * task is a JSON string `{ errorMessage, errorType, … }`; the local executor puts
 * the plain message there. Both are understood.
 */
export function describeCaughtError(caught: CaughtError | undefined): { name: string; message: string } {
  const name = caught?.Error ?? 'Error';
  const cause = caught?.Cause ?? '';
  if (cause.startsWith('{')) {
    try {
      const parsed = JSON.parse(cause) as { errorMessage?: unknown; errorType?: unknown };
      if (typeof parsed.errorMessage === 'string') {
        return { name: typeof parsed.errorType === 'string' ? parsed.errorType : name, message: parsed.errorMessage };
      }
    } catch {
      // Not JSON after all: a plain message that starts with a brace.
    }
  }
  return { name, message: cause };
}

/**
 * The reason a Failed bundle shows people: the message of a people-facing error
 * ({@link PEOPLE_FACING_ERRORS}), otherwise {@link GENERIC_BUNDLE_FAILURE}.
 */
export function reasonForPeople(caught: CaughtError | undefined): string {
  const { name, message } = describeCaughtError(caught);
  return PEOPLE_FACING_ERRORS.has(name) && message ? message : GENERIC_BUNDLE_FAILURE;
}
