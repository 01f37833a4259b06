import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { htmlSource, seriousAccessibilityViolations } from './support/browser.ts';
import { pickKnowledge } from './support/knowledge-picker.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

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

async function tick(group: Locator, name: string): Promise<void> {
  const box = group.getByRole('checkbox', { name });
  await box.focus();
  await box.press('Space');
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe('KU outcomes marked by an editor (issue 27 item 4)', () => {
  it('ticks two outcomes of a chosen KU, saves them and shows them on the item page', async () => {
    const { page } = seeded();
    await signInAs(page, seeded().portal.baseUrl, 'admin', '/courseware?creating=1');
    await page.getByRole('heading', { name: 'Add courseware' }).waitFor();
    const form = page.getByRole('form', { name: 'Add courseware' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await (await htmlSource(form, 'Description', 'Description (HTML)')).fill('<p>Vocabulary and attacks.</p>');
    await pickKnowledge(form, 'Knowledge units', 'CSF');

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
