import { beforeAll, describe, expect, it } from 'vitest';
import { CreatedUpload } from '#shared/contracts/file';
import { portalTokenFor } from '../support/local-portal.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Public files in a real browser on the seeded portal (issue 21): the attack of item 1
 * — an editor stores an HTML page and a script as widget files without completing
 * them, and an administrator opens the page's address — must run nothing in the
 * portal's origin; a contributor's portrait shows on the content page (item 10); an
 * image picked in the editor's dialog previews under the portal's own CSP (item 11).
 */

const suite = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
/** A 1×1 PNG (the upload's completion checks the magic bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
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
async function post(
  created: CreatedUpload,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(created.upload.fields)) {
    form.append(name, name === 'Content-Type' ? contentType : value);
  }
  form.append('file', new Blob([body], { type: contentType }), 'x');
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

/** A JSON request to the API as the editor; answers the parsed body, failing on any status but 200 or 201. */
async function api<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(url(pathname), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe('contributor portraits (issue 21 item 10)', () => {
  it('shows the portrait of a contributor on the content page', async () => {
    const { page, portal } = suite();
    const { created } = await createUpload({ kind: 'portrait', name: 'ada.png', type: 'image/png', size: PNG.length });
    if (!created) throw new Error('createUpload refused the portrait');
    expect(await post(created, new Uint8Array(PNG), 'image/png')).toBe(204);
    await api('POST', `/api/v1/files/${created.fileId}/complete`);
    const saved = await api<{ content: { id: string } }>('POST', '/api/v1/content-saves', {
      fields: { name: `Portrait check ${stamp}`, description: '<p>A lab with a contributor.</p>', status: 'published' },
      contributors: [{ key: 'ada' }],
      newContributors: [
        {
          key: 'ada',
          firstName: 'Ada',
          lastName: `Portrait ${stamp}`,
          school: 'George Mason University',
          email: 'ada@example.org',
          portraitFileId: created.fileId,
        },
      ],
    });

    await page.goto(`${portal.baseUrl}/courseware/${saved.content.id}`);
    const contributors = page.locator('section[aria-labelledby="contributors-heading"]');
    await contributors.getByText(`Ada Portrait ${stamp}`).waitFor({ timeout: 30_000 });
    const portrait = contributors.locator('img');
    await portrait.waitFor({ timeout: 30_000 });
    expect(await portrait.getAttribute('src')).toBe(`/public/files/${created.fileId}`);
    await expect.poll(() => portrait.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

describe('image previews in the editor (issue 21 item 11)', () => {
  it('previews a picked widget image with no CSP violation', async () => {
    const { page, portal } = suite();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    {
      const consoleViolations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });
      const href = `/preview-check-${stamp}`;
      await api('POST', '/api/v1/pages', {
        title: `Preview check ${stamp}`,
        href,
        status: 'published',
        meta: { description: 'Checks the image preview.' },
      });
      await signInAs(page, portal.baseUrl, 'editor', href);
      await page.getByRole('heading', { level: 1, name: `Preview check ${stamp}` }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Add section' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add section' });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByRole('combobox', { name: /Widget kind/ }).selectOption('image');
      await dialog
        .getByLabel(/^Image/)
        .and(dialog.locator('input[type="file"]'))
        .setInputFiles({ name: 'lab.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByText(/New image: lab\.png/).waitFor();

      const preview = dialog.locator('img[src^="blob:"]');
      await preview.waitFor();
      await expect.poll(() => preview.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // Only image violations count here: zod probes `new Function` once (script-src eval,
      // caught by zod itself), which the policy rightly refuses.
      const violations = await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []);
      expect(violations.filter((violation) => !violation.startsWith('script-src eval'))).toEqual([]);
      expect(consoleViolations.filter((text) => /img-src|blob:/.test(text))).toEqual([]);
    }
  });
});
