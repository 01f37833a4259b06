import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignUpload } from '../../functions/src/adapters/file-objects.ts';
import { env } from '../../functions/src/lib/env.ts';
import { type LocalPortal, startLocalPortal } from '../../tests/support/local-portal.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators.ts';

/**
 * What S3 enforces, enforced by the local stack's S3 (issue 21 item 1, decision
 * record 031): over HTTP against the running local portal's S3 endpoint, with the
 * SDK's own presigners and clients.
 */

let portal: LocalPortal;
let client: S3Client;
const KEY = 'files/01jdauthorizationtest00001';
const SECRET = Buffer.from('%PDF-1.7\n% a private lab guide\n');

beforeAll(async () => {
  portal = await startLocalPortal();
  client = new S3Client({
    endpoint: portal.urls.s3,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(
    new PutObjectCommand({ Bucket: env().privateBucket, Key: KEY, Body: SECRET, ContentType: 'application/pdf' }),
  );
});
afterAll(async () => {
  client?.destroy();
  await portal?.stop();
});

async function presignedGet(expiresIn = 60): Promise<URL> {
  const signer = client as unknown as Parameters<typeof getSignedUrl>[0];
  const command = new GetObjectCommand({ Bucket: env().privateBucket, Key: KEY });
  return new URL(await getSignedUrl(signer, command as unknown as Parameters<typeof getSignedUrl>[1], { expiresIn }));
}

async function codeOf(res: Response): Promise<string> {
  return /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1] ?? '';
}

describe('presigned GETs of the private bucket', () => {
  it('reads the object with the signature as presigned', async () => {
    const res = await fetch(await presignedGet());
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SECRET);
  });

  it('answers 403 SignatureDoesNotMatch to a zeroed signature', async () => {
    const url = await presignedGet();
    url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('SignatureDoesNotMatch');
  });

  it('answers 403 to a signature of another object, and to a URL whose key was changed', async () => {
    const other = await presignedGet();
    const url = await presignedGet();
    url.searchParams.set(
      'X-Amz-Signature',
      other.searchParams.get('X-Amz-Signature')?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) ?? '',
    );
    expect((await fetch(url)).status).toBe(403);
    const moved = await presignedGet();
    moved.pathname = moved.pathname.replace(KEY, 'files/01jdsomeoneelsesfile0000001');
    expect((await fetch(moved)).status).toBe(403);
  });

  it('answers 403 AccessDenied when the signature parameters are stripped (anonymous)', async () => {
    const url = await presignedGet();
    for (const name of [...url.searchParams.keys()]) if (name.startsWith('X-Amz-')) url.searchParams.delete(name);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('AccessDenied');
    expect((await fetch(`${portal.urls.s3}/${env().privateBucket}/${KEY}`)).status).toBe(403);
    expect((await fetch(`${portal.urls.s3}/${env().publicBucket}/${KEY}`)).status).toBe(403);
  });

  it('refuses a URL missing only its signature (400, as S3)', async () => {
    const url = await presignedGet();
    url.searchParams.delete('X-Amz-Signature');
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('AuthorizationQueryParametersError');
  });

  it('answers 403 to an expired URL, and to one whose expiry was lengthened', async () => {
    const url = await presignedGet(1);
    const date = url.searchParams.get('X-Amz-Date') ?? '';
    const past = new Date(Date.now() - 10_000).toISOString().replace(/[-:]|\.\d{3}/g, '');
    url.searchParams.set('X-Amz-Date', past);
    expect((await fetch(url)).status).toBe(403);
    url.searchParams.set('X-Amz-Date', date);
    url.searchParams.set('X-Amz-Expires', '3600');
    const lengthened = await fetch(url);
    expect(lengthened.status).toBe(403);
    expect(await codeOf(lengthened)).toBe('SignatureDoesNotMatch');
  });

  it('answers 403 to SDK requests signed with a wrong secret, and serves correctly signed ones', async () => {
    const wrong = new S3Client({
      endpoint: portal.urls.s3,
      region: LOCAL_REGION,
      credentials: { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret' },
      forcePathStyle: true,
    });
    try {
      await expect(wrong.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: KEY }))).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      wrong.destroy();
    }
    const object = await client.send(new GetObjectCommand({ Bucket: env().privateBucket, Key: KEY }));
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? [])).toEqual(SECRET);
  });
});

/** The browser's side of a presigned POST: the fields, then the file. */
function post(upload: { url: string; fields: Record<string, string> }, bytes: Uint8Array, type?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), 'x');
  return fetch(upload.url, { method: 'POST', body: form });
}

describe('presigned POST policies', () => {
  const bytes = new Uint8Array(100).fill(0x20);
  const presign = (key: string, overrides: { expiresInSeconds?: number } = {}) =>
    presignUpload({
      bucket: env().privateBucket,
      key,
      size: 100,
      contentType: 'text/plain',
      expiresInSeconds: overrides.expiresInSeconds ?? 60,
    });

  it('stores an upload that meets every condition', async () => {
    const upload = await presign('files/01jdpolicyok00000000000001');
    expect((await post(upload, bytes)).status).toBe(204);
  });

  it('answers 403 to a Content-Type other than the policy names', async () => {
    const upload = await presign('files/01jdpolicytype0000000000001');
    const res = await post({ ...upload, fields: { ...upload.fields, 'Content-Type': 'text/html' } }, bytes);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Policy Condition failed');
    expect((await fetch(await presignedGetOf('files/01jdpolicytype0000000000001'))).status).toBe(404);
  });

  it('answers 400 EntityTooLarge / EntityTooSmall outside content-length-range', async () => {
    const upload = await presign('files/01jdpolicysize0000000000001');
    const large = await post(upload, new Uint8Array(101));
    expect(large.status).toBe(400);
    expect(await codeOf(large)).toBe('EntityTooLarge');
    const small = await post(upload, new Uint8Array(99));
    expect(small.status).toBe(400);
    expect(await codeOf(small)).toBe('EntityTooSmall');
  });

  it('answers 403 to another key, an extra field, a forged policy and an expired policy', async () => {
    const upload = await presign('files/01jdpolicykey00000000000001');
    expect((await post({ ...upload, fields: { ...upload.fields, key: 'files/elsewhere' } }, bytes)).status).toBe(403);
    const extra = await post({ ...upload, fields: { ...upload.fields, 'x-amz-meta-note': 'hi' } }, bytes);
    expect(extra.status).toBe(403);
    expect(await extra.text()).toContain('Extra input fields');
    const forged = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8'));
    forged.conditions = forged.conditions.filter((c: unknown) => !Array.isArray(c));
    const forgedPolicy = Buffer.from(JSON.stringify(forged)).toString('base64');
    const res = await post({ ...upload, fields: { ...upload.fields, Policy: forgedPolicy } }, new Uint8Array(5000));
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('SignatureDoesNotMatch');

    const signer = client as unknown as Parameters<typeof createPresignedPost>[0];
    const expired = await createPresignedPost(signer, {
      Bucket: env().privateBucket,
      Key: 'files/01jdpolicyexpired000000001',
      Expires: -1,
    });
    const late = await post(expired, bytes);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Policy expired');
  });
});

async function presignedGetOf(key: string): Promise<string> {
  const signer = client as unknown as Parameters<typeof getSignedUrl>[0];
  const command = new GetObjectCommand({ Bucket: env().privateBucket, Key: key });
  return getSignedUrl(signer, command as unknown as Parameters<typeof getSignedUrl>[1], { expiresIn: 60 });
}
