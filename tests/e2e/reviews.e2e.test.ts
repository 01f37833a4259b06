import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Ratings and reviews in a real browser on the seeded portal (issue 26 item 3;
 * decision record 070): faculty-uscr (verified faculty: the file-viewing right) rates
 * and reviews a lab from its page; a student reports the review; the editor hides it
 * from the Reported reviews tab of /admin with a reason, and the review leaves the
 * item's page with the average and count. Driven by role and accessible name; axe
 * finds no serious or critical violation on the section, the dialogs and the queue.
 */

const LAB =
  '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

const seeded = seededPortalPageForSuite();

describe('ratings and reviews (issue 26 item 3)', () => {
  const text = `Clear steps, worked in one class period ${Date.now()}`;

  it('lets verified faculty rate and review an item', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'faculty-uscr', LAB);
    const section = page.getByRole('region', { name: 'Ratings and reviews' });
    await section.getByRole('heading', { level: 3, name: 'Rate this courseware' }).waitFor({ timeout: 30_000 });
    await section.getByRole('radio', { name: '4 stars' }).check();
    await section.getByRole('textbox', { name: 'Your review (optional)' }).fill(text);
    await expectAccessible(page, 'the ratings and reviews section with the form');
    await section.getByRole('button', { name: 'Save rating' }).click();
    await section.getByRole('heading', { level: 3, name: 'Your rating and review' }).waitFor();
    await section.getByText('Rated 4.0 out of 5 from 1 rating').first().waitFor();
    await expect.poll(() => section.getByRole('list', { name: 'Reviews' }).textContent()).toContain(text);
  });

  it('lets a signed-in student report the review', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'student', LAB);
    const section = page.getByRole('region', { name: 'Ratings and reviews' });
    const review = section.getByRole('listitem').filter({ hasText: text });
    await review.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Report this review?' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /What is wrong with it/ }).fill('Not about the lab.');
    await expectAccessible(page, 'the report dialog');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lets the editor hide the reported review with a reason, and the page agrees', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'editor', '/admin?tab=reviews');
    const queue = page.getByRole('list', { name: 'Reported reviews' });
    const item = queue.getByRole('listitem').filter({ hasText: text });
    await item.waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the reported reviews queue');
    await item.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hide this review?' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /Reason shown to the author/ }).fill('Keep reviews about the lab.');
    await expectAccessible(page, 'the hide dialog');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item.getByText('Hidden', { exact: true }).waitFor();

    await page.goto(`${portal.baseUrl}${LAB}`);
    const section = page.getByRole('region', { name: 'Ratings and reviews' });
    await section.getByText('No ratings yet.').waitFor({ timeout: 30_000 });
    await expect.poll(() => section.textContent()).not.toContain(text);
  });
});
