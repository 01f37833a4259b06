import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * A visitor searching the seeded courseware in a real browser (spec §2.5): text,
 * a category, a knowledge unit chosen with the keyboard, the address carrying the
 * search, back and forward between searches, a shared address reproducing the
 * results; sorting and numbered pages through the address (issue 24 items 3 and 4);
 * "Follow this search" answering the search's Atom feed (issue 24 item 7);
 * the searching page is checked with axe (no serious or critical WCAG 2.2 A/AA
 * violations).
 */

const LAB = 'Race Condition Vulnerability Lab';
/** A CAE knowledge unit the lab is mapped to (functions/seed-data/courseware/mappings.json). */
const KU = 'OSC';

const seeded = seededPortalPageForSuite();

const results = () => seeded().page.getByRole('region', { name: /results?$/ });
const resultLinks = () => results().getByRole('listitem').getByRole('link');
const filters = () => seeded().page.getByRole('region', { name: 'Filters' });

async function firstResult(): Promise<string> {
  await resultLinks().first().waitFor();
  return (await resultLinks().first().textContent()) ?? '';
}

/** Waits for the results of the search now in the address (no dimmed previous results). */
async function settled() {
  await seeded().page.waitForLoadState('networkidle');
  await expect.poll(() => results().getAttribute('aria-busy')).toBeNull();
}

describe('a visitor searching courseware', () => {
  it('finds a SEED lab by its topic: the lab comes first and q is in the address', async () => {
    await seeded().page.goto(`${seeded().portal.baseUrl}/courseware`);
    const box = seeded().page.getByRole('searchbox', { name: 'Search courseware' });
    await box.fill('race condition');
    await box.press('Enter');
    await seeded().page.waitForURL(/\?q=race\+condition$/);
    await settled();
    await expect.poll(firstResult).toBe(LAB);
    await expect.poll(() => results().getByRole('heading', { level: 2 }).textContent()).toMatch(/^\d+ results?$/);
    await expect.poll(() => seeded().page.title()).toContain('Search: race condition');
  });

  it('narrows by a category and by a knowledge unit chosen with the keyboard', async () => {
    // A keyboard user's way: focus the checkbox, then Space.
    await filters()
      .getByRole('checkbox', { name: /^Exercise/ })
      .focus();
    await seeded().page.keyboard.press('Space');
    await seeded().page.waitForURL(/\?q=race\+condition&cat=exercise$/);
    await expect
      .poll(() =>
        filters()
          .getByRole('checkbox', { name: /^Exercise/ })
          .isChecked(),
      )
      .toBe(true);
    await settled();
    await expect.poll(firstResult).toBe(LAB);

    const picker = filters().getByRole('combobox', { name: 'Knowledge units' });
    await picker.focus();
    await seeded().page.keyboard.type(KU.toLowerCase());
    await seeded().page.getByRole('listbox').getByRole('option').first().filter({ hasText: KU }).waitFor();
    // Home highlights the first option of the open list (the exact id), as in authoring.e2e:
    // one key press, then a wait on the highlight, whatever the machine's speed.
    await seeded().page.keyboard.press('Home');
    await expect.poll(() => picker.getAttribute('aria-activedescendant')).toMatch(new RegExp(`:${KU}$`));
    await seeded().page.keyboard.press('Enter');
    await seeded().page.waitForURL(new RegExp(`\\?q=race\\+condition&cat=exercise&kus=${KU}$`));
    await settled();
    await expect.poll(firstResult).toBe(LAB);
    await filters()
      .getByRole('button', { name: `Remove ${KU}` })
      .waitFor();
    await seeded().page.keyboard.press('Escape');

    const url = new URL(seeded().page.url());
    expect(url.searchParams.get('q')).toBe('race condition');
    expect(url.searchParams.getAll('cat')).toEqual(['exercise']);
    expect(url.searchParams.getAll('kus')).toEqual([KU]);
  });

  it('offers "Follow this search": a link to the Atom feed of the search in the address (issue 24 item 7)', async () => {
    const follow = results().getByRole('link', { name: 'Follow this search (Atom feed)' });
    await follow.waitFor();
    const href = new URL((await follow.getAttribute('href')) ?? '', seeded().page.url());
    expect(href.pathname).toBe('/api/v1/search/feed');
    expect(href.search).toBe(`?q=race+condition&cat=exercise&kus=${KU}`);
    const response = await fetch(href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(await response.text());
    expect(feed.items.map((item) => item.title)).toContain(LAB);
    expect(feed.url).toBe(`${seeded().portal.baseUrl}/courseware?q=race+condition&cat=exercise&kus=${KU}`);
  });

  it('serves /sitemap.xml from the site root, listing the lab’s page (decision record 055)', async () => {
    const response = await fetch(`${seeded().portal.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${seeded().portal.baseUrl}/courseware</loc>`);
    expect(xml).toMatch(
      /\/courseware\/seed-labs-hands-on-labs-for-security-education\/[^<]*race-condition[^<]*<\/loc>/,
    );
  });

  it('has no serious or critical accessibility violations while searching', async () => {
    const violations = await seriousAccessibilityViolations(seeded().page);
    expect(violations, 'axe on the searching page').toEqual([]);
  });

  it('goes back to the previous search, and forward again', async () => {
    const withKu = await resultLinks().allTextContents();
    const exercise = () => filters().getByRole('checkbox', { name: /^Exercise/ });
    const kuChip = () => filters().getByRole('button', { name: `Remove ${KU}` });

    await seeded().page.goBack();
    await seeded().page.waitForURL(/\?q=race\+condition&cat=exercise$/);
    await expect.poll(() => kuChip().count()).toBe(0);
    await settled();
    expect(await exercise().isChecked()).toBe(true);
    await expect.poll(firstResult).toBe(LAB);

    await seeded().page.goBack();
    await seeded().page.waitForURL(/\?q=race\+condition$/);
    await expect.poll(() => exercise().isChecked()).toBe(false);
    expect(await seeded().page.getByRole('searchbox', { name: 'Search courseware' }).inputValue()).toBe(
      'race condition',
    );

    await seeded().page.goForward();
    await seeded().page.goForward();
    await seeded().page.waitForURL(new RegExp(`&kus=${KU}$`));
    await kuChip().waitFor();
    await settled();
    await expect.poll(() => resultLinks().allTextContents()).toEqual(withKu);
  });

  it('shows the same results for a shared address opened afresh', async () => {
    const shared = seeded().page.url();
    const expected = await resultLinks().allTextContents();
    await seeded().page.goto('about:blank');
    await seeded().page.goto(shared);
    await filters()
      .getByRole('button', { name: `Remove ${KU}` })
      .waitFor();
    await settled();
    await expect.poll(() => resultLinks().allTextContents()).toEqual(expected);
    expect(
      await filters()
        .getByRole('checkbox', { name: /^Exercise/ })
        .isChecked(),
    ).toBe(true);
  });

  it('says when nothing matches and clears the filters from there', async () => {
    await seeded().page.goto(`${seeded().portal.baseUrl}/courseware?q=race+condition&cat=course`);
    await seeded()
      .page.getByRole('paragraph')
      .filter({ hasText: 'No results: no courseware matches this search.' })
      .waitFor();
    await seeded().page.getByRole('button', { name: 'Clear all filters' }).first().click();
    await seeded().page.waitForURL(/\?q=race\+condition$/);
    await settled();
    await expect.poll(firstResult).toBe(LAB);
  });
});

describe('sorting and numbered pages (issue 24 items 3 and 4)', () => {
  const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const pagination = () => seeded().page.getByRole('navigation', { name: 'Pagination' });
  const isSorted = (list: readonly string[]) =>
    list.every((name, i) => i === 0 || names.compare(list[i - 1] as string, name) <= 0);

  it('sorts the exercises by name with the select, and moves to page 2 with its button: the address carries both', async () => {
    await seeded().page.setViewportSize({ width: 1280, height: 900 });
    await seeded().page.goto(`${seeded().portal.baseUrl}/courseware?cat=exercise`);
    await settled();
    await seeded().page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (A–Z)' });
    await seeded().page.waitForURL(/\?cat=exercise&sort=name$/);
    await settled();
    // The previous order stays on screen until the sorted page arrives: wait for it.
    await expect.poll(async () => isSorted(await resultLinks().allTextContents())).toBe(true);
    const first = await resultLinks().allTextContents();
    expect(first).toHaveLength(10);
    await expect
      .poll(() =>
        results()
          .getByText(/^1–10 of \d+$/)
          .count(),
      )
      .toBe(1);

    await pagination().getByRole('button', { name: 'Page 2' }).click();
    await seeded().page.waitForURL(/\?cat=exercise&sort=name&page=2$/);
    await settled();
    await expect
      .poll(() =>
        results()
          .getByText(/^11–\d+ of \d+$/)
          .count(),
      )
      .toBe(1);
    const second = await resultLinks().allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(isSorted(second)).toBe(true);
    expect(names.compare(first.at(-1) as string, second[0] as string)).toBeLessThanOrEqual(0);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    expect(await pagination().getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await expect
      .poll(() =>
        results()
          .getByText(/^11–\d+ of \d+$/)
          .count(),
      )
      .toBe(1);

    // The same address opened afresh shows the same page.
    await seeded().page.goto('about:blank');
    await seeded().page.goto(`${seeded().portal.baseUrl}/courseware?cat=exercise&sort=name&page=2`);
    await settled();
    await expect.poll(() => resultLinks().allTextContents()).toEqual(second);
    expect(await seeded().page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('name');
  });

  it('has no serious or critical accessibility violations on the sorted, paged results', async () => {
    const violations = await seriousAccessibilityViolations(seeded().page);
    expect(violations, 'axe on page 2 of the results sorted by name').toEqual([]);
  });
});

describe('searching on a narrow screen', () => {
  it('keeps the filters behind a Filters disclosure button, and passes axe with them and a combo box open', async () => {
    await seeded().page.setViewportSize({ width: 420, height: 900 });
    await seeded().page.goto(`${seeded().portal.baseUrl}/courseware?q=race+condition`);
    await seeded().page.getByRole('link', { name: LAB, exact: true }).waitFor();
    const toggle = seeded().page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await filters().count()).toBe(0);
    await toggle.focus();
    await seeded().page.keyboard.press('Enter');
    await filters()
      .getByRole('checkbox', { name: /^Exercise/ })
      .waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const picker = filters().getByRole('combobox', { name: 'KSA statements' });
    await picker.focus();
    await seeded().page.keyboard.type('K00');
    await seeded().page.getByRole('listbox').getByRole('option').first().waitFor();
    expect(await seriousAccessibilityViolations(seeded().page), 'axe with the filters and a combo box open').toEqual(
      [],
    );
  });
});
