import { beforeAll, describe, expect, it } from 'vitest';
import { CreatedUpload } from '#shared/contracts/file';
import { portalTokenFor } from '../support/local-portal.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Public files in a real browser on the seeded portal (issue 21): the attack of item 1
 * — an editor stores an HTML page and a script as widget files without completing
 * them, and an administrator opens the page's address — must run nothing in the
 * portal's origin.
 */

const suite = seededPortalPageForSuite();
const url = (pathname: string) => `${suite().portal.baseUrl}${pathname}`;
let editor = '';

beforeAll(async () => {
  editor = await portalTokenFor(suite().portal, 'editor');
});

/** `POST /api/v1/files/uploads` as the editor; answers the status and, on 201, the upload. */
async function createUpload(body: object): Promise<{ status: number; created: CreatedUpload | null }> {
  const res = await fetch(url('/api/v1/files/uploads'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, created: res.status === 201 ? CreatedUpload.parse(await res.json()) : null };
}

/** The browser's presigned POST, with the form's `Content-Type` field as the attacker chooses. */
async function post(created: CreatedUpload, text: string, contentType: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(created.upload.fields)) {
    form.append(name, name === 'Content-Type' ? contentType : value);
  }
  form.append('file', new Blob([text], { type: contentType }), 'x');
  return (await fetch(created.upload.url, { method: 'POST', body: form })).status;
}

describe('the public file attack of issue 21 item 1', () => {
  it('runs nothing an editor uploads as widget files, completed or not', async () => {
    const { page, portal } = suite();
    const script = 'window.__stolen = JSON.stringify(sessionStorage) + JSON.stringify(localStorage);';

    // Declared as what it is, an HTML page or a script is refused outright.
    for (const type of ['text/html', 'application/javascript', 'image/svg+xml']) {
      expect((await createUpload({ kind: 'widgetFile', name: 'page.txt', type, size: 100 })).status, type).toBe(400);
    }

    // Declared as text but posted as text/html: S3's policy refuses the POST.
    const js = await createUpload({ kind: 'widgetFile', name: 'steal.txt', type: 'text/plain', size: script.length });
    if (!js.created) throw new Error(`createUpload answered ${js.status}`);
    expect(await post(js.created, script, 'application/javascript')).toBe(403);
    // Posted as the text it was declared as, then never completed.
    expect(await post(js.created, script, 'text/plain')).toBe(204);
    const html = `<html><body><h1>Pwned</h1><script src="/public/files/${js.created.fileId}"></script></body></html>`;
    const pageUpload = await createUpload({
      kind: 'widgetFile',
      name: 'page.txt',
      type: 'text/plain',
      size: html.length,
    });
    if (!pageUpload.created) throw new Error(`createUpload answered ${pageUpload.status}`);
    expect(await post(pageUpload.created, html, 'text/html')).toBe(403);
    expect(await post(pageUpload.created, html, 'text/plain')).toBe(204);

    // An administrator with a session opens the page's public address.
    await signInAs(page, portal.baseUrl, 'admin', '/');
    const pageAddress = url(`/public/files/${pageUpload.created.fileId}`);
    const response = await page.goto(pageAddress);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Pwned' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as { __stolen?: string }).__stolen)).toBeUndefined();

    // Completed (it is valid text), it is a download, never a page of the portal's origin.
    for (const fileId of [js.created.fileId, pageUpload.created.fileId]) {
      const completed = await fetch(url(`/api/v1/files/${fileId}/complete`), {
        method: 'POST',
        headers: { authorization: `Bearer ${editor}` },
      });
      expect(completed.status).toBe(200);
    }
    await page.goto(url('/'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(pageAddress).catch(() => null), // Chromium aborts a navigation that becomes a download
    ]);
    expect(download.url()).toBe(pageAddress);
    await download.cancel();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => (window as { __stolen?: string }).__stolen)).toBeUndefined();
  });
});
