import { CreatedUpload, type CreateUploadRequest, DeletedFile, File as FileRecord } from '#shared/contracts/file';
import { apiDelete, apiPost, apiUrlFor } from './api-client.ts';
import type { ApiPathTable } from './api-paths.ts';

/**
 * The operations of this module with their paths below `/api/v1` (decision record 040),
 * loaded with the features that upload, not with the first render.
 */
export const FILE_UPLOADS_API_PATHS = {
  createUpload: '/files/uploads',
  completeUpload: '/files/{id}/complete',
  deleteFile: '/files/{id}',
} as const satisfies ApiPathTable;

const fileUploadsApiUrl = apiUrlFor(FILE_UPLOADS_API_PATHS);

/**
 * Uploads straight to S3 (spec §5 "File picker", §7 "Files"; decision record 016),
 * shared by every feature that uploads (the content editor, lessons): start the
 * upload, post the bytes with a presigned POST, have the server check them.
 */

/**
 * Starts an upload (`POST /api/v1/files/uploads`): records a Pending file and answers
 * its id and a presigned POST (`url`, `fields`) valid 15 minutes. `size` is in bytes;
 * `ownerId` is the content item or contributor, left out while it has no id yet.
 * Throws `ApiError`: 400 naming `type`, `name` or `size` when the file breaks the
 * kind's rules.
 */
export function createUpload(body: CreateUploadRequest) {
  return apiPost(fileUploadsApiUrl('createUpload'), body, CreatedUpload);
}

/**
 * Asks the server to check an uploaded object (size, type, magic bytes) and mark the
 * file Ready (`POST /api/v1/files/{id}/complete`). Answers the File. Throws
 * `ApiError`: 400 with the reason as `message` when the object is refused (it is
 * then deleted), 409 for a file already refused.
 */
export function completeUpload({ id }: { id: string }) {
  return apiPost(fileUploadsApiUrl('completeUpload', { id }), {}, FileRecord);
}

/** Deletes a file, its object and then its record (`DELETE /api/v1/files/{id}`, spec §7 "Delete a file by id"). */
export function deleteFile({ id }: { id: string }) {
  return apiDelete(fileUploadsApiUrl('deleteFile', { id }), DeletedFile);
}

/** Why posting the bytes to storage failed: no answer (status 0), or a refusal with its HTTP status. */
export class StorageUploadError extends Error {
  override name = 'StorageUploadError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Posts a file's bytes to S3 with a presigned POST: a multipart form holding every
 * field of `upload.fields` first and the file last (S3 ignores fields after `file`).
 * Uses XMLHttpRequest, as `fetch` reports no upload progress; `onProgress` gets the
 * share sent, 0 to 1. Resolves on a 2xx answer; rejects with {@link StorageUploadError}
 * otherwise, or when `signal` aborts.
 */
export function postToS3(
  upload: { readonly url: string; readonly fields: Readonly<Record<string, string>> },
  file: Blob,
  { onProgress, signal }: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new StorageUploadError(request.status, `The storage refused the file (status ${request.status}).`));
      }
    };
    request.onerror = () => reject(new StorageUploadError(0, 'The file could not be sent. Check your connection.'));
    request.onabort = () => reject(new StorageUploadError(0, 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/**
 * One whole upload: {@link createUpload}, {@link postToS3}, {@link completeUpload}.
 * Answers the file id, Ready but not attached (the save that names it attaches it).
 * `onStarted` gets the id as soon as the server made one, so that a caller can delete
 * it if anything later fails. Throws what the step that failed threw (`ApiError`,
 * {@link StorageUploadError}).
 */
export async function uploadFile(
  request: CreateUploadRequest,
  file: Blob,
  { onStarted, onProgress }: { onStarted?: (fileId: string) => void; onProgress?: (share: number) => void } = {},
): Promise<string> {
  const started = await createUpload(request);
  onStarted?.(started.fileId);
  onProgress?.(0);
  await postToS3(started.upload, file, onProgress ? { onProgress } : {});
  await completeUpload({ id: started.fileId });
  return started.fileId;
}
