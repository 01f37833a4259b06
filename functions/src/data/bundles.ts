import { createFile } from './files.ts';
import type { BundleState, FileItem } from './items.ts';

/**
 * Bundle file records (spec §4 "File bundle", §7 "Bundle request"; decision record
 * 022). A bundle is a private file record with a `bundle` part: Pending while the
 * workflow resolves and zips, then Ready (pointing at the shared zip object
 * `bundles/<fingerprint>.zip`) or Failed with a reason. It carries a TTL from the
 * start ({@link BUNDLE_RECORD_SECONDS}), so DynamoDB removes it a day later; the
 * zip object itself lives `BUNDLE_OBJECT_DAYS` (keys.ts) days under an S3 lifecycle rule.
 */

/** Seconds a bundle record lives after its request (TTL): the SPA downloads within seconds of Ready. */
export const BUNDLE_RECORD_SECONDS = 86_400;

/** What {@link createBundleRecord} needs. */
export interface NewBundle {
  /** The bundle's file id (a new id). */
  readonly id: string;
  /** The bundle file name of spec §9 (`bundleFileName`). */
  readonly name: string;
  readonly scope: BundleState['scope'];
  readonly includesLessonFiles: boolean;
  /** A cartridge's format and site origin (issue 27 item 6); absent for a zip. */
  readonly cartridge?: { readonly format: 'imscc' | 'imscc-thin'; readonly siteOrigin: string };
  /** Portal user id of the requester: only they may poll and download it. */
  readonly createdBy: string;
  readonly now?: Date;
}

/**
 * Records a Pending bundle (version 1): private, type `application/zip`, size 0 and
 * no object yet (`objectKey` is '' until Ready), owner the content item (or the
 * bundle itself for a category), TTL now + {@link BUNDLE_RECORD_SECONDS}.
 * @throws ConflictError when a file with this id exists.
 */
export function createBundleRecord(bundle: NewBundle): Promise<FileItem> {
  const now = bundle.now ?? new Date();
  const state: BundleState = {
    scope: bundle.scope,
    includesLessonFiles: bundle.includesLessonFiles,
    ...(bundle.cartridge ? { format: bundle.cartridge.format, siteOrigin: bundle.cartridge.siteOrigin } : {}),
  };
  return createFile({
    id: bundle.id,
    name: bundle.name,
    filename: bundle.name,
    type: 'application/zip',
    size: 0,
    sha256: '',
    status: 'Pending',
    visibility: 'private',
    objectKey: '',
    metadata: { id: 'contentId' in bundle.scope ? bundle.scope.contentId : bundle.id, type: 'Content' },
    createdTimestamp: now.toISOString(),
    createdBy: bundle.createdBy,
    expiresAt: Math.floor(now.getTime() / 1000) + BUNDLE_RECORD_SECONDS,
    bundle: state,
  });
}
