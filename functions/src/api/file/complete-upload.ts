import { can } from '#shared/capabilities';
import { FILE_NOT_FOUND_MESSAGE, type FileMediaType, fileTooLargeMessage, UPLOAD_KINDS } from '#shared/contracts/file';
import { FILE_LIMITS } from '#shared/limits';
import { copyObject, deleteObject, digestObject, headObject, readObjectHead } from '../../adapters/file-objects.ts';
import { getFile, markFileFailed, markFileReady } from '../../data/files.ts';
import type { FileItem } from '../../data/items.ts';
import { matchesSignature, notOfTypeMessage } from '../../domain/file-signatures.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { acceptedTypesOf, bucketOf, stagingBucket, toFile, uploadKindOf } from '../../services/file-rules.ts';
import { defineRoute } from './define-route.ts';

/** Message of a completion before the bytes are in S3 (the record stays Pending). */
export const NOT_UPLOADED_MESSAGE = 'The file has not been uploaded yet.';
/** Message of a completion of a file that was refused before. */
export const FAILED_UPLOAD_MESSAGE = 'The upload was refused; upload the file again.';

/**
 * `POST /api/v1/files/{id}/complete` (decision record 016): checks the stored object
 * against the record — size equal to the declared one and within the kind's
 * maximum, media type as declared, magic bytes of that type — and marks the file
 * Ready with its SHA-256. A refused object is deleted, the record marked Failed
 * (it expires with its TTL), and the answer is a 400 saying why (not 422: spec §8
 * signs the user out on 422). Completing a Ready file again answers it unchanged.
 * Every upload is checked where it was posted, the staging (private) bucket; a
 * public file's object is then copied to the public bucket and the staged one
 * deleted, before the record says Ready (decision record 031): `/public/*` never
 * serves an object that was not checked.
 * Only the user who asked for the upload may complete it; to anyone else it does not
 * exist. A submitter (no update-content, issue 25 item 6) sees only their own uploads,
 * Ready ones too.
 */
export const completeUpload = defineRoute('completeUpload', async ({ path, caller }) => {
  const principal = caller?.principal ?? null;
  const file = await getFile(path.id);
  // A submitter (no update-content) reaches only their own uploads, whatever their state (decision record 067).
  const ownOnly = file?.status === 'Pending' || !can(principal, 'updateContent');
  if (!file || (ownOnly && file.createdBy !== caller?.sub)) {
    throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  }
  if (file.status === 'Ready') return toFile(file);
  if (file.status === 'Failed') throw new ConflictError(FAILED_UPLOAD_MESSAGE);

  const bucket = stagingBucket();
  const head = await headObject(bucket, file.objectKey);
  if (!head) throw refusal(NOT_UPLOADED_MESSAGE);
  const problem = await problemOf(file, bucket, head);
  if (problem) {
    await deleteObject(bucket, file.objectKey);
    await markFileFailed(file);
    throw refusal(problem);
  }
  const digest = await digestObject(bucket, file.objectKey);
  if (digest.size !== file.size) {
    // Replaced between the checks and the read: refuse rather than record the wrong digest.
    await deleteObject(bucket, file.objectKey);
    await markFileFailed(file);
    throw refusal(sizeMessage(file.size));
  }
  const home = bucketOf(file.visibility);
  if (home !== bucket) {
    await copyObject(bucket, home, file.objectKey);
    await deleteObject(bucket, file.objectKey);
  }
  return toFile(await markFileReady(file, digest));
});

function refusal(message: string): ValidationError {
  return new ValidationError([{ path: 'file', message }], message);
}

function sizeMessage(declared: number): string {
  return `The file is not the ${declared.toLocaleString('en-US')} bytes declared.`;
}

/** Why the stored object is refused, or null when it passes every check. */
async function problemOf(
  file: FileItem,
  bucket: string,
  head: { size: number; contentType: string },
): Promise<string | null> {
  const kind = uploadKindOf(file);
  const type = file.type as FileMediaType;
  if (!kind || !acceptedTypesOf(kind).includes(type)) return `The file type ${file.type} is not accepted.`;
  const maxBytes = UPLOAD_KINDS[kind].maxBytes;
  if (head.size > maxBytes) return fileTooLargeMessage(maxBytes);
  if (head.size !== file.size) return sizeMessage(file.size);
  if (head.contentType !== file.type) return `The file was not uploaded as ${file.type}.`;
  const bytes = await readObjectHead(bucket, file.objectKey, Math.min(FILE_LIMITS.signatureProbeBytes, head.size));
  if (!matchesSignature(type, bytes)) return notOfTypeMessage(type);
  return null;
}
