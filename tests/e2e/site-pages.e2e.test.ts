import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The editable site pages in a real browser on the seeded portal (issue 8 item 4;
 * spec §2.2, §2.3 footer, §2.14; decision record 026): a visitor opens the team,
 * resources, terms-of-use and privacy pages from the footer, and each shows its h1
 * and the text seeded from `functions/seed-data/pages/` (read here, so the test
 * follows the seed files), read through `GET /api/v1/pages/by-href`. axe finds no
 * serious or critical violation on each page.
 */

const SEED_DIR = path.resolve(import.meta.dirname, '../../functions/seed-data/pages');

interface SeedWidget {
  kind: string;
  content?: string;
  link?: string;
  customAttributes?: { type?: string };
}
interface SeedPage {
  title: string;
  href: string;
  sections: { widgets: SeedWidget[] }[];
}

/** The seeded page of `file`: its href, its h1 (the opening h1 heading widget, else the title) and its first sentence of text. */
function seeded(file: string) {
  const page = JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')) as SeedPage;
  const widgets = page.sections.flatMap((section) => section.widgets);
  const opening = page.sections[0]?.widgets[0];
  const h1 = opening?.kind === 'heading' && opening.customAttributes?.type === 'h1' ? opening.content : page.title;
  const html = widgets.find((widget) => widget.kind === 'contentBox')?.content ?? '';
  const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  const text = firstParagraph.replace(/<[^>]+>/g, '').split(/(?<=\.)\s/)[0] ?? '';
  const action = widgets.find((widget) => widget.kind === 'callToAction');
  return { href: page.href, h1: h1 ?? page.title, text, action };
}

const PAGES = [
  { file: 'team.json', column: 'Contact', link: 'Team' },
  { file: 'resources.json', column: 'Resources', link: 'Resources' },
  { file: 'terms-of-use.json', column: 'Contact', link: 'Terms of use' },
  { file: 'privacy.json', column: 'Contact', link: 'Privacy policy' },
] as const;

const suite = seededPortalPageForSuite();
const url = (pathname: string) => `${suite().portal.baseUrl}${pathname}`;

describe('the editable site pages (issue 8)', () => {
  it.each(PAGES)(
    'opens $file from the footer’s $column column and shows its seeded text',
    async ({ file, column, link }) => {
      const { page } = suite();
      const expected = seeded(file);
      expect(expected.text.length).toBeGreaterThan(20);
      await page.goto(url('/jobs'));
      await page.getByRole('heading', { level: 1, name: 'Work with us' }).waitFor();
      const footer = page.getByRole('contentinfo').getByRole('navigation', { name: column });
      await footer.getByRole('link', { name: link, exact: true }).click();

      await page.getByRole('heading', { level: 1, name: expected.h1, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(expected.href);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.getByText(expected.text, { exact: false }).first().waitFor();
      if (expected.action?.content && expected.action.link) {
        expect(
          await page.getByRole('link', { name: expected.action.content, exact: true }).first().getAttribute('href'),
        ).toBe(expected.action.link);
      }
      await expectAccessible(page, expected.href);
    },
  );
});

/**
 * The portal's own pages of issue 21 item 20 (features, about, community, weekly
 * workshops, the K-12 advisory board, pricing): each is reached from the link that
 * used to land on the home page, shows its seeded h1 and passes axe.
 */
describe('the pages of features, about, community, workshops, the K-12 board and pricing (issue 21 item 20)', () => {
  const h1Of = (file: string) => seeded(file).h1;

  async function arrive(page: Page, file: string) {
    const expected = seeded(file);
    await page.getByRole('heading', { level: 1, name: expected.h1, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(expected.href);
    await page.getByText(expected.text, { exact: false }).first().waitFor();
    await expectAccessible(page, expected.href);
  }

  it('opens the features page from the home page’s main button and from the header’s first link', async () => {
    const { page } = suite();
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Explore the features' }).click();
    await arrive(page, 'features.json');
    await page.goto(url('/jobs'));
    const first = page.getByRole('banner').getByRole('link', { name: 'Features', exact: true });
    await first.click();
    await page.getByRole('heading', { level: 1, name: h1Of('features.json'), exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/features');
  });

  it('sends the header’s Pricing link on to the pricing page at /rangepricing', async () => {
    const { page } = suite();
    await page.goto(url('/jobs'));
    await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).click();
    await arrive(page, 'pricing.json');
    expect(await page.getByRole('link', { name: 'contact form' }).first().getAttribute('href')).toBe('/contact-us');
  });

  it.each([
    { file: 'about.json', column: 'Contact', link: 'About' },
    { file: 'community.json', column: 'Services', link: 'Community' },
    { file: 'weekly-workshops.json', column: 'Services', link: 'Weekly workshops' },
  ] as const)('opens $file from the footer’s $column column', async ({ file, column, link }) => {
    const { page } = suite();
    await page.goto(url('/jobs'));
    await page.getByRole('heading', { level: 1, name: 'Work with us' }).waitFor();
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: column });
    await footer.getByRole('link', { name: link, exact: true }).click();
    await arrive(page, file);
  });

  it('reaches the K-12 advisory board from the community page, with Community in its breadcrumbs', async () => {
    const { page } = suite();
    await page.goto(url('/community'));
    await page.getByRole('link', { name: 'About the K-12 advisory board' }).click();
    await arrive(page, 'k12-advisory-board.json');
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    expect(await crumbs.getByRole('link', { name: 'Community' }).getAttribute('href')).toBe('/community');
  });

  it('takes the newsletter confirmation’s button to the community page', async () => {
    const { page } = suite();
    await page.goto(url('/newsletter-signup'));
    await page.getByRole('textbox', { name: /^Email/ }).fill(`community-${Date.now()}@example.edu`);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Fay');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Faculty');
    await page.getByRole('textbox', { name: /^Organization/ }).fill('University of Nebraska at Omaha');
    await page.getByRole('textbox', { name: /^Job title/ }).fill('Associate Professor');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('link', { name: 'Visit our community' }).click();
    await arrive(page, 'community.json');
  });
});
