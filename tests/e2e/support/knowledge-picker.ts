import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks `id` (a KSA, TKS or KU id such as `K0070` or `CSF`) in the labelled knowledge
 * picker of the courseware form (`label`: "KSA statements", "Knowledge units", …) the
 * keyboard's way: type it, wait until the list's first option is `id`, press Home once
 * (the combo box's key for "highlight the first option"), wait until the field names
 * that option as its active descendant, Enter; then wait for its chip ("Remove <id>")
 * and close the list with Escape. Spec §2.6 (the knowledge fields); used by the
 * authoring and KU-outcome browser tests.
 */
export async function pickKnowledge(form: Locator, label: string, id: string): Promise<void> {
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
