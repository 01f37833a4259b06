import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * The page builder in a real browser on the seeded portal (issue 9; spec §2.3 "Add
 * new page", §2.14, §4 "Pages", §5 "Pages"): an editor opens Add new page from the
 * account menu, creates a page with a hyphenated link and lands on it, edits its
 * title, gets two sections (written through the API here), moves one with the
 * keyboard (the order is saved) and back with the pointer, and deletes the page with the ticked confirmation,
 * which goes home. axe finds no serious or critical violation at each step.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const TITLE = `Range guide ${stamp}`;
const TITLE_EDITED = `Range field guide ${stamp}`;
const HREF = `/range-guide-${stamp}`;

function url(path: string): string {
  return `${seeded().portal.baseUrl}${path}`;
}

function signIn(page: Page, persona: string, path: string): Promise<void> {
  return signInAs(page, url(''), persona, path);
}

async function closed(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
}

/** Adds a section to page `pageId` through the API, as the signed-in editor (the session's stored token). */
async function addSection(page: Page, pageId: string, name: string, text: string): Promise<void> {
  const status = await page.evaluate(
    async ({ pageId, name, text }) => {
      const key = Object.keys(localStorage).find((candidate) => candidate.endsWith(':session'));
      const stored = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { value?: { token?: string } }) : {};
      const response = await fetch(`/api/v1/pages/${pageId}/sections`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${stored.value?.token ?? ''}` },
        body: JSON.stringify({ name, widgets: [{ kind: 'calloutBox', content: text }] }),
      });
      return response.status;
    },
    { pageId, name, text },
  );
  expect(status).toBe(201);
}

/** The section names in the builder's list, in order. */
async function sectionOrder(page: Page): Promise<string[]> {
  const rows = page.getByRole('list', { name: 'Sections' }).getByRole('listitem');
  return (await rows.allInnerTexts()).map((text) =>
    text
      .replace(/^\d+\.\s*/, '')
      .replace(/\s*Edit$/, '')
      .trim(),
  );
}

describe('the page builder (issue 9)', () => {
  it('creates a page with a hyphenated link from the account menu and lands on it', async () => {
    const { page } = seeded();
    await signIn(page, 'editor', '/');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Add new page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new page' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/pages/new');

    // Nothing filled: every required field says so, the focus on the title.
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(4);
    expect(await dialog.getByRole('textbox', { name: 'Title' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the page dialog with errors').toEqual([]);

    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Where things are on the range.');
    await dialog.getByRole('textbox', { name: 'Link' }).fill(HREF);
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await closed(page);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(HREF);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await trail.getByRole('listitem').allInnerTexts()).toEqual(['Home', TITLE]);
    await page.getByText('No sections yet').waitFor();
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the new page').toEqual([]);
  });

  it('edits the page title', async () => {
    const { page } = seeded();
    await page.getByRole('button', { name: 'Edit page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit page' });
    await dialog.waitFor();
    const title = dialog.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(TITLE);
    expect(await dialog.getByRole('textbox', { name: 'Link' }).inputValue()).toBe(HREF);
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the edit dialog').toEqual([]);
    await title.fill(TITLE_EDITED);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await closed(page);
    await page.getByRole('heading', { level: 1, name: TITLE_EDITED }).waitFor({ timeout: 30_000 });
  });

  it('moves a section with the keyboard and keeps the new order', async () => {
    const { page } = seeded();
    const pageId = await page.locator('article[data-page-id]').getAttribute('data-page-id');
    expect(pageId).toMatch(/^[0-9a-z]{26}$/);
    await addSection(page, pageId ?? '', 'Getting there', 'Directions to the range.');
    await addSection(page, pageId ?? '', 'Opening hours', 'Open on weekdays.');
    await page.reload();
    await page.getByRole('list', { name: 'Sections' }).waitFor({ timeout: 30_000 });
    expect(await sectionOrder(page)).toEqual(['Getting there', 'Opening hours']);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the builder with sections').toEqual([]);

    const handle = page.getByRole('button', { name: 'Move section “Opening hours”' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.getByText(/Picked up section “Opening hours”/).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    // dnd-kit measures the rows on the next frames: drop only once the move is announced.
    await page.getByText(/Section “Opening hours” is over position 1/).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => sectionOrder(page)).toEqual(['Opening hours', 'Getting there']);
    const headings = () => page.locator('article').getByRole('heading', { level: 2 }).allInnerTexts();
    await expect.poll(headings).toEqual(['Opening hours', 'Getting there']);

    // Saved (rows can be picked up again once the server answered): a fresh load shows the new order.
    await expect.poll(() => handle.getAttribute('aria-disabled')).toBe('false');
    // The focus stayed on the handle of the section moved.
    expect(await handle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.reload();
    await page.getByRole('list', { name: 'Sections' }).waitFor({ timeout: 30_000 });
    expect(await sectionOrder(page)).toEqual(['Opening hours', 'Getting there']);
    expect(await headings()).toEqual(['Opening hours', 'Getting there']);

    // With a pointer: drag "Getting there" by its handle above "Opening hours".
    const from = await page.getByRole('button', { name: 'Move section “Getting there”' }).boundingBox();
    const to = await page.getByRole('button', { name: 'Move section “Opening hours”' }).boundingBox();
    if (!from || !to) throw new Error('The handles are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => sectionOrder(page)).toEqual(['Getting there', 'Opening hours']);
    await expect.poll(headings).toEqual(['Getting there', 'Opening hours']);
  });

  it('deletes the page after the ticked confirmation and goes home', async () => {
    const { page } = seeded();
    await page.getByRole('button', { name: 'Edit page' }).click();
    await page.getByRole('dialog', { name: 'Edit page' }).getByRole('button', { name: 'Delete page' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete page' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('alert').waitFor();
    const acknowledge = confirm.getByRole('checkbox');
    await expect.poll(() => acknowledge.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the delete confirmation').toEqual([]);
    await acknowledge.press('Space');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((address) => address.pathname !== HREF, { timeout: 30_000 });
    // Home; without a home-page address that is the courseware list (spec §2.2).
    expect(['/', '/courseware']).toContain(new URL(page.url()).pathname);
    expect(await page.getByRole('alertdialog', { name: 'ERROR' }).count()).toBe(0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe at home after the delete').toEqual([]);

    // The page is gone: its address no longer shows it.
    await page.goto(url(HREF));
    await page.waitForURL((address) => address.pathname !== HREF, { timeout: 30_000 });
  });
});
