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

/**
 * Waits until the list shows the page whose first item is number `first` ("11–20 of
 * 141"): the range is shown only once that page is there, not while the one before it
 * stays on screen.
 */
async function shownRange(first: number) {
  await seeded()
    .page.getByText(new RegExp(`^${first}–\\d+ of \\d+$`))
    .waitFor();
}

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

  it('sorts the landing list by name and goes to page 2 by its number, both in the address (issue 24 items 3 and 4)', async () => {
    const { page } = seeded();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    // Each card's name and address (names repeat in the catalog; addresses do not).
    const cards = () =>
      page
        .getByRole('list', { name: 'All courseware' })
        .getByRole('listitem')
        .getByRole('heading')
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((link) => ({ name: link.textContent ?? '', href: link.getAttribute('href') })),
        );
    // The range ("1–10 of 141") shows only once the page asked for is there, not the one before it.
    const sortedByName = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/search/content') &&
        response.request().postData()?.includes('"sort":"name"') === true,
    );
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (A–Z)' });
    await page.waitForURL((url) => url.pathname === '/courseware' && url.search === '?sort=name');
    await sortedByName;
    await shownRange(1);
    const firstPage = await cards();

    await pagination.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.search === '?sort=name&page=2');
    await expect
      .poll(() => pagination.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    await shownRange(11);
    const secondPage = await cards();
    // Twenty different items, A to Z across both pages (the search's collator, decision record 052).
    const both = [...firstPage, ...secondPage];
    expect(firstPage).toHaveLength(10);
    expect(secondPage).toHaveLength(10);
    expect(new Set(both.map((card) => card.href)).size).toBe(20);
    const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const names = both.map((card) => card.name);
    expect(names).toEqual([...names].sort(byName.compare));
    await expectAccessible('courseware list sorted by name, page 2');

    // Back to the default order: page 1, and the address without sort or page.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Recently updated' });
    await page.waitForURL((url) => url.pathname === '/courseware' && url.search === '');
    await shownRange(1);
  });

  it('finds a SEED lab by paging through the list and opens its page', async () => {
    const labLink = seeded().page.getByRole('link', { name: LAB, exact: true });
    for (let pageNumber = 1; (await labLink.count()) === 0; pageNumber += 1) {
      // 141 seeded items, 10 a page (the first seed and courseware-extra, decision record 050).
      expect(pageNumber, 'the lab appears within the catalog pages').toBeLessThan(16);
      await seeded().page.getByRole('button', { name: 'Next', exact: true }).click();
      // The next page is shown, and no longer loading (the seeded items' order follows
      // their real dates, so a page's names are not known in advance).
      await shownRange(pageNumber * 10 + 1);
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
