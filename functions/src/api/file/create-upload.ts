import { UPLOAD_KINDS } from '#shared/contracts/file';
import { FILE_LIMITS } from '#shared/limits';
import { presignUpload } from '../../adapters/file-objects.ts';
import { createPendingFile } from '../../data/files.ts';
import { uploadedFileObjectKey } from '../../data/keys.ts';
import { newId } from '../../domain/ids.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/handler.ts';
import { mayUpload, stagingBucket } from '../../services/file-rules.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/files/uploads` (spec §7 "Files", decision record 016): records a
 * Pending file that expires with its presigned POST, and answers the POST. The
 * request schema has already checked the kind's types, extension and maximum size.
 * Editors upload every kind; a submitter only `content`; anyone else is refused (403;
 * `mayUpload`, issue 25 item 6).
 */
export const createUpload = defineRoute('createUpload', async ({ body, caller }) => {
  if (!mayUpload(caller?.principal ?? null, body.kind)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const rule = UPLOAD_KINDS[body.kind];
  const fileId = newId();
  const now = Date.now();
  const objectKey = uploadedFileObjectKey(fileId);
  // Every kind is posted to the staging (private) bucket; completion publishes a
  // public kind's checked object (decision record 031).
  // Presign first: its policy's expiration is the moment S3 refuses the POST, which
  // the answer states and the Pending record's TTL never precedes.
  const { expiresAt, ...upload } = await presignUpload({
    bucket: stagingBucket(),
    key: objectKey,
    size: body.size,
    contentType: body.type,
    expiresInSeconds: FILE_LIMITS.uploadExpirySeconds,
  });
  await createPendingFile({
    id: fileId,
    name: body.name,
    filename: body.name,
    type: body.type,
    size: body.size,
    sha256: '',
    visibility: rule.visibility,
    objectKey,
    // A new contributor's portrait is uploaded before the contributor exists (spec §4
    // "Saving content"): until the contributor names it, the file owns itself.
    metadata: { id: body.ownerId ?? fileId, type: rule.ownerType },
    createdTimestamp: new Date(now).toISOString(),
    createdBy: caller?.sub ?? '',
    uploadKind: body.kind,
    expiresAt: Math.ceil(expiresAt.getTime() / 1000),
  });
  return { fileId, upload, expiresAt: expiresAt.toISOString() };
});
