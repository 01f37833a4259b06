import { batchGetItems, createItem } from './dynamo.ts';
import type { FileItem, FileRecord } from './items.ts';
import { ENTITY_TYPES, fileKey } from './keys.ts';

/** Access patterns of file records (keys.ts row "file by id"). */

/**
 * Creates a file record (version 1), conditional on the id being new. The object
 * must already be stored at `record.objectKey`: a record never exists without its
 * bytes.
 * @throws ConflictError when a file with this id exists.
 */
export async function createFile(record: Omit<FileRecord, 'version'>): Promise<FileItem> {
  const item: FileItem = { ...record, ...fileKey(record.id), entityType: ENTITY_TYPES.file, version: 1 };
  await createItem({ ...item }, 'File already exists.');
  return item;
}

/** File records by id (BatchGetItem); missing ones are absent, order undefined. */
export function getFilesByIds(ids: readonly string[]): Promise<FileItem[]> {
  return batchGetItems<FileItem>(ids.map(fileKey));
}
