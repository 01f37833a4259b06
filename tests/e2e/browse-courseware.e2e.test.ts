import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * A visitor's first walk through the portal, in a real browser, on the real seeded
 * courseware: home → courseware → a SEED lab's page → its parent module. Every page
 * is checked with axe (no serious or critical WCAG 2.2 A/AA violations).
 */

const LAB = 'Buffer Overflow Attack Lab (Set-UID Version)';
const MODULE = 'SEED Labs – Software Security';

const seeded = seededPortalPageForSuite();

async function expectAccessible(where: string) {
  expect(await seriousAccessibilityViolations(seeded().page), `axe on ${where}`).toEqual([]);
}

describe('a visitor browsing courseware', () => {
  it('opens the home page with a skip link and one main heading', async () => {
    await seeded().page.goto(`${seeded().portal.baseUrl}/`);
    await expect.poll(() => seeded().page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await seeded().page.keyboard.press('Tab');
    await expect
      .poll(() => seeded().page.evaluate(() => document.activeElement?.textContent))
      .toBe('Skip to main content');
    await expectAccessible('home');
  });

  it('goes to the courseware list and sees real courseware cards', async () => {
    await seeded().page.getByRole('link', { name: 'Browse courseware' }).click();
    await seeded().page.waitForURL('**/courseware');
    await seeded().page.getByRole('heading', { level: 1 }).waitFor();
    await seeded()
      .page.getByRole('link', { name: /SEED Labs|GenCyber|Lab|Lesson/ })
      .first()
      .waitFor();
    await expectAccessible('courseware list');
  });

  it('finds a SEED lab by paging through the list and opens its page', async () => {
    const labLink = seeded().page.getByRole('link', { name: LAB, exact: true });
    for (let pageNumber = 1; (await labLink.count()) === 0; pageNumber += 1) {
      // 141 seeded items, 10 a page (the first seed and courseware-extra, decision record 050).
      expect(pageNumber, 'the lab appears within the catalog pages').toBeLessThan(16);
      await seeded().page.getByRole('button', { name: /next/i }).click();
      // The next page is shown, and no longer loading (the seeded items' order follows
      // their real dates, so a page's names are not known in advance).
      await seeded()
        .page.getByRole('navigation', { name: 'Pagination' })
        .getByText(`Page ${pageNumber + 1}`, { exact: true })
        .waitFor();
      await seeded().page.getByText('Updating the results…').waitFor({ state: 'hidden' });
    }
    await labLink.click();
    await seeded().page.getByRole('heading', { level: 1, name: LAB }).waitFor();
    expect(seeded().page.url()).toContain(
      '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/',
    );
    await expect.poll(() => seeded().page.title()).toContain(LAB);

    await seeded().page.getByText('Log in to view and download files.').waitFor();
    expect(await seeded().page.getByRole('listitem').filter({ hasText: 'Buffer_Overflow_Setuid' }).count()).toBe(2);
    expect(
      await seeded().page.getByRole('link', { name: 'Wenliang Du' }).or(seeded().page.getByText('Wenliang Du')).count(),
    ).toBeGreaterThan(0);
    expect(
      await seeded()
        .page.getByText(/CC BY-NC-SA 4\.0/)
        .count(),
    ).toBeGreaterThan(0);

    const ksaToggle = seeded().page.getByRole('button', { name: /KSA/ });
    expect(await ksaToggle.getAttribute('aria-expanded')).toBe('false');
    await ksaToggle.click();
    expect(await ksaToggle.getAttribute('aria-expanded')).toBe('true');
    await seeded().page.getByText('K0070').first().waitFor();
    await expectAccessible('lab page');
  });

  it("goes up to the lab's parent module through the breadcrumbs and finds the lab among its children", async () => {
    await seeded()
      .page.getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: MODULE })
      .click();
    await seeded().page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    await seeded().page.getByRole('link', { name: LAB, exact: true }).waitFor();
    expect(await seeded().page.getByRole('link', { name: 'Return-to-libc Attack Lab', exact: true }).count()).toBe(1);
    await expectAccessible('module page');
  });

  it('is sent back to the courseware list for content that does not exist', async () => {
    await seeded().page.goto(`${seeded().portal.baseUrl}/courseware/no-such-courseware`);
    await seeded().page.waitForURL(/\/courseware$/);
    await seeded().page.getByRole('heading', { level: 1 }).waitFor();
  });
});
