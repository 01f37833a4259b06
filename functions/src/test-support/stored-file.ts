import { createHash } from 'node:crypto';
import { putObject } from '../adapters/file-objects.ts';
import { createFile } from '../data/files.ts';
import type { FileItem } from '../data/items.ts';
import { contentFileObjectKey } from '../data/keys.ts';
import { newId } from '../domain/ids.ts';
import { env } from '../lib/env.ts';

/** What {@link storeAttachedFile} stores. `type` is the media type; the bytes go to the private bucket. */
export interface StoredFileInput {
  /** The content item (or lesson) the file is attached to. */
  readonly ownerId: string;
  readonly name: string;
  readonly filename: string;
  readonly type: string;
  readonly bytes: Buffer;
  /** The file id; a new one by default. */
  readonly id?: string;
}

/**
 * Test support: a private file attached to `ownerId` as a content save leaves it —
 * its bytes stored at `content/<ownerId>/<id>` in the private bucket, its record
 * Ready with size and SHA-256, no TTL — for integration tests of downloads and
 * bundles against the emulators.
 * @returns the stored file record.
 */
export async function storeAttachedFile(input: StoredFileInput): Promise<FileItem> {
  const id = input.id ?? newId();
  const objectKey = contentFileObjectKey(input.ownerId, id);
  await putObject(env().privateBucket, objectKey, input.bytes, input.type);
  return createFile({
    id,
    name: input.name,
    filename: input.filename,
    type: input.type,
    size: input.bytes.length,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    status: 'Ready',
    visibility: 'private',
    objectKey,
    metadata: { id: input.ownerId, type: 'Content' },
    createdTimestamp: new Date().toISOString(),
  });
}
