import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * The section dialog in a real browser on the seeded portal (issue 9 items 2 and 3;
 * spec §2.14, §4 "Section dialog", §5 "Widgets", "File picker", §8): an editor
 * opens a page made through the API, adds a section through the page builder's
 * Add section — nothing filled first (the messages under the fields, the focus on
 * the first invalid one), then an image widget with an uploaded PNG and its alt
 * text — and sees the picture on the page, served from the public files address.
 * A giant icon button section whose second (collapsed) button is incomplete opens
 * that panel and focuses its first field. Editing the image section shows the kind
 * fixed and the current image; it is then deleted with the ticked confirmation. axe finds no serious or critical
 * violation on the dialog and the page.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const TITLE = `Range pictures ${stamp}`;
const HREF = `/range-pictures-${stamp}`;
const SECTION = `The lab at night ${stamp}`;
const ALT = 'Rows of lab computers lit at night';
/** A 1×1 PNG (the upload's completion checks the magic bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function url(path: string): string {
  return `${seeded().portal.baseUrl}${path}`;
}

function signIn(page: Page, persona: string, path: string): Promise<void> {
  return signInAs(page, url(''), persona, path);
}

async function closed(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
}

/** Creates a published page through the API as the signed-in editor (the session's stored token); answers its status. */
async function createPage(page: Page, title: string, href: string): Promise<number> {
  return page.evaluate(
    async ({ title, href }) => {
      const key = Object.keys(localStorage).find((candidate) => candidate.endsWith(':session'));
      const stored = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { value?: { token?: string } }) : {};
      const response = await fetch('/api/v1/pages', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${stored.value?.token ?? ''}` },
        body: JSON.stringify({ title, href, status: 'published', meta: { description: 'Pictures of the range.' } }),
      });
      return response.status;
    },
    { title, href },
  );
}

describe('the section dialog (issue 9)', () => {
  it('adds an image section with an uploaded PNG through the page builder', async () => {
    const { page } = seeded();
    await signIn(page, 'editor', '/');
    expect(await createPage(page, TITLE, HREF)).toBe(201);
    await page.goto(url(HREF));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Add section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add section' });
    await dialog.waitFor({ timeout: 30_000 });
    // Nothing chosen: the kind is asked for, with the focus there.
    await dialog.getByRole('button', { name: 'Add section' }).click();
    const kind = dialog.getByRole('combobox', { name: /Widget kind/ });
    await expect.poll(() => kind.evaluate((el) => el === document.activeElement)).toBe(true);
    await kind.selectOption('image');
    // An image widget without its image: both the file and its alt text are asked for.
    await dialog.getByRole('button', { name: 'Add section' }).click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(2);
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the section dialog with errors').toEqual([]);

    await dialog.getByRole('textbox', { name: /Section name/ }).fill(SECTION);
    await dialog
      .getByLabel(/^Image/)
      .and(dialog.locator('input[type="file"]'))
      .setInputFiles({
        name: 'lab.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
    await dialog.getByText(/New image: lab\.png/).waitFor();
    await dialog.getByRole('textbox', { name: /Image alt text/ }).fill(ALT);
    await dialog.getByRole('combobox', { name: 'Position' }).selectOption('left');
    await dialog.getByRole('button', { name: 'Add section' }).click();
    await closed(page);

    const picture = page.getByRole('img', { name: ALT });
    await picture.waitFor({ timeout: 30_000 });
    expect(await picture.getAttribute('src')).toMatch(/\/files\/[0-9a-z]{26}$/);
    await expect.poll(() => picture.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await page.getByRole('heading', { name: SECTION }).waitFor();
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the page with the new section').toEqual([]);
  });

  it('expands and focuses the first invalid widget of a giant icon button section', async () => {
    const { page } = seeded();
    await page.getByRole('button', { name: 'Add section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add section' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('combobox', { name: /Widget kind/ }).selectOption('giantIconButton');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Courseware');
    await dialog.getByRole('textbox', { name: /^Target/ }).fill('/courseware');
    await dialog.getByRole('button', { name: 'Add button' }).click();
    const second = dialog.getByRole('button', { name: /^Giant icon button 2/ });
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('false');

    await dialog.getByRole('button', { name: 'Add section' }).click();
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    const name = dialog.getByRole('textbox', { name: /^Name/ }).nth(1);
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(2);
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on two giant icon buttons').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await closed(page);
  });

  it('edits the section with its kind fixed, then deletes it after the ticked confirmation', async () => {
    const { page } = seeded();
    await page.getByRole('button', { name: `Edit section “${SECTION}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit section' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('combobox', { name: /Widget kind/ }).isDisabled()).toBe(true);
    await dialog.getByText(/Current image: lab\.png/).waitFor();
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the edit dialog').toEqual([]);

    await dialog.getByRole('button', { name: 'Delete section' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete section' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Error: This field is required.' }).waitFor();
    // The focus moved to the checkbox; a keyboard user ticks it with Space.
    const acknowledge = confirm.getByRole('checkbox');
    await expect.poll(() => acknowledge.evaluate((element) => element === document.activeElement)).toBe(true);
    await acknowledge.press('Space');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('img', { name: ALT }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('No sections yet').waitFor();
  });
});
