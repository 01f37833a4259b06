import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { RequestListener } from './s3-multipart.ts';

/**
 * What S3 enforces and s3rver 3.7.1 does not (issue 21 item 1, decision record 031),
 * done in front of s3rver so that the local stack refuses what AWS refuses:
 *
 * - **Signature Version 4, header and query (presigned URLs).** s3rver checks only
 *   version 2 signatures and lets any version 4 signature through. Here every V4
 *   request is signed again with the AWS SDK's own signer (`@smithy/signature-v4`) from
 *   the parts it names (credential scope, date, signed headers, payload hash) and the
 *   signatures compared: a wrong or zeroed signature is 403 `SignatureDoesNotMatch`,
 *   an expired presigned URL 403 `AccessDenied` ("Request has expired"), an unknown
 *   access key 403 `InvalidAccessKeyId`, a presigned URL missing one of its parameters
 *   400 `AuthorizationQueryParametersError`. The payload itself is not hashed
 *   (`x-amz-content-sha256` is taken as sent), nor are the chunk signatures of a
 *   streamed upload.
 * - **No anonymous access.** Both buckets block public access on AWS (the public one
 *   is read only by CloudFront through origin access control), so an unsigned request
 *   — such as a presigned URL with its signature parameters stripped — is 403
 *   `AccessDenied`. CORS preflights (`OPTIONS`) pass, as on S3.
 * - **POST policies** (browser uploads, `@aws-sdk/s3-presigned-post`): the policy's
 *   signature (403 `SignatureDoesNotMatch`), its `expiration` (403 `AccessDenied`
 *   "Policy expired"), every condition — exact matches, `eq`, `starts-with`, and
 *   `content-length-range` on the file's size (400 `EntityTooLarge` /
 *   `EntityTooSmall`) — and that every form field is named by a condition (403
 *   `AccessDenied` "Extra input fields"). Only then does s3rver store the object.
 *
 * Version 2 signatures are left to s3rver, which checks them itself.
 */

/** Secret access keys by access key id: the only identities the local S3 knows. */
export type S3Credentials = Readonly<Record<string, string>>;

/**
 * The largest POST body buffered for its policy check, in bytes: far above every
 * upload kind's maximum (`UPLOAD_KINDS`, 104,857,600 at most). A larger body is
 * refused 400 `EntityTooLarge` before it is read to the end.
 */
export const MAX_POST_BYTES = 128 * 1024 * 1024;

/** A refusal in S3's terms: HTTP status, error code, message. */
class S3Refusal extends Error {
  override name = 'S3Refusal';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const accessDenied = (message = 'Access Denied') => new S3Refusal(403, 'AccessDenied', message);
const signatureMismatch = () =>
  new S3Refusal(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );
const policyRefusal = (reason: string) => accessDenied(`Invalid according to Policy: ${reason}`);

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendRefusal(res: ServerResponse, refusal: S3Refusal): void {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code>` +
    `<Message>${escapeXml(refusal.message)}</Message></Error>`;
  res.writeHead(refusal.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

/**
 * Wraps the S3 emulator's request listener with the checks listed above; a request
 * that passes them reaches `s3rver` unchanged (a POST with its buffered body).
 */
export function withS3Authorization(credentials: S3Credentials, s3rver: RequestListener): RequestListener {
  return (req, res) => {
    authorize(req, credentials)
      .then((admitted) => s3rver(admitted, res))
      .catch((error: unknown) => {
        if (!(error instanceof S3Refusal)) {
          if (!res.headersSent) sendRefusal(res, new S3Refusal(500, 'InternalError', String(error)));
          else res.destroy();
          return;
        }
        sendRefusal(res, error);
        // Whatever of the body is still coming is read and dropped, so the answer arrives.
        if (!req.readableEnded) req.resume();
      });
  };
}

/** The request to hand on (the same one, or a POST replayed from its buffered body); throws S3Refusal. */
async function authorize(req: IncomingMessage, credentials: S3Credentials): Promise<IncomingMessage> {
  const url = new URL(req.url ?? '/', 'http://s3.local');
  if (req.method === 'OPTIONS') return req;
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
    await verifyHeaderSignature(req, url, authorization, credentials);
    return req;
  }
  if (url.searchParams.has('X-Amz-Algorithm')) {
    await verifyPresignedUrl(req, url, credentials);
    return req;
  }
  if (authorization !== undefined || url.searchParams.has('Signature')) return req; // version 2: s3rver checks it
  if (req.method === 'POST' && isForm(req) && !url.searchParams.has('delete')) {
    return verifyPostPolicy(req, url, credentials);
  }
  throw accessDenied();
}

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** `20261127T134500Z` → Date, or null. */
function parseAmzDate(value: string | null | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s));
}

/** `<key id>/<yyyymmdd>/<region>/<service>/aws4_request` → its parts, or null. */
function parseCredential(value: string | null | undefined) {
  const [accessKeyId, day, region, service, terminator, ...rest] = (value ?? '').split('/');
  if (!accessKeyId || !day || !region || !service || terminator !== 'aws4_request' || rest.length > 0) return null;
  return { accessKeyId, day, region, service };
}

function signerFor(credentials: S3Credentials, accessKeyId: string, region: string, service: string): SignatureV4 {
  const secretAccessKey = credentials[accessKeyId];
  if (secretAccessKey === undefined) {
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  return new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service,
    sha256: Sha256,
    // S3 signs the path as sent, without normalising or escaping it again.
    uriEscapePath: false,
  });
}

/** The query of a raw URL as the signer takes it (repeated names as arrays). */
function queryOf(url: URL, drop: ReadonlySet<string>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    if (drop.has(name)) continue;
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** The named headers of a request, as sent. */
function headersOf(req: IncomingMessage, names: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = req.headers[name];
    if (value === undefined) throw signatureMismatch();
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** The request as the signer sees it: method, the path as sent, query and headers. */
function requestOf(req: IncomingMessage, query: HttpRequest['query'], headers: HttpRequest['headers']) {
  return new HttpRequest({
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname: 'localhost',
    path: (req.url ?? '/').split('?')[0] ?? '/',
    query,
    headers,
  });
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function verifyHeaderSignature(
  req: IncomingMessage,
  url: URL,
  authorization: string,
  credentials: S3Credentials,
): Promise<void> {
  const parts = new Map(
    authorization
      .slice('AWS4-HMAC-SHA256 '.length)
      .split(',')
      .map((part) => {
        const [name = '', ...value] = part.trim().split('=');
        return [name, value.join('=')] as const;
      }),
  );
  const credential = parseCredential(parts.get('Credential'));
  const signedHeaders = parts.get('SignedHeaders')?.split(';') ?? [];
  const given = parts.get('Signature') ?? '';
  const date = parseAmzDate(req.headers['x-amz-date'] as string | undefined);
  if (!credential || signedHeaders.length === 0 || !given) {
    throw new S3Refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  if (!date) throw accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(Date.now() - date.getTime()) > 15 * 60_000) {
    throw new S3Refusal(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const signer = signerFor(credentials, credential.accessKeyId, credential.region, credential.service);
  const request = requestOf(req, queryOf(url, new Set()), headersOf(req, signedHeaders));
  const signed = await signer.sign(request, {
    signingDate: date,
    signingRegion: credential.region,
    signingService: credential.service,
    signableHeaders: new Set(signedHeaders),
  });
  const expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization ?? ''))?.[1] ?? '';
  if (!sameSignature(expected, given)) throw signatureMismatch();
}

/** The query parameters of a presigned URL that the signer writes itself. */
const PRESIGN_PARAMETERS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
] as const;

async function verifyPresignedUrl(req: IncomingMessage, url: URL, credentials: S3Credentials): Promise<void> {
  const params = url.searchParams;
  if (PRESIGN_PARAMETERS.some((name) => !params.get(name))) {
    throw new S3Refusal(
      400,
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
    throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  }
  const credential = parseCredential(params.get('X-Amz-Credential'));
  const date = parseAmzDate(params.get('X-Amz-Date'));
  const expiresIn = Number(params.get('X-Amz-Expires'));
  if (!credential || !date || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 604_800) {
    throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'The presigned URL is malformed.');
  }
  if (Date.now() > date.getTime() + expiresIn * 1000) throw accessDenied('Request has expired');
  const signer = signerFor(credentials, credential.accessKeyId, credential.region, credential.service);

  // The signer hoists x-amz-* headers into the query: give it those parameters back
  // as headers (the payload hash among them), under the names they were sent with.
  const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';');
  const headers = headersOf(req, signedHeaders);
  const drop = new Set<string>(PRESIGN_PARAMETERS);
  for (const [name, value] of params) {
    if (name.toLowerCase().startsWith('x-amz-') && !drop.has(name)) {
      headers[name] = value;
      drop.add(name);
    }
  }
  const presigned = await signer.presign(requestOf(req, queryOf(url, drop), headers), {
    signingDate: date,
    expiresIn,
    signingRegion: credential.region,
    signingService: credential.service,
    signableHeaders: new Set(signedHeaders),
  });
  const expected = String(presigned.query?.['X-Amz-Signature'] ?? '');
  if (!sameSignature(expected, params.get('X-Amz-Signature') ?? '')) throw signatureMismatch();
}

/** Reads a body whole, refusing one past {@link MAX_POST_BYTES}. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_POST_BYTES) throw entityTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_POST_BYTES) throw entityTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const entityTooLarge = () =>
  new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');

/** Form fields S3 never asks a condition for. */
const FIELDS_WITHOUT_CONDITION = new Set(['policy', 'x-amz-signature', 'file']);

type PolicyCondition = Record<string, unknown> | unknown[];

/**
 * Checks a browser POST (S3 "Browser-based uploads using POST"): the form is read
 * with the platform's own multipart parser (undici's `FormData`), then the policy's
 * signature, expiration and conditions; answers the request replayed from its bytes.
 */
async function verifyPostPolicy(req: IncomingMessage, url: URL, credentials: S3Credentials): Promise<IncomingMessage> {
  const bucket = url.pathname.split('/')[1] ?? '';
  const body = await readBody(req);
  let form: FormData;
  try {
    form = await new Request('http://s3.local/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    }).formData();
  } catch {
    throw new S3Refusal(
      400,
      'MalformedPOSTRequest',
      'The body of your POST request is not well-formed multipart/form-data.',
    );
  }
  // Field names are case-insensitive; fields after the file are ignored (S3's rule).
  const fields = new Map<string, string>();
  let file: Blob | string | undefined;
  for (const [name, value] of form) {
    if (name === 'file') {
      file = value;
      break;
    }
    if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  if (file === undefined) {
    throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  }
  const policy = fields.get('policy');
  if (!policy) throw accessDenied('Bucket POST must contain a policy.');

  const credential = parseCredential(fields.get('x-amz-credential'));
  const date = parseAmzDate(fields.get('x-amz-date'));
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || !credential || !date) {
    throw new S3Refusal(
      400,
      'InvalidArgument',
      'POST form fields x-amz-algorithm, x-amz-credential and x-amz-date are required.',
    );
  }
  const signer = signerFor(credentials, credential.accessKeyId, credential.region, credential.service);
  const expected = await signer.sign(policy, {
    signingDate: date,
    signingRegion: credential.region,
    signingService: credential.service,
  });
  if (!sameSignature(expected, fields.get('x-amz-signature') ?? '')) throw signatureMismatch();

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  if (Number.isNaN(expiration) || !Array.isArray(document.conditions)) {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: expiration and conditions are required.');
  }
  if (Date.now() > expiration) throw policyRefusal('Policy expired.');

  const size = typeof file === 'string' ? Buffer.byteLength(file) : file.size;
  const fieldValue = (name: string) => (name === 'bucket' ? bucket : fields.get(name));
  const covered = new Set<string>();
  for (const condition of document.conditions as PolicyCondition[]) {
    checkCondition(condition, fieldValue, size, covered);
  }
  const extra = [...fields.keys()].filter(
    (name) => !covered.has(name) && !FIELDS_WITHOUT_CONDITION.has(name) && !name.startsWith('x-ignore-'),
  );
  if (extra.length > 0) throw policyRefusal(`Extra input fields: ${extra.join(', ')}`);
  return replay(req, body);
}

/** One policy condition; records the field it names in `covered`. Throws S3Refusal when it fails. */
function checkCondition(
  condition: PolicyCondition,
  fieldValue: (name: string) => string | undefined,
  size: number,
  covered: Set<string>,
): void {
  const failed = () => policyRefusal(`Policy Condition failed: ${JSON.stringify(condition)}`);
  if (!Array.isArray(condition)) {
    for (const [name, expected] of Object.entries(condition)) {
      const field = name.toLowerCase();
      covered.add(field);
      if (fieldValue(field) !== expected) throw failed();
    }
    return;
  }
  const [operator, first, second] = condition;
  if (operator === 'content-length-range') {
    if (size > Number(second)) throw entityTooLarge();
    if (size < Number(first)) {
      throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
    }
    return;
  }
  if ((operator !== 'eq' && operator !== 'starts-with') || typeof first !== 'string' || !first.startsWith('$')) {
    throw new S3Refusal(
      400,
      'InvalidPolicyDocument',
      `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`,
    );
  }
  const field = first.slice(1).toLowerCase();
  covered.add(field);
  const value = fieldValue(field) ?? '';
  const ok = operator === 'eq' ? value === second : value.startsWith(String(second));
  if (!ok) throw failed();
}

/**
 * A request like `req` whose body is `body` (already read from `req`), for s3rver to
 * read: a stream of the bytes carrying the request's line, headers and socket.
 */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = Readable.from([body], { objectMode: false }) as Readable & Record<string, unknown>;
  Object.assign(copy, {
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    headers: { ...req.headers, 'content-length': String(body.length) },
    rawHeaders: req.rawHeaders,
    socket: req.socket,
    connection: req.socket,
    complete: true,
  });
  return copy as unknown as IncomingMessage;
}
