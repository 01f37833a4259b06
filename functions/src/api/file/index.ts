import { FILE_ROUTES } from '#shared/routes/file';
import { createGroupHandler } from '../../lib/group.ts';
import { completeUpload } from './complete-upload.ts';
import { createUpload } from './create-upload.ts';
import { deleteFile } from './delete-file.ts';
import { getDownloadUrl } from './get-download-url.ts';
import { getFile } from './get-file.ts';
import { getFileAccess } from './get-file-access.ts';
import { getPreviewUrl } from './get-preview-url.ts';
import { requestBundle } from './request-bundle.ts';

/** Lambda entry of the `file` client group (spec §7 "Files"; decision records 016, 022). */
export const handler = createGroupHandler(FILE_ROUTES, {
  createUpload,
  completeUpload,
  getFile,
  getFileAccess,
  getDownloadUrl,
  getPreviewUrl,
  requestBundle,
  deleteFile,
});
