import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, startAppOnFirstUse } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * A first visit, cold (a new browser context: no cache, no local storage), in a real
 * browser on the seeded portal (issue 22 items 1 and 5): the courseware list and a
 * content page show without any request for the whole knowledge catalogue before
 * them, and a content page opened by any address is fetched at most once — not at
 * all on a first visit, whose first HTML carries it (item 2, decision record 038).
 */

const MODULE = 'SEED Labs – Software Security';
const MODULE_ALIAS = 'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';
/** A phone's viewport (CSS pixels), where the footer is nearest the fold. */
const PHONE = { width: 412, height: 823 };

const seeded = seededPortalPageForSuite();

/** A page in a fresh context, recording the path and query of every request it makes, in order. */
async function coldPage(viewport = PHONE): Promise<{ page: Page; requests: URL[] }> {
  // Left open: closing a context can take the single-process Chromium down; the suite closes the browser.
  const page = await (await seeded().browser.newContext({ viewport })).newPage();
  const requests: URL[] = [];
  page.on('request', (request) => requests.push(new URL(request.url())));
  // Layout shifts from the very first frame on (the observer is buffered anyway).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, requests };
}

/**
 * A request for a whole knowledge list: `GET /api/v1/knowledge` without `ids` (the
 * catalogue of every type, or one type's thousands). Asking for named ids is small.
 */
function isWholeKnowledgeList(url: URL): boolean {
  return url.pathname === '/api/v1/knowledge' && !url.searchParams.has('ids');
}

/** `GET /api/v1/content/{idOrAlias}`: one fetch of a content item (not the list, not its children). */
function isContentFetch(url: URL): boolean {
  return url.pathname.startsWith('/api/v1/content/');
}

/** Waits until the SPA has replaced the server's first HTML (its wrapper `.ssr-page` is gone). */
async function spaHasTakenOver(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ssr-page').count(), { timeout: 30_000 }).toBe(0);
}

/** The cumulative layout shift so far (every shift without recent input; a single page view). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}

describe('a first visit (issue 22)', () => {
  it('shows the courseware cards before any whole knowledge list is asked for', async () => {
    const { page, requests } = await coldPage();
    await page.goto(`${seeded().portal.baseUrl}/courseware`);
    await page
      .getByRole('link', { name: /SEED Labs|GenCyber|Lab|Lesson/ })
      .first()
      .waitFor();
    expect(requests.filter(isWholeKnowledgeList).map(String)).toEqual([]);
    // The SPA takes the cards over from the first HTML without asking for any whole knowledge list either.
    await spaHasTakenOver(page);
    await page
      .getByRole('link', { name: /SEED Labs|GenCyber|Lab|Lesson/ })
      .first()
      .waitFor();
    expect(requests.filter(isWholeKnowledgeList).map(String)).toEqual([]);
  });

  it('shows a content page by its canonical address, not fetched again, before any whole knowledge list is asked for', async () => {
    const { page, requests } = await coldPage();
    await page.goto(`${seeded().portal.baseUrl}/courseware/${MODULE_ALIAS}`);
    await spaHasTakenOver(page);
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    expect(requests.filter(isWholeKnowledgeList).map(String)).toEqual([]);
    // The first HTML carries the item: the SPA asks the API for none of it.
    expect(requests.filter(isContentFetch).map(String)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
  });

  it('shows a content page opened by its root-level address at its canonical address, without fetching it', async () => {
    const { page, requests } = await coldPage();
    await page.goto(`${seeded().portal.baseUrl}/${MODULE_ALIAS}`);
    await page.waitForURL(`**/courseware/${MODULE_ALIAS}`);
    await spaHasTakenOver(page);
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    // The first HTML carries the lookup's answer under both keys: no content fetch at all.
    expect(requests.filter(isContentFetch).map(String)).toEqual([]);
    expect(requests.filter(isWholeKnowledgeList).map(String)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
  });

  it('loads one type of knowledge only when the reader reaches its picker', async () => {
    const { page, requests } = await coldPage({ width: 1280, height: 900 });
    await page.goto(`${seeded().portal.baseUrl}/courseware?kus=CO-M.9`);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.getByRole('button', { name: 'Remove CO-M.9' }).waitFor();
    await expect
      .poll(() => requests.filter((url) => url.pathname === '/api/v1/knowledge').map((url) => url.search))
      .toEqual([`?type=KU&ids=CO-M.9&limit=1`]);
    const picker = page.getByRole('combobox', { name: 'Knowledge units' });
    await picker.focus();
    await page.keyboard.type('co-m.4');
    await page.getByRole('option', { name: /^CO-M\.4/ }).waitFor();
    expect(requests.filter(isWholeKnowledgeList).map((url) => url.search)).toEqual(['?type=KU&limit=10000']);
  });
});

describe('a visitor’s first use starts the SPA (decision record 043)', () => {
  it('shows a content page from the first HTML alone, and starts the SPA on the first key, keeping the focus', async () => {
    const { page, requests } = await coldPage();
    await startAppOnFirstUse(page);
    await page.goto(`${seeded().portal.baseUrl}/courseware/${MODULE_ALIAS}`);
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    await page.waitForLoadState('networkidle');
    // Readable and usable as it is: the server's page, no SPA, no API call.
    expect(await page.locator('.ssr-page').count()).toBe(1);
    expect(requests.filter((url) => /\/assets\/start-/.test(url.pathname)).map(String)).toEqual([]);
    expect(requests.filter((url) => url.pathname.startsWith('/api/')).map(String)).toEqual([]);
    expect(await seriousAccessibilityViolations(page), 'axe on the server page').toEqual([]);

    // Tab reaches the skip link; the SPA starts and replaces the page, the focus stays on the same link.
    await page.keyboard.press('Tab');
    await spaHasTakenOver(page);
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Skip to main content');
    expect(requests.filter(isContentFetch).map(String)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
  });

  it('follows a link of the first HTML while the SPA starts, to the next page', async () => {
    const { page } = await coldPage({ width: 1280, height: 900 });
    await startAppOnFirstUse(page);
    await page.goto(`${seeded().portal.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courseware' }).click();
    await page.waitForURL('**/courseware');
    await page
      .getByRole('main')
      .getByRole('link', { name: /SEED Labs|GenCyber|Lab|Lesson/ })
      .first()
      .waitFor();
  });

  it('follows the server page’s Log in through the SPA, which sends the reader back to the page after signing in', async () => {
    const { page } = await coldPage({ width: 1280, height: 900 });
    await startAppOnFirstUse(page);
    await page.goto(`${seeded().portal.baseUrl}/courseware/${MODULE_ALIAS}`);
    expect(await page.locator('.ssr-page').count()).toBe(1);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the local portal' }).waitFor();
    const redirect = new URL(page.url()).searchParams.get('redirect_url') ?? '';
    expect(new URL(redirect).pathname).toBe(`/courseware/${MODULE_ALIAS}`);
  });
});
