import { createGroupHandler } from '../../lib/group.ts';
import { completeUpload } from './complete-upload.ts';
import { createUpload } from './create-upload.ts';
import { deleteFile } from './delete-file.ts';
import { getFile } from './get-file.ts';

/** Lambda entry of the `file` client group (spec §7 "Files"; decision record 016). */
export const handler = createGroupHandler('file', { createUpload, completeUpload, getFile, deleteFile });
