import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Flags for a headless Chromium on a machine with a closed network: without the
 * background-networking flags Chromium keeps trying hosts it cannot reach.
 */
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches headless Chromium for browser tests. The browser comes from
 * `CHROME_PATH`, else `/usr/bin/chromium`, else the Chromium shipped inside the npm
 * package `@sparticuz/chromium`, so `npm test` needs nothing installed by hand.
 *
 * Options (for the benchmark): `args` go to Chromium after the others (e.g.
 * `--remote-debugging-port=<port>` for Lighthouse); `multiProcess` leaves out the
 * packaged Chromium's `--single-process`, which does not survive closing a browser
 * context (a cold view per context needs that); `startAppAtOnce: false` leaves the
 * SPA to start as for a visitor (see {@link startAppAtOnce}).
 */
export async function launchBrowser(
  options: { args?: readonly string[]; multiProcess?: boolean; startAppAtOnce?: boolean } = {},
): Promise<Browser> {
  const browser = await launchChromium(options);
  if (options.startAppAtOnce === false) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...parameters) => startAppAtOnce(await newContext(...parameters));
  browser.newPage = async (...parameters) => (await browser.newContext(...parameters)).newPage();
  return browser;
}

/**
 * Makes every page of `context` start the SPA at once, as for a signed-in user, rather
 * than at the visitor's first use of a server-rendered page (decision record 043): the
 * browser tests drive the SPA, and a test of a public page would otherwise meet the
 * server's HTML until its first click. Tests of the first use itself call
 * {@link startAppOnFirstUse} on their page. Returns `context`.
 */
export async function startAppAtOnce(context: BrowserContext): Promise<BrowserContext> {
  // Init scripts of a context and of its pages run in no defined order: a page's own
  // choice ({@link startAppOnFirstUse}) is kept whichever runs first.
  await context.addInitScript(() => {
    const scope = globalThis as Record<string, unknown>;
    if (!('__portalStartAtOnce' in scope)) scope.__portalStartAtOnce = true;
  });
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitForAppOnGoto(await newPage());
  return context;
}

/**
 * Makes `page.goto` also wait, on a portal page whose SPA starts at once, until the SPA
 * has replaced the server's page or the bare shell's splash: the page's entry loads the
 * SPA on its own (decision record 043), so the `load` event no longer means the SPA is
 * there, and a test acting at once would meet the server's markup. Pages that left the
 * portal (no `#root`) and pages of {@link startAppOnFirstUse} are not waited for.
 */
function waitForAppOnGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (...parameters) => {
    const response = await goto(...parameters);
    await page.waitForFunction(
      () => {
        const root = document.getElementById('root');
        if (!root || (globalThis as Record<string, unknown>).__portalStartAtOnce !== true) return true;
        return !root.querySelector(':scope > .ssr-page, :scope > .boot-splash');
      },
      undefined,
      { timeout: 30_000 },
    );
    return response;
  };
  return page;
}

/** Undoes {@link startAppAtOnce} for `page`: the SPA starts as for a visitor. */
export async function startAppOnFirstUse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (globalThis as Record<string, unknown>).__portalStartAtOnce = false;
  });
}

async function launchChromium(options: { args?: readonly string[]; multiProcess?: boolean }): Promise<Browser> {
  const args = [...QUIET_FLAGS, ...(options.args ?? [])];
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return chromium.launch({ executablePath: fromEnv, headless: true, args });
  if (existsSync('/usr/bin/chromium')) {
    return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args });
  }
  const packaged = (await import('@sparticuz/chromium')).default;
  const executablePath = await packaged.executablePath();
  const packagedArgs = options.multiProcess
    ? packaged.args.filter((arg: string) => arg !== '--single-process')
    : packaged.args;
  return chromium.launch({ executablePath, headless: true, args: [...packagedArgs, ...args] });
}

/** An axe violation reduced to what a failing assertion should print. */
export interface AccessibilityViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  /** The offending elements' HTML and axe's explanation, shortened. */
  nodes: string[];
}

/**
 * Waits until the page is still: no animation or transition running, then two
 * animation frames (so that whatever reacts to what just ended, a re-render or a new
 * transition, has started), then none running again. A wait on conditions, not on
 * the clock.
 */
export async function pageSettled(page: Page): Promise<void> {
  const still = () =>
    page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await still();
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await still();
}

/**
 * Runs axe (WCAG 2.0–2.2 A and AA rules) on the page, once its animations have
 * settled, and returns the serious and critical violations.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  // Colour contrast measured mid-transition (a menu fading in, a button turning
  // disabled when data arrives) is not what a reader sees: let requests finish and
  // every animation and transition settle first.
  await page.waitForLoadState('networkidle');
  await pageSettled(page);
  return accessibilityViolationsNow(page);
}

/**
 * Checks the page with {@link seriousAccessibilityViolations} as a soft expectation
 * (the test goes on and fails at its end), labelled `axe on <what>` so the failure
 * names the screen or dialog (`what`: "the coverage screen", …).
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect.soft(await seriousAccessibilityViolations(page), `axe on ${what}`).toEqual([]);
}

/**
 * Runs axe (WCAG 2.0–2.2 A and AA rules) on the page as it is now, without waiting
 * for animations (for a page that animates for as long as it shows, such as an
 * indeterminate progress bar), and returns the serious and critical violations.
 */
export async function accessibilityViolationsNow(page: Page): Promise<AccessibilityViolation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      nodes: v.nodes.map(
        (n) => `${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
      ),
    }));
}

/**
 * The HTML source textarea (named `sourceName`) of the rich text editor whose toolbar
 * is "`label` formatting" inside `scope` (issue 25 item 1): waits for the editor's
 * chunk, presses "HTML source" unless the field opened there, and answers the textarea.
 * Tests that fill raw HTML go through it.
 */
export async function htmlSource(scope: Locator, label: string, sourceName: string): Promise<Locator> {
  const toggle = scope
    .getByRole('toolbar', { name: `${label} formatting` })
    .getByRole('button', { name: 'HTML source' });
  await toggle.waitFor({ timeout: 30_000 });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  return scope.getByRole('textbox', { name: sourceName });
}
