import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { deleteObject } from '../../adapters/file-objects.ts';
import { deleteFileRecord, getFile } from '../../data/files.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';
import { bucketOf } from './file-rules.ts';

/**
 * `DELETE /api/v1/files/{id}` (spec §7 "Delete a file by id"): the object first, then
 * the record, so a failure between the two leaves a record whose object is gone
 * (deleting again finishes the job) rather than an object nothing points to.
 * Content or contributors that still name the file are the caller's to update
 * (spec §8: a failed section save removes the files it uploaded).
 */
export const deleteFile = defineRoute('deleteFile', async ({ path }) => {
  const file = await getFile(path.id);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  await deleteObject(bucketOf(file.visibility), file.objectKey);
  await deleteFileRecord(file.id);
  return { id: file.id };
});
