import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * Contrast of every control in every state on /courseware (issue 21 item 29; WCAG
 * 2.2 AA 1.4.3 and 1.4.11): measured right after arriving from the header link,
 * without waiting for anything to settle (a button turning enabled once the next
 * page is known once showed its text at 2.84:1 mid-fade), while the results load,
 * and with each control of the search bar and the pagination hovered and focused.
 * No button may ease its opacity or colour, so no such in-between state exists.
 */

const suite = seededPortalPageForSuite();

/** axe's color-contrast findings on the page as it is this instant. */
async function contrastNow(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  );
}

describe('control contrast on /courseware (issue 21 item 29)', () => {
  it('meets 4.5:1 right after arriving from the header link and while the list loads', async () => {
    const { page, portal } = suite();
    await page.goto(`${portal.baseUrl}/jobs`);
    await page.getByRole('heading', { level: 1, name: 'Work with us' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Courseware', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Courseware' }).waitFor();
    const findings: string[] = [];
    // Sample until the list has loaded and Next has turned enabled, and once more after.
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    for (let sample = 0; sample < 40; sample += 1) {
      findings.push(...(await contrastNow(page)));
      if ((await next.count()) > 0 && (await next.isEnabled())) break;
    }
    findings.push(...(await contrastNow(page)));
    expect(findings).toEqual([]);
  });

  it('has no button that eases its opacity or colour, so none is ever seen half-faded', async () => {
    const { page, portal } = suite();
    await page.goto(`${portal.baseUrl}/courseware`);
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    const eased = await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .map((button) => ({
          name: (button.textContent ?? '').trim().slice(0, 30),
          properties: getComputedStyle(button).transitionProperty,
          duration: getComputedStyle(button).transitionDuration,
        }))
        .filter(
          ({ properties, duration }) =>
            duration.split(',').some((part) => Number.parseFloat(part) > 0) &&
            /(^|,\s*)(all|opacity|color)(\s*,|$)/.test(properties),
        ),
    );
    expect(eased).toEqual([]);
  });

  it('meets 4.5:1 with each control of the search bar and the pagination hovered and focused', async () => {
    const { page, portal } = suite();
    await page.goto(`${portal.baseUrl}/courseware?q=lab`);
    await page.getByRole('heading', { level: 2, name: /results?$/ }).waitFor();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const controls = [
      ...(await page.getByRole('search').getByRole('button').all()),
      ...((await pagination.count()) > 0 ? await pagination.getByRole('button').all() : []),
    ];
    // Search, Clear and Filters at least.
    expect(controls.length).toBeGreaterThanOrEqual(3);
    const findings: string[] = [];
    for (const control of controls) {
      if (await control.isEnabled()) {
        await control.hover();
        findings.push(...(await contrastNow(page)));
      }
      await control.focus();
      findings.push(...(await contrastNow(page)));
    }
    expect(findings).toEqual([]);
  });
});
