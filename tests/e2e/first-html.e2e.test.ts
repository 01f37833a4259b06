import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, startAppOnFirstUse } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The first HTML and the SPA's takeover (issue 22 item 2; decision record 038): a
 * page's main content is there without JavaScript, and with JavaScript the SPA shows
 * the same content without asking the API again for what the page embedded (the
 * runtime configuration, the content item, the default courseware list).
 */

const LAB = 'Buffer Overflow Attack Lab (Set-UID Version)';
const LAB_PATH =
  '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';

const seeded = seededPortalPageForSuite();

/** The paths of the requests `page` makes from now on. */
function recordRequests(page: Page): { paths: string[]; stop: () => void } {
  const paths: string[] = [];
  const listener = (request: Request) => paths.push(new URL(request.url()).pathname);
  page.on('request', listener);
  return { paths, stop: () => page.off('request', listener) };
}

/**
 * A second page of the same browser whose scripts never load, so what it shows is the
 * server's HTML alone (a context of its own would close the single-process browser).
 */
async function pageWithoutScripts(): Promise<Page> {
  const plain = await seeded().page.context().newPage();
  // No SPA will start here: goto need not wait for one.
  await startAppOnFirstUse(plain);
  await plain.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  return plain;
}

/** Waits until React has replaced the server's markup (the server shell's wrapper is gone). */
async function spaHasTakenOver(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ssr-page').count(), { timeout: 30_000 }).toBe(0);
}

describe('the first HTML of a content page', () => {
  it('shows the content without JavaScript', async () => {
    const page = await pageWithoutScripts();
    try {
      await page.goto(`${seeded().portal.baseUrl}${LAB_PATH}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(LAB);
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Files' }).count()).toBe(1);
      expect(await page.title()).toContain(LAB);
      expect(await seriousAccessibilityViolations(page), 'axe on the server HTML').toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('is taken over by the SPA with the same content, without fetching the content or env.json again', async () => {
    const { page, portal } = seeded();
    const requests = recordRequests(page);
    await page.goto(`${portal.baseUrl}${LAB_PATH}`);
    await spaHasTakenOver(page);
    await page.getByRole('heading', { level: 1, name: LAB }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Files' }).waitFor();
    requests.stop();
    expect(requests.paths).not.toContain('/env.json');
    expect(requests.paths.filter((path) => /^\/api\/v1\/content(-children)?\//.test(path))).toEqual([]);
    expect(await seriousAccessibilityViolations(page), 'axe on the content page').toEqual([]);
  });
});

describe('the first HTML of /courseware', () => {
  it('is taken over by the SPA with the same cards, without asking the API for the list again', async () => {
    const { page, portal } = seeded();
    const serverNames = await (async () => {
      const plain = await pageWithoutScripts();
      try {
        await plain.goto(`${portal.baseUrl}/courseware`);
        return await plain.locator('main article h3').allTextContents();
      } finally {
        await plain.close();
      }
    })();
    expect(serverNames.length).toBeGreaterThan(0);

    const requests = recordRequests(page);
    await page.goto(`${portal.baseUrl}/courseware`);
    await spaHasTakenOver(page);
    const first = serverNames[0] ?? '';
    await page.getByRole('link', { name: first, exact: true }).first().waitFor();
    for (const name of serverNames) {
      expect(await page.getByRole('link', { name, exact: true }).count(), name).toBeGreaterThan(0);
    }
    requests.stop();
    expect(requests.paths).not.toContain('/env.json');
    expect(requests.paths).not.toContain('/api/v1/search/content');
    // Nor the list and its next page: the first HTML embeds both under the SPA's keys.
    expect(requests.paths).not.toContain('/api/v1/content');
    expect(await seriousAccessibilityViolations(page), 'axe on /courseware').toEqual([]);
  });
});
