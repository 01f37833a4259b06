import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { getFile as getFileRecord } from '../../data/files.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/handler.ts';

/** `GET /api/v1/files/{id}` (spec §7 "Get a file by id. Returns status and name."): how an upload or bundle stands. */
export const getFile = defineRoute('getFile', async ({ path }) => {
  const file = await getFileRecord(path.id);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  return { id: file.id, name: file.name, status: file.status };
});
