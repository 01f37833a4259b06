import { FILE_NOT_FOUND_MESSAGE } from '#shared/contracts/file';
import { previewContentType, previewKindOf } from '#shared/file-preview';
import { PREVIEW_LIMITS } from '#shared/limits';
import { PUBLIC_FILES_PATH, publicFileUrl } from '#shared/public-files';
import { presignDownload } from '../../adapters/file-objects.ts';
import { recordDownload } from '../../data/downloads.ts';
import { getFile } from '../../data/files.ts';
import { downloadName } from '../../domain/download-rights.ts';
import { PREVIEW_STATISTIC_CATEGORY } from '../../domain/download-statistics.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { bucketOf } from '../../services/file-rules.ts';
import { defineRoute } from './define-route.ts';
import { authorizePrivateFile } from './get-download-url.ts';

/**
 * `GET /api/v1/files/{id}/preview-url` (issue 24 item 1; decision record 058).
 *
 * The rights are exactly those of `getDownloadUrl` (the same code,
 * {@link authorizePrivateFile}): 404 for a file the caller may not see, 403 with the
 * refusal's reason without the file right. Then:
 * - a type without a viewer (`kind` `none`) or a file over `PREVIEW_LIMITS.maxBytes`
 *   (`tooLarge`) answers no URL and records nothing;
 * - else the preview event is recorded in the `contentfilepreview` statistics (apart
 *   from downloads), then a presigned GET valid `PREVIEW_LIMITS.urlSeconds` s is
 *   answered, served `Content-Disposition: inline` with the safe media type of
 *   `previewContentType` (textual files as `text/plain`: never HTML or SVG).
 * A public file (a portrait, an image) answers its public address; nothing recorded.
 */
export const getPreviewUrl = defineRoute('getPreviewUrl', async ({ path, caller }) => {
  if (!caller) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const file = await getFile(path.id);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PREVIEW_LIMITS.urlSeconds * 1000).toISOString();
  const name = file.bundle ? file.name : downloadName(file.name, file.filename);
  const kind = file.bundle ? 'none' : previewKindOf(file.filename || name, file.type);
  const contentType = previewContentType(kind, file.type);
  const tooLarge = file.size > PREVIEW_LIMITS.maxBytes;
  const answer = { id: file.id, name, kind, size: file.size, contentType, tooLarge, expiresAt };

  if (file.visibility === 'public') {
    if (file.status !== 'Ready') throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
    const previewable = kind !== 'none' && !tooLarge;
    return { ...answer, publicUrl: previewable ? publicFileUrl(PUBLIC_FILES_PATH, file.id) : null };
  }

  const { event } = await authorizePrivateFile(file, caller, now);
  if (kind === 'none' || tooLarge) return { ...answer, publicUrl: null };
  await recordDownload(event, PREVIEW_STATISTIC_CATEGORY);
  const publicUrl = await presignDownload({
    bucket: bucketOf(file.visibility),
    key: file.objectKey,
    fileName: name,
    contentType,
    expiresInSeconds: PREVIEW_LIMITS.urlSeconds,
    disposition: 'inline',
  });
  return { ...answer, publicUrl };
});
