import { emptyBundleMessage } from '#shared/contracts/download';
import { headObject, putObject } from '../adapters/file-objects.ts';
import { bundleManifestObjectKey, bundleObjectKey } from '../data/keys.ts';
import { env } from '../lib/env.ts';
import { logger, withLogging } from '../lib/logger.ts';
import { cartridgeArchive } from './cartridge-plan.ts';
import { bundleIdOf } from './correlation.ts';
import { BundleError, toTaskError } from './errors.ts';
import { buildManifest, type ManifestDocument, type ManifestEntry } from './manifest.ts';
import { getBundleRecord, getReusableZip, isReusable, setBundleFingerprint } from './records.ts';
import { resolveBundle } from './resolve.ts';

/** Input of the ResolveFiles state. */
export interface ResolveTaskInput {
  readonly bundleId: string;
}

/** Output of the ResolveFiles state (`$.resolved`). */
export interface ResolveTaskOutput {
  /** `reuse`: a valid zip of this file set exists; `zip`: make one. */
  readonly action: 'zip' | 'reuse';
  /** Hex SHA-256 of the manifest. */
  readonly fingerprint: string;
  /** The zip's key in the private bucket: `bundles/<fingerprint>.zip`. */
  readonly objectKey: string;
  /** The manifest's key in the private bucket (written only for `zip`). */
  readonly manifestKey: string;
  readonly fileCount: number;
  /** Bytes. */
  readonly totalBytes: number;
}

/**
 * The bundle workflow's ResolveFiles task (decision record 022): reads the bundle
 * record, walks its scope (`resolve.ts`), records the fingerprint, and either
 * answers `reuse` (a `BUNDLE#<fingerprint>` item finished less than 6 days ago
 * whose object still exists) or writes the manifest and answers `zip`. A cartridge
 * bundle (`bundle.format`, issue 27 item 6) gets its files under `web_resources/`
 * (none when thin) and its `imsmanifest.xml` and web links as manifest documents.
 * @throws BundleError `BundleGone` (record expired), `BundleContentGone`,
 *   `BundleEmpty` (no file: {@link emptyBundleMessage}); TransientError for
 *   retryable faults.
 * Logs one line with the outcome; every line carries the bundle id as `correlation_id`
 * (issue 23 item 6).
 */
export const handler = withLogging('bundles/resolve-task', resolveFiles, { correlationIdOf: bundleIdOf });

async function resolveFiles(event: ResolveTaskInput): Promise<ResolveTaskOutput> {
  try {
    const record = await getBundleRecord(event.bundleId);
    const resolved = await resolveBundle({
      scope: record.bundle.scope,
      includesLessonFiles: record.bundle.includesLessonFiles,
    });
    let entries: readonly ManifestEntry[] = resolved.entries;
    let documents: readonly ManifestDocument[] | undefined;
    const format = record.bundle.format;
    if (format) {
      // A cartridge (issue 27 item 6) always holds its manifest and links, so it is never empty.
      ({ entries, documents } = cartridgeArchive(resolved, {
        format,
        siteOrigin: record.bundle.siteOrigin ?? '',
        scope: record.bundle.scope,
      }));
    } else if (entries.length === 0) {
      throw new BundleError('BundleEmpty', emptyBundleMessage(resolved.title));
    }
    const manifest = buildManifest(event.bundleId, resolved.title, entries, documents);
    const objectKey = bundleObjectKey(manifest.fingerprint);
    const manifestKey = bundleManifestObjectKey(event.bundleId);
    // A thin cartridge holds no file: its download counts for no item (issue 25 item 5).
    const contentIds = format === 'imscc-thin' ? [] : resolved.contentIds;
    await setBundleFingerprint(event.bundleId, manifest.fingerprint, contentIds);
    const counts = { fileCount: manifest.fileCount, totalBytes: manifest.totalBytes };

    const reusable = await getReusableZip(manifest.fingerprint);
    if (reusable && isReusable(reusable) && (await headObject(env().privateBucket, reusable.objectKey))) {
      logger.info('bundle files resolved', { action: 'reuse', ...counts });
      return { action: 'reuse', fingerprint: manifest.fingerprint, objectKey, manifestKey, ...counts };
    }
    await putObject(
      env().privateBucket,
      manifestKey,
      Buffer.from(JSON.stringify(manifest), 'utf8'),
      'application/json',
    );
    logger.info('bundle files resolved', { action: 'zip', ...counts });
    return { action: 'zip', fingerprint: manifest.fingerprint, objectKey, manifestKey, ...counts };
  } catch (error) {
    throw toTaskError(error);
  }
}
