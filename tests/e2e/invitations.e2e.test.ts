import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES } from '#shared/contracts/administration';
import type { LocalPortal } from '../support/local-portal.ts';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * Invitations and user import in a real browser on the seeded portal (issue 11; spec
 * §1 "Faculty invite students", "Students: by invitation only"; §5 "File picker and
 * user import"): faculty invite a new student from "Invite students"; the link of the
 * e-mail in the local SES inbox brings the new person to the local sign-up and back
 * signed in with exercise-area rights; the same link then says it is used. An
 * administrator previews a CSV of good and bad rows from the Imports tab, imports the
 * valid rows and downloads the error report, whose formula cell is neutralised. axe
 * finds no serious or critical violation on each state visited.
 */

interface InboxEmail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
}

/** Text on the page itself, not its copy in the polite live region. */
function shown(page: Page, text: string, options: { exact?: boolean } = {}) {
  return page.getByText(text, options).and(page.locator(':not([aria-live])'));
}

/** The invitation link of the e-mail sent to `address` (polled: the e-mail goes out after the answer). */
async function invitationLinkFor(portal: LocalPortal, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as { emails: InboxEmail[] };
      const email = store.emails.find((candidate) =>
        candidate.destination.to.some((to) => to.toLowerCase().includes(address)),
      );
      link = email?.body.text?.match(/https?:\/\/\S+\/invitation\?token=[^\s"<>]+/)?.[0];
      return link !== undefined;
    })
    .toBe(true);
  const url = new URL(link ?? '');
  // The e-mail names the portal's canonical origin; the browser uses the test portal's.
  return `${portal.baseUrl}${url.pathname}${url.search}`;
}

const seeded = seededPortalPageForSuite();

async function freshPage(): Promise<Page> {
  return (await seeded().browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

describe('invitations (issue 11)', () => {
  const address = `nia.newcomer.${Date.now()}@example.edu`;
  let link = '';

  it('lets faculty invite a new student from "Invite students"', async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'faculty-uscr', '/courseware');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Invite students' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invite students' }).waitFor();
    await page.getByRole('button', { name: 'Invite', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Invite', exact: true }).isEnabled()).toBe(true);
    await expectAccessible(page, 'Invite students');

    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.waitFor();
    const email = dialog.getByRole('textbox', { name: /E-mail/ });
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'the invite dialog with its messages');

    await email.fill(address);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nia Newcomer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await shown(page, `An invitation was sent to ${address}.`, { exact: false }).waitFor();
    const row = page.getByRole('row').filter({ hasText: address });
    await row.getByText('Pending').waitFor();
    await expectAccessible(page, 'the invitation list with the new invitation');

    link = await invitationLinkFor(portal, address);
  });

  it('brings the invited person through sign-up and back signed in, and the link then says it is used', async () => {
    expect(link, 'the invitation link of the first test').not.toBe('');
    const { portal } = seeded();
    const page = await freshPage();

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'You are invited' }).waitFor();
    await page.getByText(/Una Faculty invites you to .+ as a student, until /).waitFor();
    await expectAccessible(page, 'the invitation preview');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    await page.getByRole('textbox', { name: /Name/ }).fill('Nia Newcomer');
    await page.getByRole('textbox', { name: /E-mail/ }).fill(address);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByRole('heading', { level: 1, name: 'Invitation accepted' }).waitFor({ timeout: 30_000 });
    await page.getByText(/Welcome! You joined .+ as a student\./).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    expect(new URL(page.url()).searchParams.has('t')).toBe(false);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('invitation')))).toEqual(
      [],
    );
    await expectAccessible(page, 'the accepted invitation');

    // Exercise-area rights: the exercise area receives an SSO token of the new account.
    await page.getByRole('link', { name: 'Go to the exercise area' }).click();
    await page.getByRole('heading', { level: 1, name: 'Exercise area (local stand-in)' }).waitFor();
    await page.getByRole('table', { name: 'Claims of the SSO token' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: address }).count()).toBeGreaterThan(0);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'This invitation cannot be used' }).waitFor();
    await page.getByText(INVITATION_MESSAGES.used).waitFor();
    await expectAccessible(page, 'a used invitation');
    expect(portal.logs.filter((line) => /\b500\b/.test(line))).toEqual([]);
  });
});

describe('user import (issue 11; spec §5 "File picker and user import")', () => {
  it('lets an administrator preview a CSV, import the valid rows and download the error report', async () => {
    const { portal } = seeded();
    const page = await freshPage();
    const stamp = Date.now();
    const csv = [
      'name,email,role',
      `Good One,good.one.${stamp}@example.edu,student`,
      `Good Two,good.two.${stamp}@example.edu,organization instructor`,
      `"=HYPERLINK(""http://evil.example"",""x"")",formula.${stamp}@example.edu,student`,
      `Bad Mail,not-an-address,student`,
      `Bad Role,bad.role.${stamp}@example.edu,wizard`,
    ].join('\n');

    await signInAs(page, portal.baseUrl, 'admin', '/admin?tab=imports');
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await page.getByRole('tab', { name: 'Imports' }).click();
    const organization = page.getByRole('combobox', { name: /Organization/ });
    await organization.waitFor();
    await expect.poll(() => organization.locator('option').count()).toBeGreaterThan(1);
    await expectAccessible(page, 'the Imports tab');

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose an organization.' }).waitFor();
    const omaha = (await organization.locator('option').allTextContents()).find((name) => name.includes('Omaha'));
    await organization.selectOption({ label: omaha ?? '' });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select a file to import.' }).waitFor();
    await expectAccessible(page, 'the import form with its messages');

    await page
      .getByLabel(/CSV file/)
      .setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Preview of class.csv' }).waitFor();
    await shown(page, '5 rows: 2 valid, 3 invalid.', { exact: false }).waitFor();
    const table = page.getByRole('table', { name: /Rows of class\.csv, invalid rows first/ });
    const firstRows = await table.getByRole('row').allTextContents();
    expect(firstRows.slice(1, 4).every((text) => text.includes('Invalid'))).toBe(true);
    await expectAccessible(page, 'the import preview');

    await expect
      .poll(() => page.getByRole('radio', { name: 'Import the valid rows and skip the others' }).isChecked())
      .toBe(true);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await shown(page, 'Import partly done: 2 invited, 3 skipped, 0 failed.').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the import result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download error report' }).click(),
    ]);
    const report = await readFile((await download.path()) ?? '', 'utf8');
    expect(download.suggestedFilename()).toBe('class-errors.csv');
    expect(report).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(report).toContain('not-an-address');
    expect(report).not.toContain(`good.one.${stamp}`);

    await page.getByRole('button', { name: /Download the error report of class\.csv/ }).waitFor();
  });
});
