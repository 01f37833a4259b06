import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPortal } from '../support/local-portal.ts';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { closeSeededPortalPage, openSeededPortalPage } from './support/seeded-portal.ts';

/**
 * A visitor's first walk through the portal, in a real browser, on the real seeded
 * courseware: home → courseware → a SEED lab's page → its parent module. Every page
 * is checked with axe (no serious or critical WCAG 2.2 A/AA violations).
 */

const LAB = 'Buffer Overflow Attack Lab (Set-UID Version)';
const MODULE = 'SEED Labs – Software Security';

let portal: LocalPortal;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ portal, browser, page } = await openSeededPortalPage());
});
afterAll(() => closeSeededPortalPage({ portal, browser }));

async function expectAccessible(where: string) {
  expect(await seriousAccessibilityViolations(page), `axe on ${where}`).toEqual([]);
}

describe('a visitor browsing courseware', () => {
  it('opens the home page with a skip link and one main heading', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await expectAccessible('home');
  });

  it('goes to the courseware list and sees real courseware cards', async () => {
    await page.getByRole('link', { name: 'Browse courseware' }).click();
    await page.waitForURL('**/courseware');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('link', { name: /SEED Labs|GenCyber|Lab|Lesson/ })
      .first()
      .waitFor();
    await expectAccessible('courseware list');
  });

  it('finds a SEED lab by paging through the list and opens its page', async () => {
    const labLink = page.getByRole('link', { name: LAB, exact: true });
    for (let pageNumber = 1; (await labLink.count()) === 0; pageNumber += 1) {
      expect(pageNumber, 'the lab appears within the catalog pages').toBeLessThan(7);
      await page.getByRole('button', { name: /next/i }).click();
      await page.waitForTimeout(100);
      await page
        .getByRole('link', { name: /SEED Labs|GenCyber|Lab|Lesson/ })
        .first()
        .waitFor();
    }
    await labLink.click();
    await page.getByRole('heading', { level: 1, name: LAB }).waitFor();
    expect(page.url()).toContain(
      '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/',
    );
    await expect.poll(() => page.title()).toContain(LAB);

    await page.getByText('Log in to view and download files.').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Buffer_Overflow_Setuid' }).count()).toBe(2);
    expect(
      await page.getByRole('link', { name: 'Wenliang Du' }).or(page.getByText('Wenliang Du')).count(),
    ).toBeGreaterThan(0);
    expect(await page.getByText(/CC BY-NC-SA 4\.0/).count()).toBeGreaterThan(0);

    const ksaToggle = page.getByRole('button', { name: /KSA/ });
    expect(await ksaToggle.getAttribute('aria-expanded')).toBe('false');
    await ksaToggle.click();
    expect(await ksaToggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('K0070').first().waitFor();
    await expectAccessible('lab page');
  });

  it("goes up to the lab's parent module through the breadcrumbs and finds the lab among its children", async () => {
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: MODULE })
      .click();
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    await page.getByRole('link', { name: LAB, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Return-to-libc Attack Lab', exact: true }).count()).toBe(1);
    await expectAccessible('module page');
  });

  it('is sent back to the courseware list for content that does not exist', async () => {
    await page.goto(`${portal.baseUrl}/courseware/no-such-courseware`);
    await page.waitForURL(/\/courseware$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});
