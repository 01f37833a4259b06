import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonaName } from '#shared/contracts/identity';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { launchBrowser, seriousAccessibilityViolations } from './support/browser.ts';

/**
 * The administration page (/admin; spec §2.2, §2.15; issue 11 item 5) in a real
 * browser against the seeded local stack, by role and accessible name, axe-clean on
 * every state visited: the administrator's tabs; two business units added; a user's
 * rights edited (a claim added) and the user moved into one unit; that unit merged
 * into the other (the user moves with it); the change read back in the audit log,
 * before and after; an editor sees only Courseware Info, Submissions and Reported reviews; a student is sent home.
 */

let portal: LocalPortal;
let browser: Browser;
let admin: Page;

const DUPLICATE = 'Eastfield Test College (duplicate)';
const KEPT = 'Eastfield Test College';

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: inject('webDistDir') });
  browser = await launchBrowser();
  admin = await signedIn('admin', '/admin');
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A fresh browser context signed in as `persona` through the dev identity provider, at `path`. */
async function signedIn(persona: PersonaName, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const back = encodeURIComponent(`${portal.baseUrl}${path}`);
  await page.goto(`${portal.baseUrl}/dev/login?persona=${persona}&redirect_url=${back}`);
  await page.getByRole('button', { name: /Account menu/ }).waitFor({ timeout: 30_000 });
  return page;
}

async function axe(page: Page, state: string) {
  expect(await seriousAccessibilityViolations(page), `axe: ${state}`).toEqual([]);
}

function tab(name: string) {
  return admin.getByRole('tablist', { name: 'Administration' }).getByRole('tab', { name, exact: true });
}

async function addUnit(name: string) {
  await admin.getByRole('button', { name: 'Add business unit' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add business unit' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'Community college' });
  await dialog.getByRole('textbox', { name: 'State' }).fill('VA');
  // A keyboard user's way with Chakra's checkbox: focus it, then Space.
  const eligible = dialog.getByRole('checkbox', {
    name: /Faculty of this organization may download courseware on VACR/,
  });
  await eligible.focus();
  await eligible.press('Space');
  await expect.poll(() => eligible.isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Add business unit' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('/admin for an administrator', () => {
  it('shows every tab, each one axe-clean, the tab kept in the address', async () => {
    await admin.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    const names = (await admin.getByRole('tablist', { name: 'Administration' }).getByRole('tab').allTextContents()).map(
      (text) => text.trim(),
    );
    expect(names).toEqual([
      'Courseware Info',
      'Users',
      'Organizations',
      'Invitations',
      'Imports',
      'Audit log',
      'Submissions',
      'Reported reviews',
    ]);
    await admin.getByRole('table', { name: 'Courseware Info' }).waitFor();
    await axe(admin, 'Courseware Info tab');

    await tab('Courseware Info').focus();
    await admin.keyboard.press('ArrowRight');
    await admin.getByRole('table', { name: 'Users' }).waitFor();
    expect(new URL(admin.url()).searchParams.get('tab')).toBe('users');
    await axe(admin, 'Users tab');

    for (const [name, value] of [
      ['Organizations', 'organizations'],
      ['Invitations', 'invitations'],
      ['Imports', 'imports'],
      ['Audit log', 'audit'],
      ['Submissions', 'submissions'],
      ['Reported reviews', 'reviews'],
    ] as const) {
      await tab(name).click();
      await admin.getByRole('tabpanel', { name }).getByRole('heading', { level: 2 }).first().waitFor();
      expect(new URL(admin.url()).searchParams.get('tab')).toBe(value);
      if (name === 'Invitations') {
        // The Invite button is disabled until the organizations the administrator may invite to have loaded.
        await expect.poll(() => admin.getByRole('button', { name: 'Invite', exact: true }).isEnabled()).toBe(true);
      }
      await axe(admin, `${name} tab`);
    }
    await admin.reload();
    await expect.poll(() => tab('Reported reviews').getAttribute('aria-selected')).toBe('true');
  });

  it('adds two business units', async () => {
    await tab('Organizations').click();
    await admin.getByRole('table', { name: 'Business units' }).waitFor();
    await addUnit(KEPT);
    await addUnit(DUPLICATE);
    await admin.getByRole('searchbox', { name: 'Search business units' }).fill('Eastfield Test');
    const table = admin.getByRole('table', { name: 'Business units' });
    await table.getByRole('cell', { name: DUPLICATE, exact: true }).waitFor();
    await table.getByRole('cell', { name: KEPT, exact: true }).waitFor();
    await axe(admin, 'business units after adding two');
  });

  it('searches users, adds a claim to a user and moves the user into a business unit', async () => {
    await tab('Users').click();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('Sam Stu');
    const users = admin.getByRole('table', { name: 'Users' });
    await expect.poll(() => users.getByRole('row').count()).toBe(2);

    await users.getByRole('button', { name: 'Edit Sam Student' }).click();
    const rights = admin.getByRole('dialog', { name: 'Edit rights of Sam Student' });
    await rights.getByRole('button', { name: 'Save rights' }).waitFor();
    // Role presets (issue 21 item 13): the student preset gives a student what they have already.
    await rights.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'Student' });
    await rights.getByText(/Enters the exercise area by invitation/).waitFor();
    await rights.getByRole('button', { name: 'Apply preset' }).click();
    await axe(admin, 'rights dialog with a preset chosen');
    // The raw claims are under the Advanced disclosure.
    await rights.getByText(/^Advanced: claims/).click();
    await rights.getByRole('button', { name: 'Add claim' }).click();
    const claimTypes = rights.getByRole('textbox', { name: /^Type of claim \d+$/ });
    const position = await claimTypes.count();
    await rights.getByRole('textbox', { name: `Type of claim ${position}` }).fill('can-submit-abstract');
    await rights.getByRole('textbox', { name: `Value of claim ${position}` }).fill('any');
    await axe(admin, 'rights dialog');
    await rights.getByRole('button', { name: 'Save rights' }).click();
    await rights.waitFor({ state: 'hidden' });

    await users.getByRole('button', { name: 'Move Sam Student' }).click();
    const move = admin.getByRole('dialog', { name: 'Move Sam Student' });
    await move.getByRole('searchbox', { name: 'Search business units' }).fill('Eastfield Test');
    await expect.poll(() => move.getByRole('option', { name: /duplicate/ }).count()).toBe(1);
    await move.getByRole('combobox', { name: /New business unit/ }).selectOption({ label: `${DUPLICATE} (VA)` });
    await axe(admin, 'move dialog');
    await move.getByRole('button', { name: 'Move to business unit' }).click();
    await move.getByText(`Now: ${DUPLICATE}.`).waitFor();
    await move.getByRole('button', { name: 'Close', exact: true }).first().click();
    await move.waitFor({ state: 'hidden' });
    await users.getByRole('cell', { name: DUPLICATE, exact: true }).waitFor();
  });

  it('merges the duplicate unit into the kept one, the user moving with it', async () => {
    await tab('Organizations').click();
    await admin.getByRole('searchbox', { name: 'Search business units' }).fill('Eastfield Test');
    const table = admin.getByRole('table', { name: 'Business units' });
    await table.getByRole('button', { name: `Merge ${DUPLICATE}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Merge ${DUPLICATE}` });
    await dialog.getByRole('searchbox', { name: 'Search business units' }).fill('Eastfield');
    await expect.poll(() => dialog.getByRole('option', { name: `${KEPT} (VA)`, exact: true }).count()).toBe(1);
    await dialog.getByRole('combobox', { name: /Business unit to keep/ }).selectOption({ label: `${KEPT} (VA)` });
    await dialog.getByRole('button', { name: 'Review merge' }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Merge ${DUPLICATE} into ${KEPT}?` });
    await confirm.getByText(`The download history of ${DUPLICATE} stays, attributed to ${KEPT}.`).waitFor();
    await axe(admin, 'merge confirmation');
    await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.getByText(`1 users moved to ${KEPT}.`).waitFor();
    await axe(admin, 'merge result');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect.poll(() => table.getByRole('cell', { name: DUPLICATE, exact: true }).count()).toBe(0);

    await tab('Users').click();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('Sam Stu');
    await admin.getByRole('table', { name: 'Users' }).getByRole('cell', { name: KEPT, exact: true }).waitFor();
  });

  it('shows the added claim in the user’s history, before and after', async () => {
    await admin.getByRole('button', { name: 'History of Sam Student' }).click();
    const log = admin.getByRole('table', { name: 'Audit log' });
    await log.waitFor();
    expect(new URL(admin.url()).searchParams.get('tab')).toBe('audit');
    const rightsChange = log.getByRole('button', { name: /^Changes: Changed rights, Sam Student/ });
    await rightsChange.click();
    await expect.poll(() => rightsChange.getAttribute('aria-expanded')).toBe('true');
    const sides = admin.getByRole('table', { name: 'Before and after: Changed rights, Sam Student' });
    const claims = sides.getByRole('row', { name: /^claims/ });
    await claims.getByText('Changed').waitFor();
    expect(await claims.getByRole('cell').nth(1).textContent()).not.toContain('can-submit-abstract = any');
    expect(await claims.getByRole('cell').nth(2).textContent()).toContain('can-submit-abstract = any');
    await log.getByRole('cell', { name: 'Moved to another business unit' }).first().waitFor();
    await axe(admin, 'audit log with a change open');
  });
});

describe('/admin for others (spec §2.2)', () => {
  it('shows an editor only Courseware Info, Submissions (issue 25 item 6) and Reported reviews (issue 26 item 3)', async () => {
    const page = await signedIn('editor', '/admin?tab=users');
    const tabs = page.getByRole('tablist', { name: 'Administration' }).getByRole('tab');
    await page.getByRole('table', { name: 'Courseware Info' }).waitFor();
    expect((await tabs.allTextContents()).map((text) => text.trim())).toEqual([
      'Courseware Info',
      'Submissions',
      'Reported reviews',
    ]);
    expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
  });

  it('sends a student home', async () => {
    const page = await signedIn('student', '/courseware');
    await page.goto(`${portal.baseUrl}/admin`);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { level: 1, name: 'Administration' }).count()).toBe(0);
  });
});
