import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { getFile as getFileRecord } from '../../data/files.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/**
 * `GET /api/v1/files/{id}` (spec §7 "Get a file by id. Returns status and name."): how
 * an upload or bundle stands. A bundle (spec §4 "File bundle"; decision record 022)
 * exists only for its requester (anyone else: 404) and also answers how far its
 * zipping has got (`progress`, null when not moving) and, once Failed, why (`reason`).
 */
export const getFile = defineRoute('getFile', async ({ path, caller }) => {
  const file = await getFileRecord(path.id);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  if (!file.bundle) return { id: file.id, name: file.name, status: file.status };
  if (file.createdBy !== caller?.sub) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  return {
    id: file.id,
    name: file.name,
    status: file.status,
    progress: file.bundle.progress ?? null,
    reason: file.bundle.reason ?? null,
  };
});
