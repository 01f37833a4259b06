import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Personal data in a real browser on the seeded portal (issue 26 item 5; decision
 * record 075): Una Faculty (faculty-uscr) rates a lab and saves it, opens "Your data"
 * from the account menu, downloads the JSON (the review and the saved item in it) and
 * deletes her reviews after the confirmation, and the lab's page shows no rating any
 * more; the administrator opens her personal data from Admin → Users and downloads the
 * same file. Driven by role and accessible name; axe on the page and both dialogs.
 */

const LAB =
  '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

const seeded = seededPortalPageForSuite();

/** Clicks `button` and answers the JSON of the file the browser saves. */
async function downloadedJson(page: Page, click: () => Promise<void>): Promise<{ name: string; data: unknown }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  return { name: download.suggestedFilename(), data: JSON.parse(text) };
}

describe('personal data (issue 26 item 5)', () => {
  it('lets a faculty member see, download and delete what she wrote', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'faculty-uscr', LAB);
    const section = page.getByRole('region', { name: 'Ratings and reviews' });
    await section.getByRole('heading', { level: 3, name: 'Rate this courseware' }).waitFor({ timeout: 30_000 });
    await section.getByRole('radio', { name: '5 stars' }).check();
    await section.getByRole('textbox', { name: 'Your review (optional)' }).fill('Ran it with two classes.');
    await section.getByRole('button', { name: 'Save rating' }).click();
    await section.getByText('Rated 5.0 out of 5 from 1 rating').first().waitFor();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Your data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    const table = page.getByRole('table', { name: 'What the portal holds about you' });
    await expect
      .poll(() => table.getByRole('row', { name: /Ratings and reviews/ }).textContent())
      .toContain('1 review');
    await expectAccessible(page, 'Your data');

    const file = await downloadedJson(page, () =>
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    );
    expect(file.name).toMatch(/^portal-personal-data-una-faculty-\d{4}-\d{2}-\d{2}\.json$/);
    const data = file.data as { account: { displayName: string }; reviews: { text: string; rating: number }[] };
    expect(data.account.displayName).toBe('Una Faculty');
    expect(data.reviews.map((review) => [review.rating, review.text])).toEqual([[5, 'Ran it with two classes.']]);

    await page.getByRole('button', { name: 'Delete my reviews' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete all your ratings and reviews?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('1 review will be deleted.');
    await expectAccessible(page, 'the confirmation of deleting reviews');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('button', { name: 'Delete my reviews' }).isDisabled()).toBe(true);
    await expect
      .poll(() => table.getByRole('row', { name: /Ratings and reviews/ }).textContent())
      .toContain('0 reviews');

    await page.goto(`${portal.baseUrl}${LAB}`);
    await page.getByRole('region', { name: 'Ratings and reviews' }).getByText('No ratings yet.').waitFor({
      timeout: 30_000,
    });
  });

  it("lets the administrator see and download a user's personal data from Admin → Users", async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'admin', '/admin?tab=users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('Una Fac');
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('button', { name: 'Personal data of Una Faculty' }).click();
    const dialog = page.getByRole('dialog', { name: 'Personal data of Una Faculty' });
    await dialog.getByRole('table', { name: 'What the portal holds about Una Faculty' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the personal data dialog');
    const file = await downloadedJson(page, () => dialog.getByRole('button', { name: 'Download JSON' }).click());
    expect((file.data as { account: { displayName: string } }).account.displayName).toBe('Una Faculty');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
