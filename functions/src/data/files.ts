import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FileOwnerType, FileVisibility } from '#shared/enums';
import { FILE_LIMITS } from '#shared/limits';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { deleteObject } from '../adapters/file-objects.ts';
import { ConflictError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import type { TransactWriteItem } from './catalog.ts';
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
 * Marks a Pending file Ready with the checked size (bytes) and SHA-256 (hex),
 * conditional on it still being Pending at `version`. The file is not attached to
 * anything yet, so it keeps a TTL: `expiresAt` moves to `unattachedUntil` (epoch
 * seconds, default now + {@link FILE_LIMITS.unattachedReadySeconds}); attaching it
 * ({@link attachFileStep}) removes the TTL (decision record 020).
 * @throws ConflictError when the record changed meanwhile (completed twice at once).
 */
export async function markFileReady(
  file: FileItem,
  checked: { size: number; sha256: string },
  unattachedUntil: number = Math.ceil(Date.now() / 1000) + FILE_LIMITS.unattachedReadySeconds,
): Promise<FileItem> {
  return updateStatus(file, 'SET #status = :ready, #size = :size, sha256 = :sha256, #version = :next, #ttl = :until', {
    names: { '#size': 'size', '#ttl': TABLE.ttlAttribute },
    values: { ':ready': 'Ready', ':size': checked.size, ':sha256': checked.sha256, ':until': unattachedUntil },
  });
}

/**
 * True when a file record is Ready and not attached to anything yet: it still has a
 * TTL (`expiresAt`, epoch seconds) and that TTL lies after `now`. A detached file
 * ({@link detachFileStep}) has a TTL of the moment it was detached, and an upload
 * left unattached past its day waits only for DynamoDB's TTL sweep (up to days
 * late): neither may be attached again (decision record 020). A bundle (which has a
 * TTL too) is never an upload (decision record 022).
 */
export function isUnattachedReady(
  file: Pick<FileItem, 'status' | 'expiresAt' | 'bundle'>,
  now: Date = new Date(),
): boolean {
  return (
    file.bundle === undefined &&
    file.status === 'Ready' &&
    file.expiresAt !== undefined &&
    file.expiresAt > Math.floor(now.getTime() / 1000)
  );
}

/**
 * The transaction element that attaches a Ready, unattached file to its owner
 * (decision record 020): sets the shown `name` and `metadata.id` (the content item
 * or contributor), removes the TTL and bumps the version, conditional on the file
 * still being Ready and unattached ({@link isUnattachedReady}: a TTL after `now`).
 * Put it in the same TransactWriteItems as the owner's write, so that a file is
 * attached exactly when its owner names it. A missing record fails the condition.
 */
export function attachFileStep(
  fileId: string,
  owner: { readonly id: string; readonly name: string },
  now: Date = new Date(),
): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: fileKey(fileId),
      UpdateExpression: 'SET #name = :name, #metadata.#ownerId = :owner, #version = #version + :one REMOVE #ttl',
      ConditionExpression: '#status = :ready AND #ttl > :now AND attribute_not_exists(#bundle)',
      ExpressionAttributeNames: {
        '#name': 'name',
        '#ownerId': 'id',
        '#metadata': 'metadata',
        '#bundle': 'bundle',
        '#version': TABLE.versionAttribute,
        '#ttl': TABLE.ttlAttribute,
        '#status': 'status',
      },
      ExpressionAttributeValues: {
        ':name': owner.name,
        ':owner': owner.id,
        ':one': 1,
        ':ready': 'Ready',
        ':now': Math.floor(now.getTime() / 1000),
      },
    },
  };
}

/**
 * {@link attachFileStep}, further conditional on the file being an upload of the
 * given bucket and owner type (`rule`: an entry of `UPLOAD_KINDS`) made by
 * `uploadedBy` (decision record 020: a save attaches only the caller's own uploads).
 * Used by the news and event images and the page widget files.
 */
export function attachUploadStep(
  fileId: string,
  owner: { readonly id: string; readonly name: string },
  rule: { readonly visibility: FileVisibility; readonly ownerType: FileOwnerType },
  uploadedBy: string,
  now: Date = new Date(),
): TransactWriteItem {
  const { Update: update } = attachFileStep(fileId, owner, now);
  if (!update) throw new Error('attachFileStep must build an Update.');
  return {
    Update: {
      ...update,
      ConditionExpression: `${update.ConditionExpression} AND #visibility = :visibility AND #metadata.#ownerType = :ownerType AND #createdBy = :uploadedBy`,
      ExpressionAttributeNames: {
        ...update.ExpressionAttributeNames,
        '#visibility': 'visibility',
        '#ownerType': 'type',
        '#createdBy': 'createdBy',
      },
      ExpressionAttributeValues: {
        ...update.ExpressionAttributeValues,
        ':visibility': rule.visibility,
        ':ownerType': rule.ownerType,
        ':uploadedBy': uploadedBy,
      },
    },
  };
}

/**
 * The transaction element that renames an attached file (spec §5 "File name", at
 * most 120 characters, checked by the request schema), conditional on it still
 * belonging to `ownerId` (a missing record fails the condition).
 */
export function renameFileStep(fileId: string, ownerId: string, name: string): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: fileKey(fileId),
      UpdateExpression: 'SET #name = :name, #version = #version + :one',
      ConditionExpression: '#metadata.#ownerId = :owner',
      ExpressionAttributeNames: {
        '#name': 'name',
        '#ownerId': 'id',
        '#metadata': 'metadata',
        '#version': TABLE.versionAttribute,
      },
      ExpressionAttributeValues: { ':name': name, ':owner': ownerId, ':one': 1 },
    },
  };
}

/**
 * The transaction element that detaches a file its owner no longer names: it gets a
 * TTL of now, so that even if deleting it after the write fails
 * ({@link discardFiles}), DynamoDB's TTL and the upload sweeper remove it and its
 * object (decision record 020). Conditional on it belonging to `ownerId` (a missing
 * record fails the condition). A detached file is never attachable again
 * ({@link isUnattachedReady}).
 */
export function detachFileStep(fileId: string, ownerId: string, now: Date = new Date()): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: fileKey(fileId),
      UpdateExpression: 'SET #ttl = :now, #version = #version + :one',
      ConditionExpression: '#metadata.#ownerId = :owner',
      ExpressionAttributeNames: {
        '#ttl': TABLE.ttlAttribute,
        '#ownerId': 'id',
        '#metadata': 'metadata',
        '#version': TABLE.versionAttribute,
      },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000), ':owner': ownerId, ':one': 1 },
    },
  };
}

/**
 * Deletes files that carry a TTL (unattached uploads, detached files) and their
 * objects. Each file is first claimed — its TTL set to now, conditional on it still
 * having one — so that a concurrent save can no longer attach it ({@link attachFileStep}
 * needs a TTL after now); a file attached meanwhile has no TTL, fails the claim and
 * is left alone. Then the object goes (from the bucket of its visibility), then the
 * record, so that no object is ever left without a record to find it by. Best
 * effort: every file is tried; failures are logged and left to DynamoDB's TTL and the
 * upload sweeper. `bucketOf` names the bucket of a visibility. Returns the ids
 * deleted; never throws.
 */
export async function discardFiles(
  files: readonly Pick<FileItem, 'id' | 'objectKey' | 'visibility'>[],
  bucketOf: (visibility: FileItem['visibility']) => string,
  now: Date = new Date(),
): Promise<string[]> {
  const outcomes = await Promise.allSettled(
    files.map(async (file) => {
      if (!(await claimForDiscard(file.id, now))) return null;
      await deleteObject(bucketOf(file.visibility), file.objectKey);
      await deleteFileRecord(file.id);
      return file.id;
    }),
  );
  const deleted: string[] = [];
  for (const [position, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') {
      if (outcome.value) deleted.push(outcome.value);
    } else {
      logger.warn('File left to the upload sweeper', { fileId: files[position]?.id, error: String(outcome.reason) });
    }
  }
  return deleted;
}

/** Sets a file's TTL to `now` if it has one; false when it has none (attached) or is gone. */
async function claimForDiscard(fileId: string, now: Date): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: fileKey(fileId),
        UpdateExpression: 'SET #ttl = :now',
        ConditionExpression: 'attribute_exists(#ttl)',
        ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
        ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
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

/**
 * The transaction element that moves an attached file from one owner to another
 * (issue 25 item 6: an accepted submission's files become its content item's; decision
 * record 067): sets `metadata.id` to `toOwnerId` and the shown `name`, conditional on the
 * file belonging to `fromOwnerId` and carrying no TTL (attached). A missing record fails
 * the condition.
 */
export function transferFileStep(
  fileId: string,
  fromOwnerId: string,
  to: { readonly id: string; readonly name: string },
): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: fileKey(fileId),
      UpdateExpression: 'SET #name = :name, #metadata.#ownerId = :to, #version = #version + :one',
      ConditionExpression: '#metadata.#ownerId = :from AND attribute_not_exists(#ttl)',
      ExpressionAttributeNames: {
        '#name': 'name',
        '#ownerId': 'id',
        '#metadata': 'metadata',
        '#version': TABLE.versionAttribute,
        '#ttl': TABLE.ttlAttribute,
      },
      ExpressionAttributeValues: { ':name': to.name, ':to': to.id, ':from': fromOwnerId, ':one': 1 },
    },
  };
}

/**
 * Keeps an image uploaded from the rich text editor (upload kind `htmlImage`; issue 25
 * item 1, decision record 063) for good: removes its TTL, conditional on the record
 * being `uploadedBy`'s own Ready, still unattached `htmlImage` upload (a TTL after
 * `now`, never a bundle). Answers true when this call kept it, false when the
 * condition failed (already kept, someone else's, another kind, expired or missing):
 * keeping is idempotent and never an error.
 */
export async function keepHtmlImage(fileId: string, uploadedBy: string, now: Date = new Date()): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: fileKey(fileId),
        UpdateExpression: 'SET #version = #version + :one REMOVE #ttl',
        ConditionExpression:
          '#status = :ready AND #ttl > :now AND attribute_not_exists(#bundle) AND #kind = :kind AND #createdBy = :uploadedBy',
        ExpressionAttributeNames: {
          '#version': TABLE.versionAttribute,
          '#ttl': TABLE.ttlAttribute,
          '#status': 'status',
          '#bundle': 'bundle',
          '#kind': 'uploadKind',
          '#createdBy': 'createdBy',
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ready': 'Ready',
          ':now': Math.floor(now.getTime() / 1000),
          ':kind': 'htmlImage',
          ':uploadedBy': uploadedBy,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
