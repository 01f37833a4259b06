import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { launchBrowser, seriousAccessibilityViolations } from './support/browser.ts';

/** The state brand (VACR) from the same build: its own theme and links, still accessible. */

let portal: LocalPortal;
let browser: Browser;
let page: Page;
const previousBrand = process.env.BRAND;

beforeAll(async () => {
  process.env.BRAND = 'VACR';
  portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: inject('webDistDir') });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});
afterAll(async () => {
  if (previousBrand === undefined) delete process.env.BRAND;
  else process.env.BRAND = previousBrand;
  await browser?.close();
  await portal?.stop();
});

describe('the VACR brand', () => {
  it('serves the state brand with no Contact us link in the header and passes axe', async () => {
    await page.goto(`${portal.baseUrl}/courseware`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toContain('Virginia Cyber Range');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Courseware' }).count()).toBeGreaterThan(0);
    expect(await header.getByRole('link', { name: 'Contact us' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('shows a narrow screen a keyboard-usable hamburger menu with the same links', async () => {
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto(`${portal.baseUrl}/courseware`);
    const menuButton = page.getByRole('button', { name: /menu/i });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Courseware' }).last().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
