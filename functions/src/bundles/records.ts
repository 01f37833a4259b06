import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BundleProgress } from '#shared/contracts/download';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { tableName } from '../data/dynamo.ts';
import { getFile } from '../data/files.ts';
import type { FileItem } from '../data/items.ts';
import { bundleFingerprintKey, ENTITY_TYPES, fileKey } from '../data/keys.ts';
import { errorField, logger } from '../lib/logger.ts';
import { BundleError } from './errors.ts';

/**
 * The bundle workflow's writes (decision record 022): the bundle file record's
 * fingerprint, progress and outcome, and the `BUNDLE#<fingerprint>` item that
 * records a finished zip for reuse. Every update of a bundle record is conditional
 * on it still existing (its TTL removes it a day after the request), and progress
 * on it still being Pending.
 */

/** Days a finished zip is reused (its object expires after `BUNDLE_OBJECT_DAYS`, 7, by lifecycle). */
export const BUNDLE_REUSE_DAYS = 6;
const DAY_MS = 86_400_000;

/** A bundle file record: a file record with its `bundle` part. */
export type BundleRecord = FileItem & { readonly bundle: NonNullable<FileItem['bundle']> };

/**
 * The bundle record of `bundleId` (consistent read).
 * @throws BundleError `BundleGone` when it no longer exists (expired) or is not a bundle.
 */
export async function getBundleRecord(bundleId: string): Promise<BundleRecord> {
  const file = await getFile(bundleId);
  if (!file?.bundle) throw new BundleError('BundleGone', 'The bundle no longer exists.');
  return file as BundleRecord;
}

/** Runs an update of a bundle record; false when its condition failed. */
async function updateBundle(
  bundleId: string,
  update: string,
  condition: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: fileKey(bundleId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#bundle': 'bundle', ...names },
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Records the fingerprint of a Pending bundle and the content items whose files it
 * holds (`contentIds`: a download of it counts for each, issue 25 item 5).
 * @throws BundleError `BundleGone` when the record is gone or no longer Pending.
 */
export async function setBundleFingerprint(
  bundleId: string,
  fingerprint: string,
  contentIds: readonly string[] = [],
): Promise<void> {
  const updated = await updateBundle(
    bundleId,
    'SET #bundle.#fingerprint = :fingerprint, #bundle.#contentIds = :contentIds',
    'attribute_exists(#pk) AND attribute_exists(#bundle) AND #status = :pending',
    { '#fingerprint': 'fingerprint', '#contentIds': 'contentIds', '#status': 'status' },
    { ':fingerprint': fingerprint, ':contentIds': [...contentIds], ':pending': 'Pending' },
  );
  if (!updated) throw new BundleError('BundleGone', 'The bundle no longer exists or is no longer pending.');
}

/**
 * Records a multipart upload a zip attempt of a Pending bundle has just started
 * (appended to `bundle.uploadIds`), so that the finish step can abort it if the
 * attempt is killed before it can abort it itself.
 * @throws BundleError `BundleGone` when the record is gone or no longer Pending.
 */
export async function recordBundleUpload(bundleId: string, uploadId: string): Promise<void> {
  const updated = await updateBundle(
    bundleId,
    'SET #bundle.#uploadIds = list_append(if_not_exists(#bundle.#uploadIds, :none), :one)',
    'attribute_exists(#pk) AND attribute_exists(#bundle) AND #status = :pending',
    { '#uploadIds': 'uploadIds', '#status': 'status' },
    { ':none': [], ':one': [uploadId], ':pending': 'Pending' },
  );
  if (!updated) throw new BundleError('BundleGone', 'The bundle no longer exists or is no longer pending.');
}

/**
 * Stores a Pending bundle's progress (conditional on it being Pending). Returns
 * false when the record is gone or finished; never throws for that.
 */
export function setBundleProgress(bundleId: string, progress: BundleProgress): Promise<boolean> {
  return updateBundle(
    bundleId,
    'SET #bundle.#progress = :progress',
    'attribute_exists(#pk) AND attribute_exists(#bundle) AND #status = :pending',
    { '#progress': 'progress', '#status': 'status' },
    { ':progress': progress, ':pending': 'Pending' },
  );
}

/**
 * A progress reporter that writes at most once per `intervalMs` (default 1 s): the
 * first call writes, later ones within the interval only remember the latest value.
 * `flush()` waits for a write in progress. Write errors are logged, never thrown:
 * progress is a nicety.
 */
export function throttledProgress(
  bundleId: string,
  intervalMs = 1000,
): { report(progress: BundleProgress): void; flush(): Promise<void> } {
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  let inFlight = false;
  return {
    report(progress) {
      const now = Date.now();
      if (inFlight || now - lastWrite < intervalMs) return;
      lastWrite = now;
      inFlight = true;
      writing = setBundleProgress(bundleId, progress)
        .then(() => undefined)
        .catch((error: unknown) => {
          logger.warn('bundle progress not stored', { bundleId, error: errorField(error) });
        })
        .finally(() => {
          inFlight = false;
        });
    },
    flush: () => writing,
  };
}

/** A finished zip of one file set. */
export interface ZipObject {
  readonly objectKey: string;
  /** Bytes. */
  readonly size: number;
  /** Hex SHA-256 of the zip. */
  readonly sha256: string;
}

/**
 * Marks a bundle Ready with its zip: status, objectKey, size, sha256, version + 1,
 * progress removed. Idempotent for a bundle already Ready.
 * @returns false when the record is gone (expired) or Failed.
 */
export function markBundleReady(bundleId: string, zip: ZipObject): Promise<boolean> {
  return updateBundle(
    bundleId,
    'SET #status = :ready, #objectKey = :objectKey, #size = :size, #sha256 = :sha256, #version = #version + :one REMOVE #bundle.#progress, #bundle.#reason',
    'attribute_exists(#pk) AND attribute_exists(#bundle) AND #status <> :failed',
    {
      '#status': 'status',
      '#objectKey': 'objectKey',
      '#size': 'size',
      '#sha256': 'sha256',
      '#version': TABLE.versionAttribute,
      '#progress': 'progress',
      '#reason': 'reason',
    },
    {
      ':ready': 'Ready',
      ':failed': 'Failed',
      ':objectKey': zip.objectKey,
      ':size': zip.size,
      ':sha256': zip.sha256,
      ':one': 1,
    },
  );
}

/**
 * Marks a bundle Failed with a reason for people, progress removed, version + 1.
 * A bundle already Ready stays Ready.
 * @returns false when the record is gone or Ready.
 */
export function markBundleFailed(bundleId: string, reason: string): Promise<boolean> {
  return updateBundle(
    bundleId,
    'SET #status = :failed, #bundle.#reason = :reason, #version = #version + :one REMOVE #bundle.#progress',
    'attribute_exists(#pk) AND attribute_exists(#bundle) AND #status <> :ready',
    { '#status': 'status', '#version': TABLE.versionAttribute, '#progress': 'progress', '#reason': 'reason' },
    { ':failed': 'Failed', ':ready': 'Ready', ':reason': reason, ':one': 1 },
  );
}

/** The `BUNDLE#<fingerprint>` item: a zip already made of one file set. */
export interface ReusableZip extends ZipObject {
  readonly fingerprint: string;
  /** ISO 8601 instant the zip was finished. */
  readonly readyAt: string;
  /** Epoch seconds: readyAt + {@link BUNDLE_REUSE_DAYS} (the table's TTL attribute). */
  readonly expiresAt: number;
}

/** The reuse item of a fingerprint, or null. */
export async function getReusableZip(fingerprint: string): Promise<ReusableZip | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: bundleFingerprintKey(fingerprint), ConsistentRead: true }),
  );
  const item = output.Item as ReusableZip | undefined;
  return item ?? null;
}

/** True when a reuse item was finished less than {@link BUNDLE_REUSE_DAYS} days before `now`. */
export function isReusable(zip: Pick<ReusableZip, 'readyAt'>, now: Date = new Date()): boolean {
  const readyAt = Date.parse(zip.readyAt);
  return Number.isFinite(readyAt) && now.getTime() - readyAt < BUNDLE_REUSE_DAYS * DAY_MS;
}

/**
 * Records (or replaces) the reuse item of a finished zip: readyAt `now`, TTL
 * `expiresAt` readyAt + {@link BUNDLE_REUSE_DAYS} days.
 */
export async function putReusableZip(
  fingerprint: string,
  zip: ZipObject,
  now: Date = new Date(),
): Promise<ReusableZip> {
  const item: ReusableZip = {
    fingerprint,
    objectKey: zip.objectKey,
    size: zip.size,
    sha256: zip.sha256,
    readyAt: now.toISOString(),
    expiresAt: Math.floor((now.getTime() + BUNDLE_REUSE_DAYS * DAY_MS) / 1000),
  };
  await dynamoDocumentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...bundleFingerprintKey(fingerprint), entityType: ENTITY_TYPES.bundle, version: 1, ...item },
    }),
  );
  return item;
}
