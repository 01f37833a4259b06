import { can } from '#shared/capabilities';
import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { getFile as getFileRecord } from '../../data/files.ts';
import type { FileItem } from '../../data/items.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Caller } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';
import { mayDownloadFile } from './get-download-url.ts';

/**
 * `GET /api/v1/files/{id}` (spec §7 "Get a file by id. Returns status and name."): how
 * an upload or bundle stands. A bundle (spec §4 "File bundle"; decision record 022)
 * exists only for its requester (anyone else: 404) and also answers how far its
 * zipping has got (`progress`, null when not moving) and, once Failed, why (`reason`).
 * Any other file is answered only to a caller who may see it ({@link maySee}); to
 * anyone else it is the same 404 as a file that does not exist (issue 21 item 8).
 */
export const getFile = defineRoute('getFile', async ({ path, caller }) => {
  const file = await getFileRecord(path.id);
  if (!file || !caller) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  if (!file.bundle) {
    if (!(await maySee(file, caller))) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
    return { id: file.id, name: file.name, status: file.status };
  }
  if (file.createdBy !== caller.sub) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  return {
    id: file.id,
    name: file.name,
    status: file.status,
    progress: file.bundle.progress ?? null,
    reason: file.bundle.reason ?? null,
  };
});

/**
 * Who may see a file's name and status: the user who uploaded it, an editor of
 * content (`updateContent`: the files of what they edit), anyone signed in for a
 * Ready public file (its address is public), and for a private file whoever may
 * download it now (`mayDownloadFile`).
 */
async function maySee(file: FileItem, caller: NonNullable<Caller>): Promise<boolean> {
  if (file.createdBy === caller.sub || can(caller.principal, 'updateContent')) return true;
  if (file.visibility === 'public') return file.status === 'Ready';
  return mayDownloadFile(file, caller);
}
