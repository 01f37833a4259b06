import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { executableConstructs, XSS_CORPUS } from '../support/xss-corpus.ts';
import { htmlSource, pageSettled, seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The rich text editor in a real browser (issue 25 item 1; decision record 063), on the
 * seeded portal: an editor formats a new module's description with a heading, a list
 * and an image (uploaded from the image dialog) with alt text using the keyboard only,
 * creates it, and a visitor sees them, the image loaded from the public bucket; a pasted Word fragment keeps its headings and loses its styles; the XSS corpus
 * pasted into the editor runs nothing; axe finds no serious violation on the editor
 * with its toolbar, nor on its HTML source view.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const MODULE = `Rich Text Module ${stamp}`;
const WORD = readFileSync(
  path.join(import.meta.dirname, '../../web/src/components/ui/rich-text/fixtures/word-paste.html.txt'),
  'utf8',
);

/** A 1×1 PNG: what the editor uploads from the image dialog. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The portal address of an uploaded public file. */
const IMAGE_ADDRESS = /^\/public\/files\/[0-9a-z]{26}$/;

const url = (pathname: string) => `${seeded().portal.baseUrl}${pathname}`;

async function openCreateForm(page: Page): Promise<Locator> {
  await page.goto(url(`/dev/login?persona=admin&redirect_url=${encodeURIComponent(url('/courseware?creating=1'))}`));
  await page.getByRole('heading', { name: 'Add courseware' }).waitFor();
  const form = page.getByRole('form', { name: 'Add courseware' });
  await form.getByRole('toolbar', { name: 'Description formatting' }).waitFor({ timeout: 30_000 });
  return form;
}

/** Pastes `html` into the focused editor as a browser paste does (a `paste` event carrying `text/html`). */
async function paste(editable: Locator, html: string): Promise<void> {
  await editable.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/html', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** Moves the toolbar's focus with the arrow key until the button named `name` has it. */
async function arrowTo(page: Page, name: string): Promise<void> {
  for (let step = 0; step < 20; step += 1) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === name) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`No toolbar button named ${name}`);
}

describe('the rich text editor (issue 25 item 1)', () => {
  it('formats a description with a heading, a list and an image by keyboard only, and a visitor sees them', async () => {
    const { page, browser } = seeded();
    const form = await openCreateForm(page);
    await form.getByRole('textbox', { name: /^Name/ }).fill(MODULE);
    await form.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Published' });
    const module = form.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Module' });
    await module.focus();
    await module.press('Space');

    // From the toolbar's one Tab stop, Tab goes on into the text.
    await form.getByRole('toolbar', { name: 'Description formatting' }).getByRole('button').first().focus();
    await page.keyboard.press('Tab');
    const editable = form.getByRole('textbox', { name: /^Description/ });
    await expect.poll(() => editable.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await editable.getAttribute('aria-multiline')).toBe('true');

    const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
    await page.keyboard.press(`${mod}+Alt+2`);
    await page.keyboard.type('Lab goals');
    await page.keyboard.press('Enter');
    await page.keyboard.press(`${mod}+Shift+8`);
    await page.keyboard.type('Capture packets');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Filter them');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    await page.keyboard.press('Alt+F10');
    await arrowTo(page, 'Insert image');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.waitFor();
    // The focus starts on "Upload an image": Space opens the file chooser, which the test answers.
    const upload = dialog.getByLabel('Upload an image');
    await expect.poll(() => upload.evaluate((element) => element === document.activeElement)).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'capture.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await dialog.getByText('capture.png is uploaded.').waitFor({ timeout: 30_000 });
    // The focus stayed on the file input; Tab goes on to the URL it filled, then to the alt text.
    expect(await upload.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Image URL' }).inputValue()).toMatch(IMAGE_ADDRESS);
    expect(await seriousAccessibilityViolations(page), 'axe on the image dialog after an upload').toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A packet capture on the range');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    expect(await seriousAccessibilityViolations(page), 'axe on the editor and its toolbar').toEqual([]);
    const source = await htmlSource(form, 'Description', 'Description (HTML)');
    // The empty paragraph after the image is where the caret was left (Tiptap keeps one after a block at the end).
    const html = await source.inputValue();
    const src = /<img src="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(src).toMatch(IMAGE_ADDRESS);
    expect(html).toBe(
      `<h2>Lab goals</h2><ul><li><p>Capture packets</p></li><li><p>Filter them</p></li></ul><img src="${src}" alt="A packet capture on the range"><p></p>`,
    );
    expect(await seriousAccessibilityViolations(page), 'axe on the HTML source view').toEqual([]);

    await form.getByRole('button', { name: 'Create' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor({ timeout: 30_000 });
    const address = page.url();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(address);
    await visitor.getByRole('heading', { level: 2, name: 'Lab goals' }).waitFor({ timeout: 30_000 });
    const list = visitor.getByRole('list').filter({ hasText: 'Capture packets' });
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual(['Capture packets', 'Filter them']);
    const image = visitor.getByRole('img', { name: 'A packet capture on the range' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(src);
    // The uploaded bytes are served from the public bucket: the picture loads.
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
    await visitor.close();
  });

  it('keeps the headings of a pasted Word fragment and drops its styles', async () => {
    const { page } = seeded();
    const form = await openCreateForm(page);
    const editable = form.getByRole('textbox', { name: /^Description/ });
    await editable.focus();
    await paste(editable, WORD);
    await form.getByRole('heading', { level: 2, name: 'Packet capture lab' }).waitFor();
    const html = await (await htmlSource(form, 'Description', 'Description (HTML)')).inputValue();
    expect(html).toContain('<h2>Packet capture lab</h2>');
    expect(html).toContain('<h3>Steps</h3>');
    expect(html).toMatch(/<ol><li><p>Start\s+the capture<\/p>/);
    for (const gone of ['style=', 'class=', 'mso-', 'o:p', 'Calibri', '<span']) expect(html, gone).not.toContain(gone);
  });

  it('runs nothing of the XSS corpus pasted into the editor', async () => {
    const { page } = seeded();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const form = await openCreateForm(page);
    await page.evaluate(() => {
      const calls: string[] = [];
      Object.assign(window, { __xssCalls: calls, __xss: (name: string) => calls.push(name) });
    });
    const editable = form.getByRole('textbox', { name: /^Description/ });
    await editable.focus();
    await paste(editable, XSS_CORPUS.map((vector) => vector.html).join('\n'));
    // Hover and click through what was pasted, then wait until the page's requests have settled.
    await editable.hover();
    await editable.click();
    await pageSettled(page);
    expect(await page.evaluate(() => (window as unknown as { __xssCalls: string[] }).__xssCalls)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await editable.evaluate(executableConstructs)).toEqual([]);
    const html = await (await htmlSource(form, 'Description', 'Description (HTML)')).inputValue();
    expect(html).not.toMatch(/<script|javascript:|onerror|onload|<iframe|<svg/i);
  });
});
