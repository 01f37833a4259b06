import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Brand } from '#shared/enums';
import { runtimeConfigFromEnv } from '../../infra/local/runtime-config.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * The link checker of issue 21 item 23: as a visitor and as faculty, on both brands,
 * every internal link of every page reachable from the home page and from the footer
 * is followed in a real browser, and none may end on the home page or on the
 * not-found page unless it is meant to (a link to `/` itself, or an entry of
 * {@link ALLOWED} with its reason).
 *
 * The brand is switched as the SPA sees it: one seeded portal, and for VACR the
 * browser is answered `/env.json` built by the same `runtimeConfigFromEnv` with
 * `BRAND=VACR` (what `BRAND=VACR npm start` serves, as tests/e2e/brands.e2e.test.ts
 * starts it; the server-side brand only decides download eligibility and e-mail
 * wording, never a link). Lean in time: pages of one kind (content items, news and
 * event items, courseware searches) are sampled ({@link SAMPLES}), and each crawl
 * stops after {@link MAX_PAGES} pages.
 */

/** Links that are meant to end elsewhere, with the reason. Keep it short. */
const ALLOWED: Readonly<Record<string, string>> = {};

/** In-app paths that leave the SPA or are not pages: not followed. */
const NOT_PAGES = [
  /^\/(login|logout|signup|exercises)(\/|$|\?)/, // leave for the login host or the exercise area
  /^\/(api|public|dev)\//, // the API, public files, the local identity provider
  /^\/template\.csv$/, // a static file
];

/** At most this many pages of one kind are opened per crawl. */
const SAMPLES: readonly { kind: string; pattern: RegExp; max: number }[] = [
  { kind: 'content item', pattern: /^\/courseware\/.+/, max: 2 },
  { kind: 'courseware search', pattern: /^\/courseware\?/, max: 2 },
  { kind: 'news item', pattern: /^\/news\/.+/, max: 2 },
  { kind: 'event item', pattern: /^\/events\/.+/, max: 2 },
];

/** Pages opened per crawl, at most. */
const MAX_PAGES = 40;

const suite = seededPortalPageForSuite();

interface Visit {
  readonly link: string;
  readonly landed: string;
  readonly notFound: boolean;
  readonly from: string;
}

/**
 * Opens `link` inside the running SPA, as a click on a link would (history entry,
 * router navigation, no reload: a reload per page would make the crawl minutes
 * long), and waits for the shell to move focus to the main content, which it does
 * after every navigation.
 */
async function openInApp(page: Page, link: string) {
  const here = await page.evaluate(() => `${location.pathname}${location.search}`);
  if (here === link) return;
  await page.evaluate((href) => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, link);
  await page.waitForFunction(() => document.activeElement?.id === 'main-content', undefined, {
    timeout: 30_000,
    polling: 25,
  });
}

/** Waits until the page has settled: an h1 in the main content, no lookup, skeleton or busy list. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main?.querySelector('h1')) return false;
      if (document.title.startsWith('Looking for the page')) return false;
      return !document.querySelector('[role="status"][aria-label^="Loading"], [aria-busy="true"]');
    },
    undefined,
    { timeout: 30_000, polling: 25 },
  );
}

/** The in-app links of the page (path, query), as written in their `href`. */
async function linksOf(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const links = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    const link = `${url.pathname}${url.search}`;
    if (NOT_PAGES.some((pattern) => pattern.test(link))) continue;
    links.add(link);
  }
  return [...links];
}

/**
 * Crawls from the home page and the footer's links: opens each link once (a sample
 * of each kind of {@link SAMPLES}), records where it landed, and queues the links of
 * every page it opened.
 */
async function crawl(page: Page, origin: string): Promise<{ visits: Visit[]; sampledOut: number }> {
  // The one full load of the crawl; every other page opens inside the SPA.
  await page.goto(`${origin}/`);
  const visits: Visit[] = [];
  const seen = new Set<string>();
  const perKind = new Map<string, number>();
  let sampledOut = 0;
  const queue: { link: string; from: string }[] = [{ link: '/', from: '(start)' }];
  while (queue.length > 0 && visits.length < MAX_PAGES) {
    const next = queue.shift();
    if (!next || seen.has(next.link)) continue;
    seen.add(next.link);
    const kind = SAMPLES.find((sample) => sample.pattern.test(next.link));
    if (kind) {
      const count = perKind.get(kind.kind) ?? 0;
      if (count >= kind.max) {
        sampledOut += 1;
        continue;
      }
      perKind.set(kind.kind, count + 1);
    }
    await openInApp(page, next.link);
    await settled(page);
    const url = new URL(page.url());
    const notFound = (await page.locator('main h1').first().textContent()) === 'Page not found';
    visits.push({ link: next.link, landed: `${url.pathname}${url.search}`, notFound, from: next.from });
    const found = await linksOf(page, origin);
    for (const link of found) if (!seen.has(link)) queue.push({ link, from: next.link });
  }
  return { visits, sampledOut };
}

/** The visits that broke: landed home without linking home, or on not found; minus the allowed ones. */
function broken(visits: readonly Visit[]): string[] {
  return visits
    .filter((visit) => !(visit.link in ALLOWED))
    .filter(
      (visit) =>
        visit.notFound || (visit.link.split('?')[0] !== '/' && new URL(visit.landed, 'http://x').pathname === '/'),
    )
    .map(
      (visit) => `${visit.link} (linked from ${visit.from}) ended on ${visit.notFound ? 'not found' : 'the home page'}`,
    );
}

/**
 * Gives the page the brand's runtime configuration (for VACR; USCR is what the portal
 * serves): as `/env.json`, and in the first HTML's embedded configuration block
 * (decision record 038), which the SPA reads instead of fetching `/env.json`.
 */
async function useBrand(page: Page, brand: Brand, origin: string) {
  await page.unrouteAll({ behavior: 'wait' });
  if (brand === 'USCR') return;
  const config = runtimeConfigFromEnv({ ...process.env, BRAND: brand }, origin);
  const json = JSON.stringify(config);
  await page.route('**/env.json*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: json }),
  );
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    // Only the portal's own pages; the sign-in pages and their redirects pass untouched.
    if (route.request().resourceType() !== 'document' || url.origin !== origin || url.pathname.startsWith('/dev/')) {
      return route.fallback();
    }
    const response = await route.fetch({ maxRedirects: 0 });
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return route.fulfill({ response });
    const body = (await response.text()).replace(
      /(<script type="application\/json" id="portal-config">)[\s\S]*?(<\/script>)/,
      (_, open: string, close: string) => `${open}${json.replace(/</g, '\\u003c')}${close}`,
    );
    return route.fulfill({ response, body });
  });
}

describe('the link checker (issue 21 item 23)', () => {
  const CASES = [
    { brand: 'USCR', who: 'visitor', persona: null },
    { brand: 'USCR', who: 'faculty', persona: 'faculty-uscr' },
    { brand: 'VACR', who: 'visitor', persona: null },
    { brand: 'VACR', who: 'faculty', persona: 'faculty-vacr' },
  ] as const;

  it.each(CASES)(
    'finds no link on $brand, as $who, that ends on the home page or not found',
    async ({ brand, persona }) => {
      const { page, portal } = suite();
      const origin = portal.baseUrl;
      await useBrand(page, brand, origin);
      // Each case starts signed out.
      await page.goto(`${origin}/logout`);
      await page.evaluate(() => window.localStorage.clear());
      if (persona) await signInAs(page, origin, persona, '/');
      const { visits } = await crawl(page, origin);
      if (brand === 'VACR') expect(await page.title()).toContain('Virginia Cyber Range');
      // It did reach the pages of the footer and beyond.
      expect(visits.length, visits.map((visit) => visit.link).join(' ')).toBeGreaterThan(20);
      for (const must of ['/features', '/about', '/community', '/community/cyber-workshops', '/privacy']) {
        expect(visits.map((visit) => visit.link)).toContain(must);
      }
      expect(broken(visits)).toEqual([]);
    },
    90_000,
  );
});
