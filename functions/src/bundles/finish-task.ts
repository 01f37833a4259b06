import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../adapters/aws-clients.ts';
import { deleteObject } from '../adapters/file-objects.ts';
import { getFile } from '../data/files.ts';
import { bundleManifestObjectKey } from '../data/keys.ts';
import { env } from '../lib/env.ts';
import { logger, withLogging } from '../lib/logger.ts';
import { bundleIdOf } from './correlation.ts';
import { type CaughtError, describeCaughtError, GENERIC_BUNDLE_FAILURE, reasonForPeople } from './errors.ts';
import { getReusableZip, isReusable, markBundleFailed, markBundleReady, putReusableZip } from './records.ts';
import type { ResolveTaskOutput } from './resolve-task.ts';
import type { ZipTaskOutput } from './zip-task.ts';

/** The workflow state MarkReady / MarkFailed receive as `run` (the whole state, `$`). */
export interface BundleRun {
  readonly bundleId: string;
  readonly resolved?: ResolveTaskOutput;
  readonly zipped?: ZipTaskOutput;
  /** What a Catch put at `$.error`. */
  readonly error?: CaughtError;
}

/** Input of the MarkReady and MarkFailed states. */
export interface FinishTaskInput {
  readonly outcome: 'Ready' | 'Failed';
  readonly run: BundleRun;
}

/** Output of the finish task (`$.finished`): the status the bundle record got. */
export interface FinishTaskOutput {
  /** `Gone` when the record had expired: nothing to mark. */
  readonly status: 'Ready' | 'Failed' | 'Gone';
  readonly reason?: string;
}

/**
 * The bundle workflow's MarkReady and MarkFailed task (decision record 022).
 *
 * - Ready after ZipFiles: records the `BUNDLE#<fingerprint>` reuse item, then marks
 *   the record Ready with the zip's objectKey, size and SHA-256. Ready after a
 *   reuse: marks it Ready from the reuse item (Failed with the generic reason if
 *   that item vanished meanwhile).
 * - Failed: logs the real error (level ERROR) and marks the record
 *   Failed with a reason for people (the message of BundleEmpty, BundleFileMissing,
 *   … or {@link GENERIC_BUNDLE_FAILURE}).
 *
 * Either way it first aborts the multipart uploads the bundle's zip attempts
 * recorded and left open (an attempt killed by its timeout cannot abort its own;
 * {@link abortRecordedUploads}), and last deletes the manifest. Every step is idempotent: the states retry it.
 * Every log line carries the bundle id as `correlation_id` (issue 23 item 6).
 */
export const handler = withLogging('bundles/finish-task', finish, {
  correlationIdOf: (event: FinishTaskInput) => bundleIdOf(event.run),
});

async function finish(event: FinishTaskInput): Promise<FinishTaskOutput> {
  const { run } = event;
  const bucket = env().privateBucket;
  const manifestKey = run.resolved?.manifestKey ?? bundleManifestObjectKey(run.bundleId);
  // Uploads a killed zip attempt left open (a retried attempt starts its own): the
  // completed one, if any, is no longer open and answers NoSuchUpload.
  if (run.resolved?.objectKey) await abortRecordedUploads(bucket, run.resolved.objectKey, run.bundleId);
  let result: FinishTaskOutput;
  if (event.outcome === 'Ready') {
    result = await finishReady(run);
  } else {
    const { name, message } = describeCaughtError(run.error);
    logger.error('bundle failed', { bundleId: run.bundleId, error: name, cause: message });
    const reason = reasonForPeople(run.error);
    result = (await markBundleFailed(run.bundleId, reason)) ? { status: 'Failed', reason } : { status: 'Gone' };
  }
  await deleteObject(bucket, manifestKey);
  logger.info('bundle finished', { status: result.status });
  return result;
}

async function finishReady(run: BundleRun): Promise<FinishTaskOutput> {
  const resolved = run.resolved;
  if (!resolved) throw new Error('MarkReady ran without a resolved bundle.');
  let zip = run.zipped
    ? await putReusableZip(resolved.fingerprint, {
        objectKey: resolved.objectKey,
        size: run.zipped.size,
        sha256: run.zipped.sha256,
      })
    : await getReusableZip(resolved.fingerprint);
  if (zip && !run.zipped && !isReusable(zip)) zip = null;
  if (!zip) {
    logger.error('reused bundle zip vanished', { bundleId: run.bundleId });
    const failed = await markBundleFailed(run.bundleId, GENERIC_BUNDLE_FAILURE);
    return failed ? { status: 'Failed', reason: GENERIC_BUNDLE_FAILURE } : { status: 'Gone' };
  }
  const marked = await markBundleReady(run.bundleId, {
    objectKey: zip.objectKey,
    size: zip.size,
    sha256: zip.sha256,
  });
  return { status: marked ? 'Ready' : 'Gone' };
}

/**
 * Aborts the multipart uploads the zip attempts of this bundle recorded
 * (`bundle.uploadIds`), and only those: another bundle zipping the same file set at
 * the same moment keeps its own. An upload already completed or aborted answers
 * NoSuchUpload, which is what was wanted. A record that expired meanwhile leaves
 * its uploads to the bucket's lifecycle rule (aborted after a day).
 * @returns how many uploads were aborted.
 */
export async function abortRecordedUploads(bucket: string, objectKey: string, bundleId: string): Promise<number> {
  const uploadIds = (await getFile(bundleId))?.bundle?.uploadIds ?? [];
  let aborted = 0;
  for (const uploadId of uploadIds) {
    try {
      await s3Client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: objectKey, UploadId: uploadId }));
      aborted += 1;
    } catch (error) {
      if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
    }
  }
  return aborted;
}
