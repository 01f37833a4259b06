import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type LocalPortal, startLocalPortal } from '../../support/local-portal.ts';
import { launchBrowser } from './browser.ts';

/** A seeded local portal serving the production SPA build, a browser, and one page. */
export interface SeededPortalPage {
  readonly portal: LocalPortal;
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * Starts a seeded local portal with the SPA build of the global setup
 * (`inject('webDistDir')`), launches Chromium and opens one page of the given
 * viewport (CSS pixels; default 1280 × 900). Call in `beforeAll`; close with
 * {@link closeSeededPortalPage} in `afterAll`.
 */
export async function openSeededPortalPage(viewport = { width: 1280, height: 900 }): Promise<SeededPortalPage> {
  const portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: inject('webDistDir') });
  const browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport })).newPage();
  return { portal, browser, page };
}

/** Closes the browser and stops the portal of {@link openSeededPortalPage}; either may be missing after a failed start. */
export async function closeSeededPortalPage(opened: Partial<SeededPortalPage> | undefined): Promise<void> {
  await opened?.browser?.close();
  await opened?.portal?.stop();
}

/**
 * Opens a seeded portal page in `beforeAll` and closes it in `afterAll` of the calling
 * suite ({@link openSeededPortalPage}, {@link closeSeededPortalPage}); returns a
 * function giving the opened portal, browser and page (call it inside tests or hooks).
 */
export function seededPortalPageForSuite(viewport?: { width: number; height: number }): () => SeededPortalPage {
  let opened: SeededPortalPage | undefined;
  beforeAll(async () => {
    opened = await openSeededPortalPage(viewport);
  });
  afterAll(() => closeSeededPortalPage(opened));
  return () => {
    if (!opened) throw new Error('The seeded portal page has not opened');
    return opened;
  };
}

/**
 * Signs `page` in as a seeded persona through the local sign-in page
 * (`/dev/login?persona=…`) of the portal at `baseUrl`, coming back to `path`, and
 * waits (up to 30 s) for the account menu that shows the session began.
 */
export async function signInAs(page: Page, baseUrl: string, persona: string, path: string): Promise<void> {
  const back = encodeURIComponent(`${baseUrl}${path}`);
  await page.goto(`${baseUrl}/dev/login?persona=${encodeURIComponent(persona)}&redirect_url=${back}`);
  await page.getByRole('button', { name: /Account menu/ }).waitFor({ timeout: 30_000 });
}
