import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { htmlSource, seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * Outcome mapping by editors in a real browser (issue 27 item 4, decision record 081),
 * on the seeded portal through the real API: an administrator creates an item mapped to
 * the seeded KU CSF (five outcomes), ticks two of its outcomes the keyboard's way
 * (focus, Space), creates it, and the item page lists those two outcomes under the KU.
 * axe finds no serious or critical violation on the form with the checkboxes.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const NAME = `Cyber Foundations ${stamp}`;
// The seeded CSF outcomes 1 and 3 (functions/seed-data/cae/knowledge-units.json).
const FIRST = 'Describe the fundamental concepts of the cyber security discipline using correct vocabulary.';
const THIRD = 'Assess potential cyber attacks and the actors that might perform them.';

function url(path: string): string {
  return `${seeded().portal.baseUrl}${path}`;
}

async function signIn(page: Page, persona: string, path: string): Promise<void> {
  await page.goto(url(`/dev/login?persona=${persona}&redirect_url=${encodeURIComponent(url(path))}`));
}

/** Picks `id` in the labelled knowledge picker the keyboard's way (as authoring.e2e.test.ts does). */
async function pick(form: Locator, label: string, id: string): Promise<void> {
  const page = form.page();
  const box = form.getByRole('combobox', { name: label });
  await box.focus();
  await page.keyboard.type(id.toLowerCase());
  await page.getByRole('listbox').getByRole('option').first().filter({ hasText: id }).waitFor();
  await page.keyboard.press('Home');
  await expect.poll(() => box.getAttribute('aria-activedescendant')).toMatch(new RegExp(`:${id}$`));
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: `Remove ${id}` }).waitFor();
  await page.keyboard.press('Escape');
}

async function tick(group: Locator, name: string): Promise<void> {
  const box = group.getByRole('checkbox', { name });
  await box.focus();
  await box.press('Space');
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe('KU outcomes marked by an editor (issue 27 item 4)', () => {
  it('ticks two outcomes of a chosen KU, saves them and shows them on the item page', async () => {
    const { page } = seeded();
    await signIn(page, 'admin', '/courseware?creating=1');
    await page.getByRole('heading', { name: 'Add courseware' }).waitFor();
    const form = page.getByRole('form', { name: 'Add courseware' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await (await htmlSource(form, 'Description', 'Description (HTML)')).fill('<p>Vocabulary and attacks.</p>');
    await pick(form, 'Knowledge units', 'CSF');

    const group = form.getByRole('group', { name: 'Outcomes this item addresses: CSF Cybersecurity Foundations' });
    await group.waitFor();
    expect(await group.getByRole('checkbox').count()).toBe(5);
    await tick(group, FIRST);
    await tick(group, THIRD);
    expect(await seriousAccessibilityViolations(page), 'axe on the form with the outcome checkboxes').toEqual([]);

    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Knowledge units (1)' }).click();
    const addressed = page.getByRole('list', { name: 'Outcomes of CSF addressed' });
    await addressed.getByText(FIRST).waitFor();
    await addressed.getByText(THIRD).waitFor();
    expect(await addressed.getByRole('listitem').count()).toBe(2);
    expect(await seriousAccessibilityViolations(page), 'axe on the item page').toEqual([]);
  });
});
