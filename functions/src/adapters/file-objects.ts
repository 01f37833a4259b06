import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from './aws-clients.ts';

/**
 * The S3 side of uploads (decision record 016): presigned POSTs whose policy pins the
 * object's key, exact size and media type, and the reads that check a stored object
 * before its file record becomes Ready. The client is the shared one (checksums
 * `WHEN_REQUIRED`, LOCAL-STACK.md trap 1), so a presigned POST carries no checksum
 * field.
 */

/**
 * A presigned POST: the form's action URL, the fields to send before the `file`
 * field, and when its policy expires (read back from the signed policy, whole
 * seconds, so callers can state exactly the moment S3 will refuse it).
 */
export interface PresignedUpload {
  readonly url: string;
  readonly fields: Record<string, string>;
  readonly expiresAt: Date;
}

/** What to presign: bucket and key, the exact size in bytes, the media type, validity in seconds. */
export interface PresignUploadInput {
  readonly bucket: string;
  readonly key: string;
  readonly size: number;
  readonly contentType: string;
  readonly expiresInSeconds: number;
}

/**
 * A presigned POST for one object. Its policy requires the key, `Content-Type`
 * equal to `contentType`, and `content-length-range` [size, size]: S3 refuses any
 * other body with 400 `EntityTooLarge` / `EntityTooSmall` (s3rver ignores policies;
 * the completion check is the backstop).
 */
export async function presignUpload(input: PresignUploadInput): Promise<PresignedUpload> {
  // The package ships its own copy of client-s3; the client is structurally the same.
  const client = s3Client as unknown as Parameters<typeof createPresignedPost>[0];
  const post = await createPresignedPost(client, {
    Bucket: input.bucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', input.size, input.size],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: input.expiresInSeconds,
  });
  return { ...post, expiresAt: policyExpiration(post.fields.Policy) };
}

/**
 * The `expiration` of a base64 POST policy (S3 "Creating a POST policy").
 * @throws Error when the policy is missing or has no valid expiration.
 */
function policyExpiration(policy: string | undefined): Date {
  const expiration = policy
    ? (JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { expiration?: unknown }).expiration
    : undefined;
  const date = typeof expiration === 'string' ? new Date(expiration) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new Error('The presigned POST has no policy expiration.');
  return date;
}

/** What S3 says of a stored object: size in bytes and media type, or null when it is absent. */
export async function headObject(bucket: string, key: string): Promise<{ size: number; contentType: string } | null> {
  try {
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey) return null;
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** The first `length` bytes of an object (a ranged GET; fewer when the object is shorter). */
export async function readObjectHead(bucket: string, key: string, length: number): Promise<Uint8Array> {
  const output = await s3Client.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }),
  );
  return output.Body ? output.Body.transformToByteArray() : new Uint8Array();
}

/** Streams an object once and answers its size in bytes and SHA-256 (hex); memory stays flat whatever the size. */
export async function digestObject(bucket: string, key: string): Promise<{ size: number; sha256: string }> {
  const output = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of output.Body as Readable) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Deletes an object; absent is fine (S3 DeleteObject is idempotent). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3Client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/**
 * Copies an object to another bucket under the same key, keeping its media type
 * (CopyObject, one request up to 5 GB: well above every upload kind's maximum).
 * Used to publish a checked upload from the private bucket (decision record 031).
 */
export async function copyObject(fromBucket: string, toBucket: string, key: string): Promise<void> {
  await s3Client.send(
    new CopyObjectCommand({
      Bucket: toBucket,
      Key: key,
      CopySource: `${fromBucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'COPY',
    }),
  );
}

/**
 * Stores `bytes` as an object of media type `contentType`, replacing any object at `key`;
 * `cacheControl`, when given, is the object's `Cache-Control` header (served as is).
 */
export async function putObject(
  bucket: string,
  key: string,
  bytes: Uint8Array,
  contentType: string,
  cacheControl?: string,
): Promise<void> {
  await s3Client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: bytes,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
    }),
  );
}

/** The keys of every object under `prefix` (ListObjectsV2, page by page). */
export async function listObjectKeys(bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3Client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** What to presign for a download: the object, the name to save it as, its media type, validity in seconds. */
export interface PresignDownloadInput {
  readonly bucket: string;
  readonly key: string;
  /** The file name the browser saves the download as (any Unicode). */
  readonly fileName: string;
  readonly contentType: string;
  readonly expiresInSeconds: number;
  /** `attachment` (a download, the default) or `inline` (an in-browser preview, issue 24 item 1). */
  readonly disposition?: 'attachment' | 'inline';
}

/**
 * A presigned GET of one object (decision record 022) whose response carries
 * `Content-Disposition: attachment` with `fileName` (RFC 6266: an ASCII `filename`
 * fallback and, for other characters, `filename*` in RFC 8187 encoding: see
 * {@link attachmentDisposition}) and `Content-Type: contentType`, through S3's
 * `response-content-disposition` / `response-content-type` overrides. The shared
 * client signs no checksum (`WHEN_REQUIRED`, LOCAL-STACK.md trap 1), so a plain
 * `fetch` of the URL works, on AWS and on s3rver.
 * @returns the URL, valid `expiresInSeconds` seconds from now.
 */
export async function presignDownload(input: PresignDownloadInput): Promise<string> {
  // The presigner ships its own copy of the client types; the client is structurally the same.
  const client = s3Client as unknown as Parameters<typeof getSignedUrl>[0];
  const command = new GetObjectCommand({
    Bucket: input.bucket,
    Key: input.key,
    ResponseContentDisposition:
      input.disposition === 'inline'
        ? attachmentDisposition(input.fileName).replace(/^attachment/, 'inline')
        : attachmentDisposition(input.fileName),
    ResponseContentType: input.contentType,
  });
  return getSignedUrl(client, command as unknown as Parameters<typeof getSignedUrl>[1], {
    expiresIn: input.expiresInSeconds,
  });
}

/** An RFC 7230 token: a parameter value written without quotes. */
const TOKEN = /^[!#$%&'*+.0-9A-Z^_`a-z|~-]+$/;

/**
 * The `Content-Disposition` of a download saved as `fileName` (RFC 6266), exactly as the
 * `content-disposition` package's `create(fileName, { type: 'attachment' })` writes it,
 * without bundling the package into the Lambdas (decision record 041): printable ASCII
 * without a `%XX` sequence is `attachment; filename=<token or quoted string>`; anything
 * else gets an ASCII fallback (`?` for each other character) and `filename*=UTF-8''`
 * with the name percent-encoded (RFC 8187).
 * @throws URIError for a name holding a lone surrogate (as the package does).
 */
export function attachmentDisposition(fileName: string): string {
  const parameter = (name: string, value: string) =>
    `; ${name}=${TOKEN.test(value) ? value : `"${value.replace(/[\\"]/g, '\\$&')}"`}`;
  if (/^[\x20-\x7e]*$/.test(fileName) && !/%[0-9A-Fa-f]{2}/.test(fileName)) {
    return `attachment${parameter('filename', fileName)}`;
  }
  // encodeURIComponent leaves only ' ( ) * of the characters RFC 8187 wants encoded.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment${parameter('filename', fileName.replace(/[^\x20-\x7e]/g, '?'))}; filename*=UTF-8''${encoded}`;
}
