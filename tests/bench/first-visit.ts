import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Browser, Response } from 'playwright-core';
import { dynamoDbClient } from '../../functions/src/adapters/aws-clients.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { buildSpaOnce, countFromEnv, type Figure, freePort, loadAverage, median } from './support.ts';

/**
 * The first visit, as a browser sees it (issue 22, "Benchmark"): the seeded portal
 * in-process serving the production SPA build (`web/dist`, built once per run by
 * {@link buildSpaOnce} and copied, so a static baseline page can sit next to it),
 * per brand (`BRAND`, read by the portal's `/env.json` at start), and the same
 * Chromium as the browser tests (`launchBrowser`).
 *
 * - {@link chromiumFirstRenderFigures}: bytes before `/courseware` shows its cards.
 * - {@link timeToCardsFigures}: time to cards, cold, against a static HTML page of the same size.
 * - {@link pageViewFigures}: requests per page view, DynamoDB requests per page view.
 * - {@link lighthouseFigures}: Lighthouse 12.2.3, mobile, default (simulated) throttling.
 */

/** A seeded content item reached by its canonical (`/courseware/<alias>`) and short (`/<alias>`) address. */
export const CONTENT_ALIAS =
  'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';
/** That item's name (the static baseline page ends with a card-like link to it). */
const CARD_NAME = 'Buffer Overflow Attack Lab (Set-UID Version)';
/** A search that finds that item. */
export const SEARCH_TEXT = 'buffer overflow';

/** A public page of the benchmark: a label for the figures and its path on the portal. */
export interface PublicPage {
  readonly label: string;
  readonly path: string;
}

/** The pages Lighthouse measures (issue 22 "Benchmark"): home, list, search, content ×2, a CMS page. */
export const LIGHTHOUSE_PAGES: readonly PublicPage[] = [
  { label: 'home', path: '/' },
  { label: '/courseware', path: '/courseware' },
  { label: 'search result', path: `/courseware?q=${encodeURIComponent(SEARCH_TEXT)}` },
  { label: 'content page, canonical address', path: `/courseware/${CONTENT_ALIAS}` },
  { label: 'content page, short address', path: `/${CONTENT_ALIAS}` },
  { label: 'CMS page /about', path: '/about' },
];

/** Every public page a visitor may open first: the Lighthouse pages plus news and events. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  ...LIGHTHOUSE_PAGES,
  { label: 'news', path: '/news' },
  { label: 'events', path: '/events' },
];

/** The static baseline page's address (a `.html` file is served as is, never rewritten to the SPA). */
const STATIC_PAGE = '/bench-static-baseline.html';
/**
 * Lighthouse's static baseline: a page of the catalogue's text of this many bytes,
 * about what a server-rendered list page is. (A page of `/courseware`'s whole
 * first-render size, over a megabyte of text, makes Lighthouse's in-page audits time
 * out on a loaded machine.)
 */
const SMALL_STATIC_BYTES = 50 * 1024;
const SMALL_STATIC_PAGE = '/bench-static-small.html';

type Brand = 'USCR' | 'VACR';

/** The brands measured: `BENCH_BRANDS=USCR` measures one. */
function brands(): Brand[] {
  const chosen = (process.env.BENCH_BRANDS ?? 'USCR,VACR').split(',').map((b) => b.trim().toUpperCase());
  const unknown = chosen.filter((b) => b !== 'USCR' && b !== 'VACR');
  if (unknown.length > 0) throw new Error(`BENCH_BRANDS: unknown brands ${unknown.join(', ')}; known: USCR, VACR`);
  return chosen as Brand[];
}

interface Opened {
  portal: LocalPortal;
  browser: Browser;
  /** The folder the portal serves the SPA from (a copy of `web/dist`). */
  distDir: string;
  /** Chromium's remote debugging port (for Lighthouse). */
  debuggingPort: number;
  /** The static baseline page of `/courseware`'s first-render size: its URL on the portal and its size in bytes. */
  staticPage: { url: string; bytes: number };
  /** The static baseline page of {@link SMALL_STATIC_BYTES}, for Lighthouse. */
  smallStaticPage: { url: string; bytes: number };
}

/**
 * Starts the seeded portal of `brand` serving a copy of the production build, and a
 * Chromium with a remote debugging port; measures `/courseware`'s first render once,
 * writes the static baseline page of that size next to the build and restarts the
 * portal (the static file server lists its files when it starts); runs `act`; stops
 * both.
 */
async function withPortal<T>(brand: Brand, act: (opened: Opened) => Promise<T>): Promise<T> {
  const built = await buildSpaOnce();
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-web-'));
  await cp(built, distDir, { recursive: true });
  const previousBrand = process.env.BRAND;
  process.env.BRAND = brand;
  let portal: LocalPortal | undefined;
  let browser: Browser | undefined;
  try {
    portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: distDir });
    const debuggingPort = await freePort();
    browser = await launchBrowser({ args: [`--remote-debugging-port=${debuggingPort}`], multiProcess: true });
    const first = await coursewareFirstRender(browser, portal.baseUrl);
    await writeStaticPage(portal.baseUrl, path.join(distDir, STATIC_PAGE), first.bytes);
    await writeStaticPage(portal.baseUrl, path.join(distDir, SMALL_STATIC_PAGE), SMALL_STATIC_BYTES);
    await portal.stop();
    portal = undefined;
    portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: distDir });
    const staticPage = { url: `${portal.baseUrl}${STATIC_PAGE}`, bytes: first.bytes };
    const smallStaticPage = { url: `${portal.baseUrl}${SMALL_STATIC_PAGE}`, bytes: SMALL_STATIC_BYTES };
    for (const { url } of [staticPage, smallStaticPage]) {
      const check = await fetch(url);
      await check.arrayBuffer();
      if (!check.ok) throw new Error(`the static baseline page ${url} answered ${check.status}`);
    }
    return await act({ portal, browser, distDir, debuggingPort, staticPage, smallStaticPage });
  } finally {
    if (previousBrand === undefined) delete process.env.BRAND;
    else process.env.BRAND = previousBrand;
    await browser?.close();
    await portal?.stop();
    await rm(distDir, { recursive: true, force: true });
  }
}

/** A DynamoDB attribute as the SDK input holds it: plain (document client) or typed (`{ S: … }`). */
function plainString(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'S' in value ? (value as { S: unknown }).S : value;
}

/**
 * True for a background poll of the local stack, not a handler's request: the local
 * catalog indexer's read of the catalog revision item (it stands in for the table
 * stream on AWS) and the outbox consumer's Query of pending messages (decision record 033).
 */
function isBackgroundPoll(input: unknown): boolean {
  const request = input as { Key?: Record<string, unknown>; ExpressionAttributeValues?: Record<string, unknown> };
  if (plainString(request?.Key?.pk) === 'CATALOG') return true;
  return plainString(request?.ExpressionAttributeValues?.[':pk']) === 'OUTBOX_PENDING';
}

/**
 * Counts the DynamoDB requests the in-process handlers make while `act` runs, by a
 * middleware on their shared SDK client (`dynamoDbClient`; the document client shares
 * its stack). The local stack's background polls in the same process
 * ({@link isBackgroundPoll}) are left out.
 */
export async function countDynamoRequests(act: () => Promise<void>): Promise<number> {
  let count = 0;
  const name = `bench-counter-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next) => async (args) => {
      if (!isBackgroundPoll(args.input)) count += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await act();
  } finally {
    dynamoDbClient.middlewareStack.remove(name);
  }
  return count;
}

/**
 * Waits until the page shows a content card — a link in `<main>` to a content item
 * (`/courseware/<id or alias>`) that is laid out — and returns the page's
 * `performance.now()` then: ms since the navigation started. With `bySpa`, only a card
 * the SPA rendered counts: the server's first HTML (its `.ssr-page` wrapper, decision
 * record 038) shows cards before any JavaScript has run.
 */
async function firstCardAt(page: import('playwright-core').Page, bySpa = false): Promise<number> {
  const handle = await page.waitForFunction(
    (spaOnly: boolean) => {
      if (spaOnly && document.querySelector('.ssr-page')) return false;
      const card = [...document.querySelectorAll('main a[href]')].find((a) => {
        const href = new URL((a as HTMLAnchorElement).href, location.href);
        return (
          href.origin === location.origin &&
          /^\/courseware\/./.test(href.pathname) &&
          (a.textContent ?? '').trim() !== '' &&
          a.getBoundingClientRect().height > 0
        );
      });
      return card ? performance.now() : false;
    },
    bySpa,
    { polling: 'raf', timeout: 120_000 },
  );
  return Number(await handle.jsonValue());
}

/** What one cold `/courseware` view downloaded before its first card showed. */
interface FirstRender {
  /** ms from navigation start to the card. */
  ms: number;
  requests: number;
  /** Decoded bytes of every response. */
  bytes: number;
  /** Bytes on the wire (bodies as sent, compressed where the server compressed). */
  wireBytes: number;
  js: { bytes: number; wireBytes: number; gzip: number; brotli: number; files: number };
}

/** Opens `/courseware` in a fresh context (cold cache) and measures what came before the SPA showed its first card. */
async function coursewareFirstRender(browser: Browser, base: string): Promise<FirstRender> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    let collecting = true;
    const responses: Promise<{ js: boolean; body: Buffer; wire: number }>[] = [];
    page.on('response', (response: Response) => {
      if (!collecting) return;
      const js = new URL(response.url()).pathname.endsWith('.js');
      responses.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await response
            .request()
            .sizes()
            .catch(() => ({ responseBodySize: body.length }));
          return { js, body, wire: sizes.responseBodySize };
        })(),
      );
    });
    await page.goto(`${base}/courseware`, { waitUntil: 'commit' });
    const ms = await firstCardAt(page, true);
    collecting = false;
    const all = await Promise.all(responses);
    const scripts = all.filter((r) => r.js);
    const sum = (items: typeof all, of: (r: (typeof all)[number]) => number) =>
      items.reduce((total, r) => total + of(r), 0);
    return {
      ms,
      requests: all.length,
      bytes: sum(all, (r) => r.body.length),
      wireBytes: sum(all, (r) => r.wire),
      js: {
        files: scripts.length,
        bytes: sum(scripts, (r) => r.body.length),
        wireBytes: sum(scripts, (r) => r.wire),
        gzip: sum(scripts, (r) => gzipSync(r.body).length),
        brotli: sum(scripts, (r) => brotliCompressSync(r.body).length),
      },
    };
  } finally {
    await context.close();
  }
}

/**
 * Writes a static baseline page to `file` in the served folder: an HTML document of
 * `bytes` bytes (e.g. the decoded bytes `/courseware` needs before its first card), of the
 * catalogue's own names and descriptions, ending with a card-like link to a content
 * item, so that its "card" shows only once the whole document has arrived.
 */
async function writeStaticPage(base: string, file: string, bytes: number): Promise<void> {
  const list = (await (await fetch(`${base}/api/v1/content?limit=300`)).json()) as {
    items: { name?: string; description?: string }[];
  };
  const paragraphs = list.items.map(
    (item) => `<h2>${escapeHtml(item.name ?? '')}</h2>\n<p>${escapeHtml(item.description ?? '')}</p>\n`,
  );
  if (paragraphs.length === 0) throw new Error('the seeded portal lists no content for the static page');
  const head =
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="description" content="A static page of the same size as the courseware list, for comparison.">\n' +
    '<title>Courseware (static baseline)</title>\n</head>\n<body>\n<main>\n<h1>Courseware</h1>\n';
  const tail = `<p><a href="/courseware/${CONTENT_ALIAS}">${escapeHtml(CARD_NAME)}</a></p>\n</main>\n</body>\n</html>\n`;
  let body = '';
  for (let i = 0; Buffer.byteLength(head + body + tail) < bytes; i += 1) body += paragraphs[i % paragraphs.length];
  const html = head + body + tail;
  await writeFile(file, html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Bytes before the first render in Chromium (issue 22 item 3): the JavaScript a cold
 * Chromium downloads before `/courseware` shows its first card — decoded, on the
 * wire, gzip (default level, as earlier issues measured) and brotli (quality 11) of
 * the decoded files — and every byte it downloaded by then. Median over
 * `BENCH_FIRST_RENDER_RUNS` (default 3) cold views.
 */
export async function chromiumFirstRenderFigures(): Promise<Figure[]> {
  const runs = countFromEnv('BENCH_FIRST_RENDER_RUNS', 3);
  return withPortal('USCR', async ({ portal, browser }) => {
    const before = loadAverage();
    const views: FirstRender[] = [];
    for (let i = 0; i < runs; i += 1) views.push(await coursewareFirstRender(browser, portal.baseUrl));
    const load: [number, number] = [before, loadAverage()];
    const kib = (of: (v: FirstRender) => number) => Math.round((median(views.map(of)) / 1024) * 10) / 10;
    const files = median(views.map((v) => v.js.files));
    return [
      {
        name: "JavaScript downloaded before the SPA shows /courseware's cards (Chromium), gzip",
        value: Math.round(median(views.map((v) => v.js.gzip)) / 1024),
        unit: 'KiB',
        goal: '≤ 170 KB',
        loadAverage: load,
      },
      {
        name: `JavaScript before the SPA shows /courseware's cards (Chromium, ${files} files), brotli`,
        value: kib((v) => v.js.brotli),
        unit: 'KiB',
        baseline: { name: 'the same files uncompressed (KiB)', value: kib((v) => v.js.bytes) },
        goal: '≤ 170 KB',
        loadAverage: load,
      },
      {
        name: "JavaScript before the SPA shows /courseware's cards (Chromium), bytes on the wire as served",
        value: kib((v) => v.js.wireBytes),
        unit: 'KiB',
        baseline: { name: 'the same files uncompressed (KiB)', value: kib((v) => v.js.bytes) },
        loadAverage: load,
      },
      {
        name: `everything before the SPA shows /courseware's cards (Chromium, ${median(views.map((v) => v.requests))} requests), bytes on the wire`,
        value: kib((v) => v.wireBytes),
        unit: 'KiB',
        baseline: { name: 'the same responses decoded (KiB)', value: kib((v) => v.bytes) },
        loadAverage: load,
      },
    ];
  });
}

/** ms from navigation start until the first content card shows, in a fresh (cold) context. */
async function coldTimeToCard(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    return await firstCardAt(page);
  } finally {
    await context.close();
  }
}

/**
 * Time to cards (issue 22 "Benchmark"): ms from navigation start until `/courseware`
 * shows its first card in a cold Chromium, against a static HTML page of the same
 * size (the decoded bytes `/courseware` needs first) served by the same server in
 * the same run, ending with a link of the card's name. Alternating, median of
 * `BENCH_CARDS_RUNS` (default 5) each; the ratio is the figure.
 */
export async function timeToCardsFigures(log: (line: string) => void): Promise<Figure[]> {
  const runs = countFromEnv('BENCH_CARDS_RUNS', 5);
  return withPortal('USCR', async (opened) => {
    const before = loadAverage();
    const page = opened.staticPage;
    const cards: number[] = [];
    const statics: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      cards.push(await coldTimeToCard(opened.browser, `${opened.portal.baseUrl}/courseware`));
      statics.push(await coldTimeToCard(opened.browser, page.url));
      log(
        `time to cards run ${i + 1}/${runs}: /courseware ${Math.round(cards[i] ?? 0)} ms, static page ${Math.round(statics[i] ?? 0)} ms (load average ${loadAverage()})`,
      );
    }
    return [
      {
        name: `time to cards on /courseware, cold Chromium (median of ${runs})`,
        value: Math.round(median(cards)),
        unit: 'ms',
        baseline: {
          name: `a static HTML page of the same size (${Math.round(page.bytes / 1024)} KiB) from the same server (ms)`,
          value: Math.round(median(statics)),
        },
        loadAverage: [before, loadAverage()],
      },
    ];
  });
}

/**
 * Watches `page`'s requests from now on; `settled()` resolves once no request has
 * been in flight and none started for `BENCH_SETTLE_MS` (default 2,000 ms;
 * Playwright's "network idle" is 500 ms, which a loaded machine spends parsing the
 * scripts before the app's first API request).
 * @throws Error from `settled()` when the page is still busy after 120 s.
 */
function watchNetwork(page: import('playwright-core').Page): { settled: () => Promise<void> } {
  const quietMs = countFromEnv('BENCH_SETTLE_MS', 2000);
  const inFlight = new Set<import('playwright-core').Request>();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const ended = (request: import('playwright-core').Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled() {
      const deadline = Date.now() + 120_000;
      while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) throw new Error(`${page.url()} did not settle within 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/**
 * Requests per page view (issue 22 "Benchmark"): for each public page, every request
 * a cold Chromium makes until the page is settled ({@link watchNetwork}), of which
 * API requests, and the DynamoDB requests the server made for the view (goal ≤ 2 for a
 * content page). Baseline: the static HTML page, served by the same server.
 */
export async function pageViewFigures(log: (line: string) => void): Promise<Figure[]> {
  return withPortal('USCR', async (opened) => {
    const figures: Figure[] = [];
    const page = opened.staticPage;
    const view = async (url: string) => {
      const context = await opened.browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const tab = await context.newPage();
        const requests: string[] = [];
        tab.on('request', (request) => requests.push(request.url()));
        const network = watchNetwork(tab);
        const dynamo = await countDynamoRequests(async () => {
          const response = await tab.goto(url, { waitUntil: 'load', timeout: 120_000 });
          if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
          await network.settled();
        });
        const api = requests.filter((r) => new URL(r).pathname.startsWith('/api/')).length;
        return { requests: requests.length, api, dynamo };
      } finally {
        await context.close();
      }
    };
    const staticView = await view(page.url);
    for (const publicPage of PUBLIC_PAGES) {
      const before = loadAverage();
      const result = await view(`${opened.portal.baseUrl}${publicPage.path}`);
      const load: [number, number] = [before, loadAverage()];
      log(
        `page view ${publicPage.path}: ${result.requests} requests (${result.api} API), ${result.dynamo} DynamoDB (load average ${load[1]})`,
      );
      const isContent = publicPage.label.startsWith('content page');
      figures.push(
        {
          name: `requests per page view, ${publicPage.label} (cold Chromium, until settled)`,
          value: result.requests,
          unit: 'requests',
          baseline: { name: 'the static HTML page', value: staticView.requests },
          loadAverage: load,
        },
        {
          name: `API requests per page view, ${publicPage.label}`,
          value: result.api,
          unit: 'requests',
          loadAverage: load,
        },
        {
          name: `DynamoDB requests per page view, ${publicPage.label}`,
          value: result.dynamo,
          unit: 'requests',
          ...(isContent ? { goal: '≤ 2' } : {}),
          loadAverage: load,
        },
      );
    }
    return figures;
  });
}

/** One Lighthouse run's figures. */
interface LighthouseSample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  loadAverage: number;
}

/**
 * Runs Lighthouse once on `url` through the Chromium listening on `port`: its default
 * configuration (mobile form factor, simulated throttling), performance and
 * accessibility only.
 * @throws Error when Lighthouse reports a runtime error or a category without a score.
 */
async function lighthouseSample(url: string, port: number): Promise<LighthouseSample> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`Lighthouse on ${url}: no ${id} score`);
    return Math.round(value * 100);
  };
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse on ${url}: no value for ${id}`);
    return value;
  };
  if (lhr.configSettings.formFactor !== 'mobile') throw new Error('Lighthouse did not run as mobile');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    loadAverage: loadAverage(),
  };
}

/**
 * {@link lighthouseSample}, tried up to three times: on a loaded machine a DevTools
 * protocol call may time out (`PROTOCOL_TIMEOUT`) and the run is lost, not the page
 * slow. Each lost run is logged.
 * @throws Error the third failure.
 */
async function lighthouseWithRetries(
  url: string,
  port: number,
  log: (line: string) => void,
): Promise<LighthouseSample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseSample(url, port);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`lighthouse run lost, trying again (load average ${loadAverage()}): ${(error as Error).message}`);
    }
  }
}

const LIGHTHOUSE_METRICS: readonly {
  key: keyof Omit<LighthouseSample, 'loadAverage'>;
  name: string;
  unit: string;
  goal: string;
  round: (value: number) => number;
}[] = [
  { key: 'performance', name: 'performance', unit: 'score', goal: '≥ 95', round: Math.round },
  { key: 'accessibility', name: 'accessibility', unit: 'score', goal: '100', round: Math.round },
  { key: 'lcpMs', name: 'LCP', unit: 'ms', goal: '≤ 2500 ms', round: Math.round },
  { key: 'tbtMs', name: 'TBT', unit: 'ms', goal: '≤ 200 ms', round: Math.round },
  { key: 'cls', name: 'CLS', unit: '', goal: '≤ 0.1', round: (v) => Math.round(v * 1000) / 1000 },
  { key: 'bytes', name: 'bytes transferred', unit: 'KiB', goal: '—', round: (v) => Math.round(v / 1024) },
];

/**
 * Lighthouse (issue 22 "Benchmark"): for each brand (`BENCH_BRANDS`) and each of
 * {@link LIGHTHOUSE_PAGES}, the median of `BENCH_LIGHTHOUSE_RUNS` (default 5) runs of
 * performance, accessibility, LCP, TBT, CLS and bytes transferred, each next to the
 * same median on a static HTML page of the catalogue's text ({@link SMALL_STATIC_BYTES})
 * served by the same server in the same run (what the machine gives a page that needs
 * no script). Every
 * run is logged with the load average; each figure keeps its runs' load averages.
 */
export async function lighthouseFigures(log: (line: string) => void): Promise<Figure[]> {
  const runs = countFromEnv('BENCH_LIGHTHOUSE_RUNS', 5);
  const figures: Figure[] = [];
  for (const brand of brands()) {
    await withPortal(brand, async (opened) => {
      const measure = async (label: string, url: string) => {
        const samples: LighthouseSample[] = [];
        for (let i = 0; i < runs; i += 1) {
          const sample = await lighthouseWithRetries(url, opened.debuggingPort, log);
          samples.push(sample);
          log(
            `lighthouse ${brand} ${label} run ${i + 1}/${runs}: performance ${sample.performance}, accessibility ${sample.accessibility}, ` +
              `LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)}, ` +
              `${Math.round(sample.bytes / 1024)} KiB (load average ${sample.loadAverage})`,
          );
        }
        return samples;
      };
      const page = opened.smallStaticPage;
      const baseline = await measure('static page', page.url);
      for (const publicPage of LIGHTHOUSE_PAGES) {
        const before = loadAverage();
        const samples = await measure(publicPage.label, `${opened.portal.baseUrl}${publicPage.path}`);
        for (const metric of LIGHTHOUSE_METRICS) {
          figures.push({
            name: `Lighthouse ${metric.name}, ${brand} ${publicPage.label} (mobile, median of ${runs})`,
            value: metric.round(median(samples.map((s) => s[metric.key]))),
            unit: metric.unit,
            baseline: {
              name: `a static HTML page of the catalogue's text (${Math.round(page.bytes / 1024)} KiB)`,
              value: metric.round(median(baseline.map((s) => s[metric.key]))),
            },
            goal: metric.goal,
            loadAverage: [before, loadAverage()],
            runs: samples.map((s) => ({ value: metric.round(s[metric.key]), loadAverage: s.loadAverage })),
          });
        }
      }
    });
  }
  return figures;
}
