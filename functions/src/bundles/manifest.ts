import { createHash } from 'node:crypto';

/**
 * The manifest of a bundle (decision record 022): every file the zip holds, in zip
 * order, with the entry path it gets and what is known of its bytes. The resolve
 * step writes it to the private bucket (`bundleManifestObjectKey`), the zip step
 * reads it back; its fingerprint names the zip object, so two bundles of the same
 * file set share one zip.
 */

/** Version of the manifest format and of the zip layout it produces; part of the fingerprint. */
export const MANIFEST_FORMAT = 1;

/** One file of a bundle. */
export interface ManifestEntry {
  /** Entry path in the zip: `<root>/<child>/…/<file name>`, '/'-separated, never escaping the root. */
  readonly path: string;
  readonly fileId: string;
  /** Object key in the private bucket. */
  readonly objectKey: string;
  /** Bytes. */
  readonly size: number;
  /** Hex SHA-256 of the bytes as recorded on the file record. */
  readonly sha256: string;
  /** Media type: decides whether the entry is stored or deflated. */
  readonly type: string;
  /** The entry's modification time, ISO 8601: the file's `createdTimestamp` (deterministic zips). */
  readonly mtime: string;
}

/**
 * A document the resolve step wrote for the archive (a cartridge's `imsmanifest.xml`
 * and web links; issue 27 item 6): written first, from this text, before the files.
 */
export interface ManifestDocument {
  /** Entry path in the archive. */
  readonly path: string;
  /** UTF-8 text. */
  readonly text: string;
}

/** A bundle's manifest as stored between the resolve and the zip steps. */
export interface BundleManifest {
  readonly format: typeof MANIFEST_FORMAT;
  readonly bundleId: string;
  /** Hex SHA-256 of {@link canonicalManifest} of `entries`. */
  readonly fingerprint: string;
  /** What the bundle is named after: the root content's name or the category title. */
  readonly title: string;
  readonly fileCount: number;
  /** Sum of the entries' sizes, bytes. */
  readonly totalBytes: number;
  readonly entries: readonly ManifestEntry[];
  /** Documents written before the entries (cartridges only; absent for a zip). */
  readonly documents?: readonly ManifestDocument[];
}

/**
 * The canonical JSON of a file set: the format version and each entry's fields in
 * a fixed order, entries in zip order; with documents (a cartridge), each one's path
 * and the SHA-256 of its text too, so a cartridge never shares an object with the zip
 * of the same files. Two resolves of the same files, names and hierarchy give the
 * same string.
 */
export function canonicalManifest(entries: readonly ManifestEntry[], documents?: readonly ManifestDocument[]): string {
  return JSON.stringify({
    format: MANIFEST_FORMAT,
    entries: entries.map((entry) => [
      entry.path,
      entry.fileId,
      entry.objectKey,
      entry.size,
      entry.sha256,
      entry.type,
      entry.mtime,
    ]),
    ...(documents
      ? {
          documents: documents.map((document) => [
            document.path,
            createHash('sha256').update(document.text, 'utf8').digest('hex'),
          ]),
        }
      : {}),
  });
}

/** The fingerprint of a file set: lower-case hex SHA-256 of {@link canonicalManifest}. */
export function manifestFingerprint(
  entries: readonly ManifestEntry[],
  documents?: readonly ManifestDocument[],
): string {
  return createHash('sha256').update(canonicalManifest(entries, documents), 'utf8').digest('hex');
}

/**
 * Builds the stored manifest of a bundle: counts, total bytes and fingerprint computed
 * from `entries` (and `documents`, a cartridge's, written before them).
 */
export function buildManifest(
  bundleId: string,
  title: string,
  entries: readonly ManifestEntry[],
  documents?: readonly ManifestDocument[],
): BundleManifest {
  return {
    format: MANIFEST_FORMAT,
    bundleId,
    fingerprint: manifestFingerprint(entries, documents),
    title,
    fileCount: entries.length,
    totalBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
    entries,
    ...(documents ? { documents } : {}),
  };
}

/**
 * Parses a stored manifest and checks it: format, entry fields, and that its
 * entries still give its fingerprint.
 * @throws Error naming what is wrong.
 */
export function parseManifest(text: string): BundleManifest {
  const value = JSON.parse(text) as Partial<BundleManifest> | null;
  if (!value || value.format !== MANIFEST_FORMAT || !Array.isArray(value.entries)) {
    throw new Error('The manifest has an unknown format.');
  }
  for (const entry of value.entries) {
    const ok =
      typeof entry?.path === 'string' &&
      typeof entry.fileId === 'string' &&
      typeof entry.objectKey === 'string' &&
      Number.isSafeInteger(entry.size) &&
      entry.size >= 0 &&
      typeof entry.sha256 === 'string' &&
      typeof entry.type === 'string' &&
      typeof entry.mtime === 'string';
    if (!ok) throw new Error('The manifest holds a malformed entry.');
  }
  if (value.documents !== undefined) {
    const ok =
      Array.isArray(value.documents) &&
      value.documents.every((document) => typeof document?.path === 'string' && typeof document.text === 'string');
    if (!ok) throw new Error('The manifest holds a malformed document.');
  }
  if (manifestFingerprint(value.entries, value.documents) !== value.fingerprint) {
    throw new Error('The manifest does not match its fingerprint.');
  }
  return value as BundleManifest;
}
