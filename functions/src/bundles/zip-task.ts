import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../adapters/aws-clients.ts';
import { env } from '../lib/env.ts';
import { logger, withLogging } from '../lib/logger.ts';
import { bundleIdOf } from './correlation.ts';
import { BundleError, isMissingObject, toTaskError } from './errors.ts';
import { type BundleManifest, parseManifest } from './manifest.ts';
import { getBundleRecord, recordBundleUpload, throttledProgress } from './records.ts';
import { writeZip } from './zip-writer.ts';

/** Input of the ZipFiles state. */
export interface ZipTaskInput {
  readonly bundleId: string;
  readonly fingerprint: string;
  readonly manifestKey: string;
  readonly objectKey: string;
}

/** Output of the ZipFiles state (`$.zipped`): the zip's size (bytes), hex SHA-256 and entry count. */
export interface ZipTaskOutput {
  readonly size: number;
  readonly sha256: string;
  readonly entries: number;
}

/**
 * The bundle workflow's ZipFiles task (decision record 022): reads the manifest,
 * streams every entry from the private bucket into a zip written by multipart
 * upload to `objectKey` (`zip-writer.ts`), reporting progress on the bundle record
 * about once a second. A failed attempt aborts its multipart upload.
 * @throws BundleError `BundleGone`, `BundleManifestInvalid`, `BundleFileMissing`,
 *   `BundleFileChanged`; TransientError for retryable faults (the state retries).
 * Logs one line with the zip's size; every line carries the bundle id as
 * `correlation_id` (issue 23 item 6).
 */
export const handler = withLogging('bundles/zip-task', zipFiles, { correlationIdOf: bundleIdOf });

async function zipFiles(event: ZipTaskInput): Promise<ZipTaskOutput> {
  try {
    await getBundleRecord(event.bundleId);
    const manifest = await readManifest(event.manifestKey);
    if (manifest.fingerprint !== event.fingerprint || manifest.bundleId !== event.bundleId) {
      throw new BundleError('BundleManifestInvalid', 'The manifest belongs to another bundle.');
    }
    const progress = throttledProgress(event.bundleId);
    const zip = await writeZip({
      entries: manifest.entries,
      bucket: env().privateBucket,
      key: event.objectKey,
      documents: manifest.documents,
      onProgress: (done) => progress.report(done),
      // Recorded before the first part: if this attempt is killed (timeout), the
      // finish step aborts what it left open.
      onUploadStarted: (uploadId) => recordBundleUpload(event.bundleId, uploadId),
    });
    await progress.flush();
    logger.info('bundle zipped', { bytes: zip.size, entries: zip.entries });
    return { size: zip.size, sha256: zip.sha256, entries: zip.entries };
  } catch (error) {
    throw toTaskError(error);
  }
}

async function readManifest(manifestKey: string): Promise<BundleManifest> {
  let text: string;
  try {
    const output = await s3Client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: manifestKey }));
    text = await (output.Body as Readable & { transformToString(): Promise<string> }).transformToString();
  } catch (error) {
    if (isMissingObject(error)) {
      throw new BundleError('BundleManifestInvalid', 'The manifest of the bundle is missing.', { cause: error });
    }
    throw error;
  }
  try {
    return parseManifest(text);
  } catch (error) {
    throw new BundleError('BundleManifestInvalid', (error as Error).message, { cause: error });
  }
}
