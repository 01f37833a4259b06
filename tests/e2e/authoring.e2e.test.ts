import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { htmlSource, seriousAccessibilityViolations } from './support/browser.ts';
import { pickKnowledge } from './support/knowledge-picker.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * Courseware authoring in a real browser (issue 5; spec §2.5, §2.6, §4, §5), on the
 * seeded portal through the real API and emulators: an administrator (an editor who
 * may also see archived content) creates a module with two labs, uploads a PDF to
 * one, maps a KSA and a KU and publishes; a visitor finds it by search; the
 * administrator archives and restores it and deletes a lab, landing on the module.
 * Then two editors save the same item: the second gets the conflict and keeps the
 * draft. axe finds no serious or critical violation on the forms.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const MODULE = `Packet Capture Module ${stamp}`;
const LAB_ONE = `Capture Lab ${stamp}`;
const LAB_TWO = `Filter Lab ${stamp}`;
const PDF = Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

function url(path: string): string {
  return `${seeded().portal.baseUrl}${path}`;
}

async function signIn(page: Page, persona: string, path: string): Promise<void> {
  await page.goto(url(`/dev/login?persona=${persona}&redirect_url=${encodeURIComponent(url(path))}`));
}

function title(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name });
}

/** Adds a new child (an exercise) and waits until the children list holds `count` items. */
async function addChild(form: Locator, name: string, count: number): Promise<void> {
  await form.getByRole('textbox', { name: 'New child name' }).fill(name);
  await form.getByRole('combobox', { name: 'New child category' }).selectOption({ label: 'Exercise' });
  await form.getByRole('button', { name: 'Add child' }).click();
  await expect.poll(() => form.getByRole('list', { name: 'Children' }).getByRole('listitem').count()).toBe(count);
}

async function saved(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('form', { name: 'Edit content' }).count()).toBe(0);
}

describe('authoring courseware (issue 5)', () => {
  it('creates a published module with two labs, a KSA and a KU', async () => {
    const { page } = seeded();
    await signIn(page, 'admin', '/courseware?creating=1');
    await page.getByRole('heading', { name: 'Add courseware' }).waitFor();
    const form = page.getByRole('form', { name: 'Add courseware' });

    await form.getByRole('textbox', { name: /^Name/ }).fill(MODULE);
    expect(await form.getByRole('textbox', { name: 'URL alias' }).inputValue()).toBe(
      MODULE.toLowerCase().replace(/\s+/g, '-'),
    );
    await (await htmlSource(form, 'Description', 'Description (HTML)')).fill('<p>Capture packets and read them.</p>');
    await form.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Published' });
    // A keyboard user's way with Chakra's checkbox: focus it, then Space.
    const module = form.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Module' });
    await module.focus();
    await module.press('Space');
    await expect.poll(() => module.isChecked()).toBe(true);
    await pickKnowledge(form, 'KSA statements', 'K0070');
    await pickKnowledge(form, 'Knowledge units', 'CSF');
    await addChild(form, LAB_ONE, 1);
    await addChild(form, LAB_TWO, 2);
    expect(await seriousAccessibilityViolations(page), 'axe on the create form').toEqual([]);

    await form.getByRole('button', { name: 'Create' }).click();

    await title(page, MODULE).waitFor();
    await page.getByRole('img', { name: 'Status: Published' }).first().waitFor();
    await page.getByRole('link', { name: LAB_ONE }).waitFor();
    await page.getByRole('link', { name: LAB_TWO }).waitFor();
    await expect.poll(() => page.getByText('K0070').count()).toBeGreaterThan(0);
  });

  it('uploads a PDF to the first lab', async () => {
    const { page } = seeded();
    await page.getByRole('link', { name: LAB_ONE }).click();
    await title(page, LAB_ONE).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit content' });
    await form.waitFor();
    await form
      .getByLabel('Add files')
      .setInputFiles({ name: 'capture-guide.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form
      .getByRole('textbox', { name: /capture-guide\.pdf|File 1 name/ })
      .first()
      .waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the edit form').toEqual([]);

    await form.getByRole('button', { name: 'Save' }).click();

    await saved(page);
    await page.getByText('capture-guide.pdf').first().waitFor();
  });

  it('lets a visitor find the published module by search', async () => {
    // The packaged Chromium runs single-process, where a second browser context is not
    // reliable: the visitor is this page with the session's storage cleared.
    const { page } = seeded();
    const back = page.url();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await expect
      .poll(async () => {
        await page.goto(url(`/courseware?q=${encodeURIComponent(`packet capture module ${stamp}`)}`));
        await page.getByRole('heading', { level: 2, name: /^\d+ results?$/ }).waitFor();
        return page.getByRole('link', { name: MODULE }).count();
      })
      .toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Add courseware' }).count()).toBe(0);
    await signIn(page, 'admin', new URL(back).pathname);
  });

  it('archives the module, then restores it as unpublished', async () => {
    const { page } = seeded();
    await page.getByRole('link', { name: MODULE }).first().click();
    await title(page, MODULE).waitFor();

    await page.getByRole('button', { name: 'Archive' }).click();
    const archive = page.getByRole('alertdialog', { name: 'Archive content' });
    await archive.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('This content is archived.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('alertdialog', { name: 'Restore content' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('img', { name: 'Status: Unpublished' }).first().waitFor();
    await expect.poll(() => page.getByText('This content is archived.').count()).toBe(0);
  });

  it('deletes the second lab and lands on the module', async () => {
    const { page } = seeded();
    await page.getByRole('link', { name: LAB_TWO }).click();
    await title(page, LAB_TWO).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete content' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('The checkbox is required to delete this content.').waitFor();
    const acknowledge = dialog.getByRole('checkbox', { name: /will be deleted permanently/ });
    await acknowledge.focus();
    await acknowledge.press('Space');
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await title(page, MODULE).waitFor();
    await page.getByRole('link', { name: LAB_ONE }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: LAB_TWO }).count()).toBe(0);
  });

  it('gives the second of two editors drafting the same published item the conflict, keeps both changes, previews and publishes them (issue 25 item 2)', async () => {
    const { page: first } = seeded();
    await title(first, MODULE).waitFor();
    // Restored above, the module is unpublished, which saves directly: publish it first.
    await first.getByRole('button', { name: 'Edit' }).click();
    const direct = first.getByRole('form', { name: 'Edit content' });
    await direct.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Published' });
    await direct.getByRole('button', { name: 'Save' }).click();
    await saved(first);
    await first.getByRole('img', { name: 'Status: Published' }).first().waitFor();
    // A second tab of the same browser (see above): two edit sessions of one item.
    const second = await first.context().newPage();
    try {
      await second.goto(first.url());
      await title(second, MODULE).waitFor();
      for (const page of [first, second]) {
        await page.getByRole('button', { name: 'Edit' }).click();
        await page.getByRole('form', { name: 'Edit draft' }).waitFor();
      }
      const firstForm = first.getByRole('form', { name: 'Edit draft' });
      await (await htmlSource(firstForm, 'Description', 'Description (HTML)')).fill('<p>First editor was here.</p>');
      await firstForm.getByRole('button', { name: 'Save draft' }).click();
      await firstForm.getByText(/All changes are saved in the draft/).waitFor();

      const secondForm = second.getByRole('form', { name: 'Edit draft' });
      await secondForm.getByRole('textbox', { name: /^Name/ }).fill(`${MODULE} (revised)`);
      await secondForm.getByRole('button', { name: 'Save draft' }).click();
      const alert = secondForm.getByRole('alert').filter({ hasText: 'already has a draft' });
      await alert.waitFor();
      expect(await secondForm.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(`${MODULE} (revised)`);
      // Visitors still see the published module.
      await title(second, MODULE).waitFor();

      await alert.getByRole('button', { name: 'Reload the draft' }).click();
      await secondForm.getByText(/All changes are saved in the draft/).waitFor();
      expect(await secondForm.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(`${MODULE} (revised)`);
      expect(await seriousAccessibilityViolations(second), 'axe on the draft form').toEqual([]);

      await secondForm.getByRole('button', { name: 'Preview as a visitor' }).click();
      const preview = second.getByRole('dialog', { name: 'Preview as a visitor' });
      await preview.getByRole('heading', { level: 1, name: `${MODULE} (revised)` }).waitFor();
      await preview.getByText('First editor was here.').waitFor();
      expect(await seriousAccessibilityViolations(second), 'axe on the preview').toEqual([]);
      await preview.getByRole('button', { name: 'Close preview' }).click();

      await secondForm.getByRole('button', { name: 'Publish…' }).click();
      const publish = second.getByRole('alertdialog', { name: 'Publish this draft' });
      await publish.getByRole('textbox', { name: /Note for the change log/ }).fill('New introduction and name');
      expect(await seriousAccessibilityViolations(second), 'axe on the publish dialog').toEqual([]);
      await publish.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => second.getByRole('form', { name: 'Edit draft' }).count()).toBe(0);
      await title(second, `${MODULE} (revised)`).waitFor();
      // Both editors' changes are published: nothing is lost.
      await second.getByText('First editor was here.').waitFor();
      await second.getByRole('region', { name: 'Change log' }).getByText('New introduction and name').waitFor();
      await second.getByRole('link', { name: LAB_ONE }).waitFor({ timeout: 5000 });
    } finally {
      await second.close();
    }
  });

  it('schedules the unpublished first lab for publishing and cancels it, by keyboard (issue 25 item 7)', async () => {
    const { page } = seeded();
    // The lab's address: its alias under the module's (decision record 015).
    const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');
    await page.goto(new URL(`/courseware/${slug(MODULE)}/${slug(LAB_ONE)}`, page.url()).href);
    await title(page, LAB_ONE).waitFor();
    await page.getByRole('button', { name: 'Schedule publishing…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Schedule publishing' });
    const nextYear = new Date().getFullYear() + 1;
    await dialog.getByLabel('Day').fill(`${nextYear}-05-04`);
    await dialog.getByRole('combobox', { name: 'Hour' }).selectOption('9');
    await dialog.getByRole('combobox', { name: 'Minute' }).selectOption('30');
    await dialog.getByRole('combobox', { name: 'AM or PM' }).selectOption('AM');
    expect(await seriousAccessibilityViolations(page), 'axe on the schedule dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Schedule' }).press('Enter');
    await page.getByText(`Scheduled for May 4, ${nextYear}`).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the scheduled item').toEqual([]);

    await page.getByRole('button', { name: 'Cancel schedule' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel the schedule' })
      .getByRole('button', { name: 'Cancel schedule' })
      .press('Enter');
    await page.getByRole('button', { name: 'Schedule publishing…' }).waitFor();
  });
});
