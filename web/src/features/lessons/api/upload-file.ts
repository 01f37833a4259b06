import { ApiError } from '../../../lib/api-client.ts';
import { deleteFile as deleteFileById, StorageUploadError, uploadFile } from '../../../lib/file-uploads.ts';

/** Deletes an upload by id (`DELETE /api/v1/files/{id}`). */
export function deleteFile(id: string) {
  return deleteFileById({ id });
}

/** Message of a failed POST of the bytes to S3. */
export const S3_UPLOAD_FAILED_MESSAGE = 'The file could not be uploaded. Try again.';

/** A failed upload: why, and the file id it left behind (null when none was created). */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly fileId: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Uploads a courseware file of a content item (spec §5, decision record 016):
 * createUpload → POST to S3 → completeUpload. Answers the new file's id, Ready but
 * not yet attached (the save that names it attaches it). Throws `UploadError` with
 * the server's reason (`cause` the `ApiError`) and the id of the file it had started.
 */
export async function uploadContentFile(
  { file, type, contentId }: { file: Blob & { name: string }; type: string; contentId: string },
  onProgress: (percent: number) => void,
): Promise<string> {
  let fileId: string | null = null;
  try {
    return await uploadFile({ kind: 'content', name: file.name, type, size: file.size, ownerId: contentId }, file, {
      onStarted: (id) => {
        fileId = id;
      },
      onProgress: (share) => onProgress(Math.round(share * 100)),
    });
  } catch (error) {
    throw new UploadError(reasonOf(error), fileId, { cause: error });
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof StorageUploadError) return S3_UPLOAD_FAILED_MESSAGE;
  if (error instanceof ApiError) {
    const detail = error.details[0]?.message;
    if (error.statusCode !== 400 || !detail || error.message.includes(detail)) return error.message;
    return `${error.message} ${detail}`;
  }
  return error instanceof Error ? error.message : S3_UPLOAD_FAILED_MESSAGE;
}
