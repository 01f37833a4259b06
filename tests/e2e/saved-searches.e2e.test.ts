import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Saved searches in a real browser on the seeded portal (issue 24 item 8; decision
 * record 061): faculty search the courseware, save the search under a name from "Save
 * this search", find it through the account menu's "Saved searches" on its screen, open
 * it back to its results, and delete it after a confirmation. Driven by role and name;
 * axe finds no serious or critical violation on the dialog and the screen.
 */

const seeded = seededPortalPageForSuite();

describe('saved searches (issue 24 item 8)', () => {
  const name = `Overflow labs ${Date.now()}`;

  it('lets faculty save a search and find it on the Saved searches screen', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'faculty-uscr', '/courseware?q=buffer+overflow&cat=exercise');
    await page.getByRole('heading', { level: 2, name: /\d+ results?/ }).waitFor();

    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: /Name/ });
    await expect.poll(() => field.inputValue()).toBe('buffer overflow');
    await field.fill('');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Is required.').waitFor();
    await expectAccessible(page, 'the Save this search dialog with its message');
    await field.fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Saved as “${name}”.` })
      .waitFor();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: /^Saved searches/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved searches' }).waitFor();
    const list = page.getByRole('list', { name: 'Saved searches' });
    await list.getByRole('heading', { name }).waitFor();
    await expect
      .poll(() => list.getByRole('listitem').filter({ hasText: name }).textContent())
      .toContain('No new items');
    await expectAccessible(page, 'the Saved searches screen');

    await list.getByRole('link', { name: `Open ${name}` }).click();
    await page.waitForURL(/\/courseware\?q=buffer\+overflow&cat=exercise/);
    await page.getByRole('heading', { level: 2, name: /\d+ results?/ }).waitFor();
  });

  it('deletes the saved search only after the confirmation', async () => {
    const { page } = seeded();
    await page.goto(`${new URL(page.url()).origin}/saved-searches`);
    const list = page.getByRole('list', { name: 'Saved searches' });
    await list.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the saved search?' });
    await confirm.waitFor();
    await expectAccessible(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `“${name}” deleted.` })
      .waitFor();
    await expect.poll(() => page.getByRole('heading', { name }).count()).toBe(0);
  });
});
