import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalTokenFor } from '../support/local-portal.ts';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The public side of curated collections in a real browser on the seeded portal (issue
 * 26 item 2; decision record 076): an editor's curated collection (made through the API)
 * is listed on `/collections`, reached from the footer's Services column, as a card whose
 * name opens the collection's page; a CMS page with a collections widget naming it shows
 * a visitor the widget's heading and the card. Driven by role and accessible name; axe on
 * both pages. (The page builder's dialog is driven by the issue's own browser test.)
 */

const suite = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const url = (pathname: string) => `${suite().portal.baseUrl}${pathname}`;
const NAME = `Memory safety week ${stamp}`;
const HREF = `/curated-${stamp}`;

async function axe(page: Page, what: string) {
  expect.soft(await seriousAccessibilityViolations(page), `axe on ${what}`).toEqual([]);
}

beforeAll(async () => {
  const token = await portalTokenFor(suite().portal, 'editor');
  const send = async (pathname: string, body: unknown) => {
    const response = await fetch(url(pathname), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${pathname} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { id: string };
  };
  const list = (await (await fetch(url('/api/v1/content?limit=5'))).json()) as { items: { id: string }[] };
  const collection = await send('/api/v1/collections', {
    name: NAME,
    description: 'Two labs for week 3.',
    visibility: 'curated',
    entries: list.items.slice(0, 2).map((item) => ({ contentId: item.id, note: 'Start here.' })),
  });
  const cmsPage = await send('/api/v1/pages', {
    title: `Curated ${stamp}`,
    href: HREF,
    status: 'published',
    meta: { description: 'Collections our editors recommend.' },
  });
  await send(`/api/v1/pages/${cmsPage.id}/sections`, {
    name: 'Recommended',
    widgets: [{ kind: 'collections', title: 'Curated for you', customAttributes: { collectionIds: collection.id } }],
  });
});

describe('curated collections (issue 26 item 2)', () => {
  it('lists a curated collection on /collections, reached from the footer, and opens its page', async () => {
    const { page } = suite();
    await page.goto(url('/jobs'));
    await page.getByRole('heading', { level: 1, name: 'Work with us' }).waitFor();
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Services' })
      .getByRole('link', { name: 'Collections', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/collections');
    const card = page.getByRole('list', { name: 'Curated collections' }).getByRole('link', { name: NAME });
    await card.waitFor();
    await axe(page, '/collections');
    await card.click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  });

  it('shows a visitor the collections widget of a CMS page with the collection as a card', async () => {
    const { page } = suite();
    await page.goto(url(HREF));
    const widget = page.getByRole('list', { name: 'Curated for you' });
    await widget.getByRole('link', { name: NAME }).waitFor({ timeout: 30_000 });
    await expect.poll(() => widget.getAttribute('aria-busy')).toBeNull();
    expect(await page.getByRole('heading', { name: 'Curated for you' }).count()).toBe(1);
    await axe(page, 'a CMS page with a collections widget');
  });
});
