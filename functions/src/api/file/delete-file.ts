import { FILE_ATTACHED_MESSAGE, FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { discardFiles, getFile } from '../../data/files.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { objectBucketOf } from '../../services/file-rules.ts';
import { defineRoute } from './define-route.ts';

/** 409 of a delete of a bundle: its zip object is shared by every bundle of the same file set (decision record 022). */
export const BUNDLE_NOT_DELETABLE_MESSAGE = 'A bundle is removed automatically a day after it is made.';

/**
 * `DELETE /api/v1/files/{id}` (spec §7 "Delete a file by id"; decision records 016,
 * 020): deletes one of the caller's own uploads that nothing holds yet (Pending,
 * Failed, or Ready and unattached — the ones with a TTL), e.g. when the SPA abandons
 * a save. The file is claimed first, so a save cannot attach it meanwhile; then the
 * object, then the record. A file that content, a contributor or a lesson holds is
 * a 409 {@link FILE_ATTACHED_MESSAGE}: it leaves through the save that drops it, or
 * its owner's delete, so nothing is left pointing at a missing file. Another user's
 * upload is a 404, as for `completeUpload`. A bundle is never deleted here (409
 * {@link BUNDLE_NOT_DELETABLE_MESSAGE}; another user's: 404): its record expires a day
 * after the request and its zip, shared by the bundles of the same file set, with the
 * S3 lifecycle rule (decision record 022).
 */
export const deleteFile = defineRoute('deleteFile', async ({ path, caller }) => {
  const file = await getFile(path.id);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  if (file.bundle) {
    if (file.createdBy !== caller?.sub) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
    throw new ConflictError(BUNDLE_NOT_DELETABLE_MESSAGE);
  }
  if (file.expiresAt === undefined) throw new ConflictError(FILE_ATTACHED_MESSAGE);
  if (file.createdBy !== caller?.sub) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const deleted = await discardFiles([file], () => objectBucketOf(file));
  // Not claimed: a save attached it between the read and the claim.
  if (!deleted.includes(file.id) && (await getFile(file.id))?.expiresAt === undefined) {
    throw new ConflictError(FILE_ATTACHED_MESSAGE);
  }
  return { id: file.id };
});
