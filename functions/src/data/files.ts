import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import { batchGetItems, createItem, tableName } from './dynamo.ts';
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

/**
 * Records an upload about to happen (decision record 016): status Pending, version 1,
 * `expiresAt` set (epoch seconds, the table's TTL attribute) so that DynamoDB removes
 * the record if the upload is never completed. Unlike {@link createFile}, its object
 * does not exist yet.
 * @throws ConflictError when a file with this id exists.
 */
export async function createPendingFile(
  record: Omit<FileRecord, 'version' | 'status' | 'expiresAt'> & { readonly expiresAt: number },
): Promise<FileItem> {
  const item: FileItem = {
    ...record,
    status: 'Pending',
    ...fileKey(record.id),
    entityType: ENTITY_TYPES.file,
    version: 1,
  };
  await createItem({ ...item }, 'File already exists.');
  return item;
}

/** One file record by id (consistent read), or null. */
export async function getFile(id: string): Promise<FileItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: fileKey(id), ConsistentRead: true }),
  );
  return (output.Item as FileItem | undefined) ?? null;
}

/**
 * Marks a Pending file Ready with the checked size (bytes) and SHA-256 (hex) and
 * removes its TTL, conditional on it still being Pending at `version`.
 * @throws ConflictError when the record changed meanwhile (completed twice at once).
 */
export async function markFileReady(file: FileItem, checked: { size: number; sha256: string }): Promise<FileItem> {
  return updateStatus(file, 'SET #status = :ready, #size = :size, sha256 = :sha256, #version = :next REMOVE #ttl', {
    names: { '#size': 'size', '#ttl': TABLE.ttlAttribute },
    values: { ':ready': 'Ready', ':size': checked.size, ':sha256': checked.sha256 },
  });
}

/**
 * Marks a Pending file Failed (its object was refused and deleted). The TTL stays,
 * so the record disappears with the upload's expiry; until then `getFile` tells the
 * SPA it failed.
 * @throws ConflictError when the record changed meanwhile.
 */
export async function markFileFailed(file: FileItem): Promise<FileItem> {
  return updateStatus(file, 'SET #status = :failed, #version = :next', { names: {}, values: { ':failed': 'Failed' } });
}

async function updateStatus(
  file: FileItem,
  update: string,
  extra: { names: Record<string, string>; values: Record<string, unknown> },
): Promise<FileItem> {
  try {
    const output = await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: fileKey(file.id),
        UpdateExpression: update,
        ConditionExpression: '#status = :pending AND #version = :version',
        ExpressionAttributeNames: { '#status': 'status', '#version': TABLE.versionAttribute, ...extra.names },
        ExpressionAttributeValues: {
          ':pending': 'Pending',
          ':version': file.version,
          ':next': file.version + 1,
          ...extra.values,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return output.Attributes as FileItem;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new ConflictError('The file changed meanwhile; reload it.', { cause: error });
    }
    throw error;
  }
}

/** Deletes a file record; absent is fine (idempotent). */
export async function deleteFileRecord(id: string): Promise<void> {
  await dynamoDocumentClient.send(new DeleteCommand({ TableName: tableName(), Key: fileKey(id) }));
}
