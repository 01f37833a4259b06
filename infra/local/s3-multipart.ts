import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * The two multipart operations s3rver 3.7.1 lacks (it answers AbortMultipartUpload
 * with 405 and ListMultipartUploads with NotImplemented), answered in front of it
 * from its own filesystem store, so the bundle workflow's clean-up (decision record
 * 022: a failed run leaves no open multipart upload) runs locally as on AWS:
 *
 * - `DELETE /<bucket>/<key>?uploadId=…`: AbortMultipartUpload (204; 404 NoSuchUpload);
 * - `GET /<bucket>?uploads[&prefix=…&key-marker=…&upload-id-marker=…&max-uploads=…]`:
 *   ListMultipartUploads (S3's XML; `delimiter` is not supported and ignored);
 * - `PUT /<bucket>/<key>?uploadId=…&partNumber=…` of an unknown upload: 404
 *   NoSuchUpload, as S3 answers after an abort (s3rver would silently recreate the
 *   upload's folder).
 *
 * Everything else goes to s3rver. s3rver keeps an upload in
 * `<directory>/<bucket>/._S3rver_uploads/<uploadId>/` with the files `key` (the
 * object key), `metadata` (JSON) and one file per part (`getResourcePath(bucket,
 * '', 'uploads')` of `s3rver/lib/stores/filesystem.js`). Requests answered here are
 * not signature-checked: the local stack accepts only its own credentials anyway.
 */

/** An HTTP request listener (s3rver's `callback()` or this module's wrapper). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The folder of a bucket's open multipart uploads in s3rver's store. */
export function uploadsDirectory(directory: string, bucket: string): string {
  return path.join(directory, bucket, '._S3rver_uploads');
}

/** One open multipart upload. */
export interface OpenUpload {
  readonly key: string;
  readonly uploadId: string;
  /** When it was created. */
  readonly initiated: Date;
}

/** Upload ids are s3rver's 32 hex digits: anything else is not an upload (and never a path). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** Bucket names of S3's rules (no path separators, no dots-only names). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The open uploads of a bucket, by key then initiation then id (S3's order). */
export async function listOpenUploads(directory: string, bucket: string): Promise<OpenUpload[]> {
  const root = uploadsDirectory(directory, bucket);
  let ids: string[];
  try {
    ids = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const uploads: OpenUpload[] = [];
  for (const uploadId of ids) {
    if (!UPLOAD_ID.test(uploadId)) continue;
    const keyFile = path.join(root, uploadId, 'key');
    try {
      const [key, info] = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]);
      uploads.push({ key, uploadId, initiated: info.birthtimeMs > 0 ? info.birthtime : info.mtime });
    } catch (error) {
      // A folder without `key` is no upload (a part that raced an abort).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return uploads.sort(
    (a, b) => compare(a.key, b.key) || a.initiated.getTime() - b.initiated.getTime() || compare(a.uploadId, b.uploadId),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

function sendError(res: ServerResponse, status: number, code: string, message: string, extra = ''): void {
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${extra}</Error>`);
}

const OWNER = '<ID>123456789000</ID><DisplayName>S3rver</DisplayName>';

/**
 * Wraps s3rver's request listener: answers the operations listed above from the
 * store under `directory` and passes every other request through.
 */
export function withMultipartOperations(directory: string, s3rver: RequestListener): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = url.searchParams.get('uploadId');
    const handled =
      (req.method === 'DELETE' && key && uploadId !== null && abort(res, directory, bucket, key, uploadId)) ||
      (req.method === 'GET' && !key && url.searchParams.has('uploads') && list(res, directory, bucket, url)) ||
      (req.method === 'PUT' && key && uploadId !== null && url.searchParams.has('partNumber')
        ? checkUpload(req, res, directory, bucket, key, uploadId, s3rver)
        : false);
    if (!handled) s3rver(req, res);
  };
}

function failed(res: ServerResponse, error: unknown): void {
  if (!res.headersSent) sendError(res, 500, 'InternalError', String(error));
  else res.destroy();
}

/** A live upload's folder, or null. */
async function uploadFolder(directory: string, bucket: string, key: string, uploadId: string): Promise<string | null> {
  if (!BUCKET.test(bucket) || !UPLOAD_ID.test(uploadId)) return null;
  const folder = path.join(uploadsDirectory(directory, bucket), uploadId);
  try {
    return (await readFile(path.join(folder, 'key'), 'utf8')) === key ? folder : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function noSuchUpload(res: ServerResponse, uploadId: string): void {
  sendError(
    res,
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    `<UploadId>${escapeXml(uploadId)}</UploadId>`,
  );
}

function abort(res: ServerResponse, directory: string, bucket: string, key: string, uploadId: string): true {
  (async () => {
    const folder = await uploadFolder(directory, bucket, key, uploadId);
    if (!folder) return noSuchUpload(res, uploadId);
    await rm(folder, { recursive: true, force: true });
    res.writeHead(204);
    res.end();
  })().catch((error: unknown) => failed(res, error));
  return true;
}

function checkUpload(
  req: IncomingMessage,
  res: ServerResponse,
  directory: string,
  bucket: string,
  key: string,
  uploadId: string,
  s3rver: RequestListener,
): true {
  // Nothing reads the body yet, so it waits in the socket (not flowing) until s3rver reads it.
  uploadFolder(directory, bucket, key, uploadId)
    .then((folder) => {
      if (folder) {
        s3rver(req, res);
      } else {
        noSuchUpload(res, uploadId);
        req.resume(); // drain the part's body
      }
    })
    .catch((error: unknown) => failed(res, error));
  return true;
}

function list(res: ServerResponse, directory: string, bucket: string, url: URL): true {
  (async () => {
    if (!BUCKET.test(bucket)) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    try {
      await stat(path.join(directory, bucket));
    } catch {
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const prefix = url.searchParams.get('prefix') ?? '';
    const keyMarker = url.searchParams.get('key-marker') ?? '';
    const uploadIdMarker = url.searchParams.get('upload-id-marker') ?? '';
    const maxUploads = Math.min(Math.max(Number(url.searchParams.get('max-uploads') ?? 1000) || 1000, 1), 1000);
    const all = (await listOpenUploads(directory, bucket)).filter(
      (upload) =>
        upload.key.startsWith(prefix) &&
        (!keyMarker ||
          upload.key > keyMarker ||
          (upload.key === keyMarker && uploadIdMarker !== '' && upload.uploadId > uploadIdMarker)),
    );
    const page = all.slice(0, maxUploads);
    const truncated = all.length > page.length;
    const last = page.at(-1);
    const uploads = page
      .map(
        (upload) =>
          `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId>` +
          `<Initiator>${OWNER}</Initiator><Owner>${OWNER}</Owner><StorageClass>STANDARD</StorageClass>` +
          `<Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
      )
      .join('');
    sendXml(
      res,
      200,
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${escapeXml(bucket)}</Bucket><KeyMarker>${escapeXml(keyMarker)}</KeyMarker>` +
        `<UploadIdMarker>${escapeXml(uploadIdMarker)}</UploadIdMarker>` +
        `<NextKeyMarker>${truncated && last ? escapeXml(last.key) : ''}</NextKeyMarker>` +
        `<NextUploadIdMarker>${truncated && last ? last.uploadId : ''}</NextUploadIdMarker>` +
        `<Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>${maxUploads}</MaxUploads>` +
        `<IsTruncated>${truncated}</IsTruncated>${uploads}</ListMultipartUploadsResult>`,
    );
  })().catch((error: unknown) => failed(res, error));
  return true;
}
