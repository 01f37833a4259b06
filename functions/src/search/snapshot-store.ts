import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../adapters/aws-clients.ts';
import { CATALOG_SNAPSHOT_OBJECT_KEY } from '../data/keys.ts';
import { env } from '../lib/env.ts';
import type { CatalogVersion } from './port.ts';

/**
 * Where the catalog snapshot lives (decision record 014, "The index and its
 * lifecycle"): one object in the PRIVATE bucket, the gzip bytes of a serialised
 * catalog index, with its version in the object's metadata so that a freshness
 * check is one HEAD request and never downloads the bytes.
 */

/** Key of the catalog snapshot in the private bucket (`search/catalog.snapshot.gz`, built in data/keys.ts). */
export const CATALOG_SNAPSHOT_KEY = CATALOG_SNAPSHOT_OBJECT_KEY;

/** Object metadata names (S3 stores them as `x-amz-meta-<name>`, lower-case). */
const METADATA = { revision: 'revision', builtAt: 'built-at', documents: 'documents' } as const;

/** What the metadata of the stored snapshot says, without its bytes. */
export interface CatalogSnapshotHead {
  /** The object's ETag, quotes included, exactly as S3 returns it. */
  readonly etag: string;
  /** The catalog revision it was built from; 0 when the metadata lacks one. */
  readonly revision: number;
  /** When it was built (ISO 8601), or null when the metadata lacks it. */
  readonly builtAt: string | null;
  /** Content items it holds, or null when the metadata lacks the count. */
  readonly documents: number | null;
  /** Size of the object in bytes. */
  readonly bytes: number;
}

/** The answer of {@link getCatalogSnapshot}. */
export type CatalogSnapshotRead =
  | { readonly status: 'not-modified' }
  | { readonly status: 'missing' }
  | {
      readonly status: 'loaded';
      /** The gzip bytes, as written by {@link putCatalogSnapshot}. */
      readonly bytes: Uint8Array;
      readonly etag: string;
      readonly revision: number;
      readonly builtAt: string | null;
    };

/**
 * Thrown by {@link putCatalogSnapshot} when the stored snapshot is no longer the one
 * the writer read (another writer got there first): re-read and decide again.
 */
export class CatalogSnapshotConflictError extends Error {
  override readonly name = 'CatalogSnapshotConflictError';
}

/** Options of {@link putCatalogSnapshot}. */
export interface PutCatalogSnapshotOptions {
  /** Content items in the snapshot, recorded in the metadata for logs and reports. */
  readonly documents: number;
  /**
   * The snapshot the writer read before building (`null`: there was none). When given,
   * the write is conditional (S3 `If-Match` its ETag, or `If-None-Match: *`), so a
   * slower writer never replaces a newer snapshot. Absent: unconditional.
   */
  readonly replaces?: CatalogSnapshotHead | null;
}

/** The HTTP status of an SDK error (S3ServiceException and its subclasses carry `$metadata`). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function revisionOf(metadata: Record<string, string> | undefined): number {
  const value = Number(metadata?.[METADATA.revision]);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

function countOf(metadata: Record<string, string> | undefined): number | null {
  const value = Number(metadata?.[METADATA.documents]);
  return metadata?.[METADATA.documents] !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * Writes the snapshot (`bytes`: gzip, as `serializeCatalogIndex` makes them) with its
 * version in the metadata (`revision`, `built-at`, `documents`). Returns the new ETag.
 * @throws CatalogSnapshotConflictError when `replaces` was given and the stored
 *   object changed meanwhile (S3 412 PreconditionFailed or 409 ConditionalRequestConflict).
 */
export async function putCatalogSnapshot(
  bytes: Uint8Array,
  version: CatalogVersion,
  options: PutCatalogSnapshotOptions,
): Promise<{ etag: string }> {
  const condition =
    options.replaces === undefined
      ? {}
      : options.replaces === null
        ? { IfNoneMatch: '*' }
        : { IfMatch: options.replaces.etag };
  try {
    const output = await s3Client.send(
      new PutObjectCommand({
        Bucket: env().privateBucket,
        Key: CATALOG_SNAPSHOT_KEY,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: 'application/gzip',
        Metadata: {
          [METADATA.revision]: String(version.revision),
          [METADATA.builtAt]: version.builtAt,
          [METADATA.documents]: String(options.documents),
        },
        ...condition,
      }),
    );
    return { etag: output.ETag ?? '' };
  } catch (error) {
    const status = statusOf(error);
    if (status === 412 || status === 409) {
      throw new CatalogSnapshotConflictError('The catalog snapshot changed while it was being rebuilt.', {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * The stored snapshot's ETag and metadata (one HeadObject), or null when there is none.
 * @throws the SDK's error for anything but 404 (e.g. 403 without `s3:ListBucket`).
 */
export async function headCatalogSnapshot(): Promise<CatalogSnapshotHead | null> {
  try {
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: env().privateBucket, Key: CATALOG_SNAPSHOT_KEY }));
    return {
      etag: head.ETag ?? '',
      revision: revisionOf(head.Metadata),
      builtAt: head.Metadata?.[METADATA.builtAt] ?? null,
      documents: countOf(head.Metadata),
      bytes: head.ContentLength ?? 0,
    };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/**
 * Reads the snapshot unless the caller already holds it: `not-modified` when its ETag
 * is still `ifNoneMatch`, `missing` when there is none, else `loaded` with the bytes,
 * ETag and version. A check that finds nothing new costs one HeadObject and
 * transfers no bytes; a change costs a HeadObject and a GetObject.
 *
 * Why not one GetObject with `If-None-Match`: S3 answers it with 304 (the SDK throws
 * an error whose `$metadata.httpStatusCode` is 304), and so does the local s3rver,
 * but s3rver 3.7 opens the object's file before it compares and never closes it on a
 * 304, so a portal checking every 250 ms would leak a file descriptor per check. A
 * HeadObject without conditions closes it. On AWS the two cost the same when
 * nothing changed.
 * @throws the SDK's error for anything but a missing object.
 */
export async function getCatalogSnapshot(options: { ifNoneMatch?: string } = {}): Promise<CatalogSnapshotRead> {
  const head = await headCatalogSnapshot();
  if (!head) return { status: 'missing' };
  if (options.ifNoneMatch !== undefined && head.etag === options.ifNoneMatch) return { status: 'not-modified' };
  try {
    const output = await s3Client.send(
      new GetObjectCommand({ Bucket: env().privateBucket, Key: CATALOG_SNAPSHOT_KEY }),
    );
    const bytes = output.Body ? await output.Body.transformToByteArray() : new Uint8Array();
    const etag = output.ETag ?? '';
    // Replaced between the two requests by the same bytes: nothing to load after all.
    if (options.ifNoneMatch !== undefined && etag === options.ifNoneMatch) return { status: 'not-modified' };
    return {
      status: 'loaded',
      bytes,
      etag,
      revision: revisionOf(output.Metadata),
      builtAt: output.Metadata?.[METADATA.builtAt] ?? null,
    };
  } catch (error) {
    // Deleted between the two requests.
    if (statusOf(error) === 404) return { status: 'missing' };
    throw error;
  }
}
