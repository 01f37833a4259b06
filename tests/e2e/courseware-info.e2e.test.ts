import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The Courseware Info table of /admin (spec §2.7) in a real browser, on the seeded
 * courseware, as the editor persona: sorting, rows per page, a title link, and axe
 * (no serious or critical WCAG 2.2 A/AA violations).
 */

const seeded = seededPortalPageForSuite();

function infoTable(): Locator {
  return seeded().page.getByRole('table', { name: 'Courseware Info', exact: true });
}

/** The Content Title cell texts of the rows on screen. */
async function titles(): Promise<string[]> {
  return (await infoTable().locator('tbody tr td:nth-child(3)').allTextContents()).map((text) => text.trim());
}

function range(): Locator {
  return seeded()
    .page.getByRole('navigation', { name: 'Pagination' })
    .getByText(/^\d+–\d+ of \d+$/);
}

describe('Courseware Info for an editor', () => {
  it('signs the editor in and shows every content item in the table', async () => {
    const back = encodeURIComponent(`${seeded().portal.baseUrl}/admin`);
    await seeded().page.goto(`${seeded().portal.baseUrl}/dev/login?persona=editor&redirect_url=${back}`);
    await seeded().page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await infoTable().waitFor();
    expect(await seeded().page.getByRole('columnheader', { name: 'Last Modified' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect((await titles()).length).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(seeded().page), 'axe on the Courseware Info table').toEqual([]);
  });

  it('sorts by Content Title, both ways', async () => {
    const header = seeded().page.getByRole('columnheader', { name: 'Content Title' });
    await header.getByRole('button', { name: 'Content Title' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = await titles();
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    expect(ascending).toEqual([...ascending].sort(collator.compare));

    await header.getByRole('button', { name: 'Content Title' }).press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const descending = await titles();
    expect(descending).toEqual([...descending].sort((a, b) => collator.compare(b, a)));

    await header.getByRole('button', { name: 'Content Title' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
  });

  it('switches rows per page to All, then back to 25', async () => {
    const select = seeded().page.getByRole('combobox', { name: 'Rows per page' });
    const total = Number((await range().textContent())?.split(' of ')[1]);
    expect(total).toBeGreaterThan(0);

    await select.selectOption({ label: 'All' });
    await expect.poll(async () => (await titles()).length).toBe(total);
    expect(await range().textContent()).toBe(`1–${total} of ${total}`);

    await select.selectOption({ label: '25' });
    const shown = Math.min(25, total);
    await expect.poll(async () => (await titles()).length).toBe(shown);
    expect(await range().textContent()).toBe(`1–${shown} of ${total}`);
    expect(await seriousAccessibilityViolations(seeded().page), 'axe after paging').toEqual([]);
  });

  it('follows a title link to the content page', async () => {
    const [first] = await titles();
    expect(first).toBeTruthy();
    await infoTable()
      .getByRole('link', { name: first as string, exact: true })
      .first()
      .click();
    await seeded().page.waitForURL((url) => url.pathname.startsWith('/courseware/'));
    await seeded()
      .page.getByRole('heading', { level: 1, name: first as string, exact: true })
      .waitFor();
  });

  it('selects two rows and archives them after confirming, with a summary (issue 25 item 8)', async () => {
    const { page, portal } = seeded();
    await page.goto(`${portal.baseUrl}/admin`);
    await infoTable().waitFor();
    const [first, second] = await titles();
    expect(first && second).toBeTruthy();
    // The keyboard, as a person without a mouse would: Tab to the box, Space to tick it.
    for (const title of [first, second] as string[]) {
      const box = infoTable()
        .getByRole('checkbox', { name: `Select ${title}`, exact: true })
        .first();
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect.poll(() => toolbar.getByText('2 selected').isVisible()).toBe(true);
    await toolbar.getByRole('button', { name: 'Archive' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Archive 2 items?' });
    await dialog.waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe with the confirmation open').toEqual([]);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const summary = page.getByRole('status').filter({ hasText: 'archived' });
    await expect.poll(() => summary.textContent()).toContain('2 archived, 0 failed');
    await expect.poll(async () => (await titles()).includes(first as string)).toBe(false);
    expect(await seriousAccessibilityViolations(page), 'axe with the summary').toEqual([]);
  });
});
