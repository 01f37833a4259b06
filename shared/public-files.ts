/**
 * Where a public file is served (decision records 016, 031; issue 21 item 10): the one
 * builder of a public file's address for the SPA and the server. CloudFront's
 * `/public/*` behaviour and the local server map `/public/<key>` to object `<key>` of
 * the public bucket, and every public file's key is `files/<fileId>`.
 */

/** The portal path the public bucket is served under: CloudFront's behaviour, and `publicFilesBaseUrl`'s default. */
export const PUBLIC_FILES_PATH = '/public';

/** Key prefix of uploaded files in both buckets; a public file's key is this plus its id. */
export const UPLOADED_FILE_KEY_PREFIX = 'files/';

/**
 * The address of a public file: `publicFilesBaseUrl` (the runtime configuration's, e.g.
 * `/public` or `https://cdn.example.org/public`; trailing slashes ignored) + `/files/` +
 * the URL-encoded file id. The portal's own address is `publicFileUrl(PUBLIC_FILES_PATH, id)`.
 */
export function publicFileUrl(publicFilesBaseUrl: string, fileId: string): string {
  return `${publicFilesBaseUrl.replace(/\/+$/, '')}/${UPLOADED_FILE_KEY_PREFIX}${encodeURIComponent(fileId)}`;
}

/** The start of every portal-relative public file address: `/public/files/`. */
export const PORTAL_PUBLIC_FILE_PREFIX = `${PUBLIC_FILES_PATH}/${UPLOADED_FILE_KEY_PREFIX}`;
