import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/contracts/common';
import {
  CreatedUpload,
  type CreateUploadRequest,
  FILE_ATTACHED_MESSAGE,
  File as FileContract,
  FileStatusBody,
} from '#shared/contracts/file';
import type { PersonaName } from '#shared/contracts/identity';
import { headObject, putObject } from '../../functions/src/adapters/file-objects.ts';
import { getFile } from '../../functions/src/data/files.ts';
import { env } from '../../functions/src/lib/env.ts';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';

/**
 * Uploads straight to S3 (decision records 016, 031), over HTTP against the embedded
 * stack: the real gateway and handlers, presigned POSTs sent to the local S3 as
 * multipart forms with `fetch` + `FormData`, as the browser will. The local S3
 * enforces the POST policy as S3 does (`infra/local/s3-authorization.ts`); the
 * completion check behind it is shown with objects stored past the policy.
 */

let portal: LocalPortal;
const tokens = new Map<PersonaName, string>();
const OWNER = '01jd8z5a4b3c2d1e0f9g8h7j6k';
const LAB_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  for (const persona of ['editor', 'admin', 'student', 'faculty-uscr'] as const)
    tokens.set(persona, await portalTokenFor(portal, persona));
});
afterAll(async () => {
  await portal?.stop();
});

async function api(method: string, path: string, as: PersonaName | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (as) headers.authorization = `Bearer ${tokens.get(as)}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${portal.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Bytes that start like a real file of the type, padded to `size`. */
function fileBytes(kind: 'pdf' | 'png', size: number): Uint8Array<ArrayBuffer> {
  const head =
    kind === 'pdf'
      ? Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')
      : Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(head.subarray(0, size));
  return bytes;
}

async function createUpload(request: CreateUploadRequest, as: PersonaName = 'editor'): Promise<CreatedUpload> {
  const res = await api('POST', '/api/v1/files/uploads', as, request);
  expect(res.status, await res.clone().text()).toBe(201);
  return CreatedUpload.parse(await res.json());
}

/** The browser's side: a multipart POST of the presigned fields, then the file. */
async function postToS3(
  upload: CreatedUpload['upload'],
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'ignored-name');
  return fetch(upload.url, { method: 'POST', body: form });
}

function policyOf(upload: CreatedUpload['upload']): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8'));
}

const pdfRequest = (size: number): CreateUploadRequest => ({
  kind: 'content',
  name: 'Buffer overflow lab guide.pdf',
  type: 'application/pdf',
  size,
  ownerId: OWNER,
});

describe('uploading a file straight to S3', () => {
  it('uploads a PDF to the private bucket and completes it Ready with its SHA-256', async () => {
    const bytes = fileBytes('pdf', 48_213);
    const created = await createUpload(pdfRequest(bytes.length));
    expect(created.upload.fields.key).toBe(`files/${created.fileId}`);
    expect(created.upload.url).toContain(env().privateBucket);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await getFile(created.fileId))?.status).toBe('Pending');

    const posted = await postToS3(created.upload, bytes, 'application/pdf');
    expect(posted.status).toBe(204);
    const res = await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor');
    expect(res.status).toBe(200);
    const file = FileContract.parse(await res.json());
    expect(file).toMatchObject({
      id: created.fileId,
      name: 'Buffer overflow lab guide.pdf',
      type: 'application/pdf',
      status: 'Ready',
      visibility: 'private',
      publicUrl: null,
      metadata: { id: OWNER, type: 'Content' },
    });
    const record = await getFile(created.fileId);
    expect(record?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // Ready but not attached by a save yet: it keeps a TTL of a day (decision record 020).
    expect(record?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 86_400 - 60);

    const status = await api('GET', `/api/v1/files/${created.fileId}`, 'editor');
    expect(FileStatusBody.parse(await status.json())).toEqual({ id: created.fileId, name: file.name, status: 'Ready' });
    // Completing again answers the same file.
    expect((await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor')).status).toBe(200);
  });

  it('presigns a policy pinned to the key, the exact declared size and the media type', async () => {
    const created = await createUpload(pdfRequest(1234));
    const policy = policyOf(created.upload);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1234, 1234],
        ['eq', '$Content-Type', 'application/pdf'],
        { key: `files/${created.fileId}` },
        { bucket: env().privateBucket },
      ]),
    );
    expect(Date.parse(policy.expiration)).toBe(Date.parse(created.expiresAt.replace(/\.\d{3}Z$/, 'Z')));
    expect(created.upload.fields['Content-Type']).toBe('application/pdf');
    expect(Object.keys(created.upload.fields).some((name) => name.toLowerCase().includes('checksum'))).toBe(false);
  });

  it('lets the portal origin POST to the bucket (CORS preflight)', async () => {
    const created = await createUpload(pdfRequest(10));
    const res = await fetch(created.upload.url, {
      method: 'OPTIONS',
      headers: { origin: portal.baseUrl, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('uploads a portrait at 1,000,000 bytes to the public bucket and serves it under /public/', async () => {
    const bytes = fileBytes('png', 1_000_000);
    const created = await createUpload({
      kind: 'portrait',
      name: 'portrait.png',
      type: 'image/png',
      size: bytes.length,
    });
    // Posted to the private bucket, published only once checked (decision record 031).
    expect(created.upload.url).toContain(env().privateBucket);
    expect((await postToS3(created.upload, bytes, 'image/png')).status).toBe(204);
    expect((await fetch(`${portal.baseUrl}/public/files/${created.fileId}`)).status).toBe(404);
    const file = FileContract.parse(
      await (await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor')).json(),
    );
    expect(file.status).toBe('Ready');
    expect(file.publicUrl).toBe(`/public/files/${created.fileId}`);
    const served = await fetch(`${portal.baseUrl}${file.publicUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), Buffer.from(bytes))).toBe(0);
    expect(await headObject(env().privateBucket, `files/${created.fileId}`)).toBeNull();
  });

  it('refuses to presign a portrait of 1,000,001 bytes', async () => {
    const res = await api('POST', '/api/v1/files/uploads', 'editor', {
      kind: 'portrait',
      name: 'portrait.png',
      type: 'image/png',
      size: 1_000_001,
    });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(await res.json()).errors).toContainEqual({
      path: 'body.size',
      message: 'The file is larger than 1,000,000 bytes.',
    });
  });

  it('refuses at S3 a portrait posted past its declared size (400 EntityTooLarge): nothing is stored', async () => {
    const created = await createUpload({ kind: 'portrait', name: 'portrait.png', type: 'image/png', size: 1_000_000 });
    const posted = await postToS3(created.upload, fileBytes('png', 1_000_001), 'image/png');
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('<Code>EntityTooLarge</Code>');
    const res = await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor');
    expect(ErrorBody.parse(await res.json()).message).toBe('The file has not been uploaded yet.');
    expect((await getFile(created.fileId))?.status).toBe('Pending');
  });

  it('refuses, deletes and fails a portrait stored past 1,000,000 bytes (the check behind the policy)', async () => {
    const created = await createUpload({ kind: 'portrait', name: 'portrait.png', type: 'image/png', size: 1_000_000 });
    // Only a writer other than the policy (a credentialed client) can store this.
    await putObject(env().privateBucket, `files/${created.fileId}`, fileBytes('png', 1_000_001), 'image/png');
    const res = await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor');
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(await res.json()).message).toBe('The file is larger than 1,000,000 bytes.');
    expect(await headObject(env().privateBucket, `files/${created.fileId}`)).toBeNull();
    expect(await headObject(env().publicBucket, `files/${created.fileId}`)).toBeNull();
    expect((await getFile(created.fileId))?.status).toBe('Failed');
  });

  it('refuses at S3 a Content-Type other than declared (403), so text/html never lands as a widget file', async () => {
    const created = await createUpload({ kind: 'widgetFile', name: 'notes.txt', type: 'text/plain', size: 20 });
    const form = new FormData();
    for (const [name, value] of Object.entries(created.upload.fields)) {
      form.append(name, name === 'Content-Type' ? 'text/html' : value);
    }
    form.append('file', new Blob(['<script>alert(1)</script>'.slice(0, 20)], { type: 'text/html' }), 'x.html');
    const posted = await fetch(created.upload.url, { method: 'POST', body: form });
    expect(posted.status).toBe(403);
    expect(await headObject(env().privateBucket, `files/${created.fileId}`)).toBeNull();
  });

  it('accepts no media type that can run in the portal origin, for any upload kind', async () => {
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/javascript',
      'text/javascript',
      'application/xml',
      'text/xml',
    ]) {
      const res = await api('POST', '/api/v1/files/uploads', 'editor', {
        kind: 'widgetFile',
        name: 'page.html',
        type,
        size: 100,
      });
      expect(res.status, type).toBe(400);
    }
  });

  it('serves a completed public file that is not an image as an attachment, never inline', async () => {
    const bytes = new TextEncoder().encode('<html><script src="/public/x"></script></html>\n');
    const created = await createUpload({
      kind: 'widgetFile',
      name: 'notes.txt',
      type: 'text/plain',
      size: bytes.length,
    });
    expect((await postToS3(created.upload, bytes, 'text/plain')).status).toBe(204);
    // Not completed: not served.
    expect((await fetch(`${portal.baseUrl}/public/files/${created.fileId}`)).status).toBe(404);
    expect((await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor')).status).toBe(200);
    const served = await fetch(`${portal.baseUrl}/public/files/${created.fileId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a PNG declared as a PDF: the object is deleted and the file is not Ready', async () => {
    const bytes = fileBytes('png', 5000);
    const created = await createUpload(pdfRequest(bytes.length));
    expect((await postToS3(created.upload, bytes, 'application/pdf')).status).toBe(204);
    const res = await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor');
    expect(res.status).toBe(400);
    const body = ErrorBody.parse(await res.json());
    expect(body.message).toBe('The file is not a PDF.');
    expect(body.errors).toEqual([{ path: 'file', message: 'The file is not a PDF.' }]);
    expect(await headObject(env().privateBucket, `files/${created.fileId}`)).toBeNull();
    const status = FileStatusBody.parse(await (await api('GET', `/api/v1/files/${created.fileId}`, 'editor')).json());
    expect(status.status).toBe('Failed');
    // A refused upload stays refused.
    expect((await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor')).status).toBe(409);
  });

  it('refuses a body smaller than declared, and leaves a file not yet posted Pending', async () => {
    const notPosted = await createUpload(pdfRequest(100));
    const early = await api('POST', `/api/v1/files/${notPosted.fileId}/complete`, 'editor');
    expect(early.status).toBe(400);
    expect(ErrorBody.parse(await early.json()).message).toBe('The file has not been uploaded yet.');
    expect((await getFile(notPosted.fileId))?.status).toBe('Pending');

    const small = await postToS3(notPosted.upload, fileBytes('pdf', 99), 'application/pdf');
    expect(small.status).toBe(400);
    expect(await small.text()).toContain('<Code>EntityTooSmall</Code>');
    await putObject(env().privateBucket, `files/${notPosted.fileId}`, fileBytes('pdf', 99), 'application/pdf');
    const res = await api('POST', `/api/v1/files/${notPosted.fileId}/complete`, 'editor');
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(await res.json()).message).toBe('The file is not the 100 bytes declared.');
  });

  it("answers 404 to another editor completing someone else's upload", async () => {
    const created = await createUpload(pdfRequest(100));
    await postToS3(created.upload, fileBytes('pdf', 100), 'application/pdf');
    expect((await api('POST', `/api/v1/files/${created.fileId}/complete`, 'admin')).status).toBe(404);
    expect((await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor')).status).toBe(200);
  });

  it('refuses a file name with a line break, a quote or ../ with a field message (issue 21 item 7)', async () => {
    for (const [name, message] of [
      ['Lab\nguide.pdf', 'Must not contain line breaks or other control characters.'],
      ['Lab "guide".pdf', 'Must not contain quotation marks (" \' `).'],
      ['../../guide.pdf', 'Must not contain / or \\ (path separators).'],
    ] as const) {
      const res = await api('POST', '/api/v1/files/uploads', 'editor', { ...pdfRequest(10), name });
      expect(res.status, name).toBe(400);
      expect(ErrorBody.parse(await res.json()).errors).toContainEqual({ path: 'body.name', message });
    }
  });

  it('answers a private file a caller may not download exactly as a file that does not exist (issue 21 item 8)', async () => {
    const lab = (await (await api('GET', `/api/v1/content/${encodeURIComponent(LAB_ALIAS)}`, null)).json()) as {
      content: { files: { id: string; name: string }[] };
    };
    const pdf = lab.content.files[0];
    if (!pdf) throw new Error('The seeded lab has no file.');
    const missing = await api('GET', '/api/v1/files/01jd8z6w5k3m2n1p0q9r8s7t6v', 'student');
    const hidden = await api('GET', `/api/v1/files/${pdf.id}`, 'student');
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
    // Who may download it, and editors, see its name and status.
    for (const persona of ['faculty-uscr', 'editor'] as const) {
      const seen = await api('GET', `/api/v1/files/${pdf.id}`, persona);
      expect(seen.status, persona).toBe(200);
      expect(FileStatusBody.parse(await seen.json())).toEqual({ id: pdf.id, name: pdf.name, status: 'Ready' });
    }
    // Another user's upload is hidden from a student too; its uploader sees it.
    const upload = await createUpload(pdfRequest(10));
    expect((await api('GET', `/api/v1/files/${upload.fileId}`, 'student')).status).toBe(404);
    expect((await api('GET', `/api/v1/files/${upload.fileId}`, 'editor')).status).toBe(200);
  });

  it('answers 401 to a visitor and 403 to a student asking for an upload', async () => {
    expect((await api('POST', '/api/v1/files/uploads', null, pdfRequest(10))).status).toBe(401);
    expect((await api('POST', '/api/v1/files/uploads', 'student', pdfRequest(10))).status).toBe(403);
  });

  it('deletes a file: its object and its record', async () => {
    const bytes = fileBytes('pdf', 2048);
    const created = await createUpload(pdfRequest(bytes.length));
    await postToS3(created.upload, bytes, 'application/pdf');
    expect((await api('POST', `/api/v1/files/${created.fileId}/complete`, 'editor')).status).toBe(200);

    expect((await api('DELETE', `/api/v1/files/${created.fileId}`, 'student')).status).toBe(403);
    const res = await api('DELETE', `/api/v1/files/${created.fileId}`, 'editor');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: created.fileId });
    expect(await headObject(env().privateBucket, `files/${created.fileId}`)).toBeNull();
    expect(await getFile(created.fileId)).toBeNull();
    expect((await api('GET', `/api/v1/files/${created.fileId}`, 'editor')).status).toBe(404);
    expect((await api('DELETE', `/api/v1/files/${created.fileId}`, 'editor')).status).toBe(404);
  });

  it('refuses to delete a file that content holds (409) and another user’s upload (404)', async () => {
    const list = (await (await api('GET', '/api/v1/content?limit=300', null)).json()) as {
      items: { files?: { id: string }[] }[];
    };
    const seededFileId = list.items.flatMap((item) => item.files ?? [])[0]?.id ?? '';
    expect((await getFile(seededFileId))?.expiresAt).toBeUndefined();
    const attached = await api('DELETE', `/api/v1/files/${seededFileId}`, 'editor');
    expect(attached.status).toBe(409);
    expect(await attached.json()).toEqual({ statusCode: 409, message: FILE_ATTACHED_MESSAGE });
    expect(await getFile(seededFileId)).not.toBeNull();

    const created = await createUpload(pdfRequest(64));
    expect((await api('DELETE', `/api/v1/files/${created.fileId}`, 'admin')).status).toBe(404);
    expect(await getFile(created.fileId)).not.toBeNull();
  });
});
