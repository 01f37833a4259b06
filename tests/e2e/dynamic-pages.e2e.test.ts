import { beforeAll, describe, expect, it } from 'vitest';
import { portalTokenFor } from '../support/local-portal.ts';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The catch-all dynamic pages in a real browser on the seeded portal (issue 9 item
 * 5; spec §2.2 "Catch-all dynamic pages", §2.3 breadcrumbs; decision record 026
 * "Dynamic routes"): a page an editor created through the API at a hyphenated href
 * is shown at an upper-case variant of its path (with a trailing slash), titled by
 * the page, without path breadcrumbs (the page's own, from its ancestors, stay); a content item's id as a path redirects to its
 * courseware address; an unknown path lands home; a path under /news skips the
 * lookup and shows not found. axe finds no serious or critical violation.
 */

const suite = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const url = (pathname: string) => `${suite().portal.baseUrl}${pathname}`;
const HREF = `/programs/summer-camp-${stamp}`;
const TITLE = `Summer camp ${stamp}`;

let content: { id: string; urlAlias: string } = { id: '', urlAlias: '' };

beforeAll(async () => {
  const { portal } = suite();
  const token = await portalTokenFor(portal, 'editor');
  const send = async (method: string, pathname: string, body: unknown) => {
    const response = await fetch(url(pathname), {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { id: string };
  };
  const page = await send('POST', '/api/v1/pages', {
    title: TITLE,
    href: HREF,
    status: 'published',
    meta: { description: 'A week of cyber defence for high-school students.' },
  });
  await send('POST', `/api/v1/pages/${page.id}/sections`, {
    name: 'About the camp',
    description: '<p>Campers defend a small network on the range.</p>',
    widgets: [],
  });

  const list = (await (await fetch(url('/api/v1/content?limit=20'))).json()) as {
    items: { id: string; urlAlias: string }[];
  };
  const item = list.items.find((candidate) => candidate.urlAlias !== '');
  if (!item) throw new Error('The seeded portal lists no content with a URL alias');
  content = item;
});

describe('the catch-all dynamic pages (issue 9)', () => {
  it('shows a CMS page at an upper-case variant of its hyphenated path', async () => {
    const { page } = suite();
    const shown = `${HREF.toUpperCase()}/`;
    await page.goto(url(shown));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 30_000 });
    await page.getByText('Campers defend a small network on the range.').waitFor();
    expect(new URL(page.url()).pathname).toBe(shown);
    expect(await page.title()).toMatch(new RegExp(`^${TITLE} \\| `));
    // No path breadcrumbs (spec §2.3: none for dynamic routes) — only the page's own, from its ancestors (§2.14).
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.count()).toBeLessThanOrEqual(1);
    expect(await crumbs.getByText(/programs/i).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'ERROR' }).count()).toBe(0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the dynamic page').toEqual([]);
  });

  it('redirects a content id path to the item’s courseware address', async () => {
    const { page } = suite();
    await page.goto(url(`/${content.id.toUpperCase()}`));
    await page.waitForURL((address) => address.pathname.startsWith('/courseware/'), { timeout: 30_000 });
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/courseware/${content.urlAlias}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the redirected content').toEqual([]);
  });

  it('lands home from an unknown path, without the ERROR dialog', async () => {
    const { page } = suite();
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    const home = new URL(page.url()).pathname;
    await page.goto(url(`/no-such-page-${stamp}/really`));
    await page.waitForURL((address) => address.pathname === home, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog', { name: 'ERROR' }).count()).toBe(0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on home after a miss').toEqual([]);
  });

  it('shows not found under /news without looking anything up', async () => {
    const { page } = suite();
    const lookups: string[] = [];
    const record = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/pages/by-href') || pathname.startsWith('/api/v1/content/')) {
        lookups.push(pathname);
      }
    };
    page.on('request', record);
    await page.goto(url(`/about/news/${stamp}`));
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 30_000 });
    page.off('request', record);
    expect(lookups).toEqual([]);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on not found').toEqual([]);
  });
});
