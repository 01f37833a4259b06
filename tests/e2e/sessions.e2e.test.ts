import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonaName } from '#shared/contracts/identity';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { launchBrowser, seriousAccessibilityViolations } from './support/browser.ts';

/**
 * Signing in, roles and sessions in a real browser (spec §2.1 entry guard, §2.3 avatar
 * menu, §2.2 guards, §4 impersonation and expiry), through the local dev identity
 * provider with the seeded personas. Every test starts with a fresh browser context
 * (no stored session).
 */

let portal: LocalPortal;
let browser: Browser;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: inject('webDistDir') });
  browser = await launchBrowser();
});
afterAll(async () => {
  delete process.env.PORTAL_TOKEN_TTL_SECONDS;
  await browser?.close();
  await portal?.stop();
});

async function freshPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

/** Signs in with the dev identity provider's scriptable form and lands on `path`. */
async function signIn(page: Page, persona: PersonaName, path = '/courseware'): Promise<void> {
  const back = encodeURIComponent(`${portal.baseUrl}${path}`);
  await page.goto(`${portal.baseUrl}/dev/login?persona=${persona}&redirect_url=${back}`);
  await page.getByRole('button', { name: /Account menu/ }).waitFor();
}

async function openAccountMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
  return (await page.getByRole('menuitem').allTextContents()).map((text) => text.trim());
}

describe('signing in and the signed-in header', () => {
  it('signs faculty in through the dev login page and shows the avatar menu', async () => {
    const page = await freshPage();
    await page.goto(`${portal.baseUrl}/courseware`);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the local portal' }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the dev login page').toEqual([]);

    await page.getByRole('link', { name: /Sign in as .* \(faculty-uscr\)/ }).click();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/courseware');
    expect(new URL(page.url()).searchParams.has('t')).toBe(false);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(0);

    const items = await openAccountMenu(page);
    expect(items).toContain('Logout');
    expect(items.some((text) => text.startsWith('Welcome to the courseware portal'))).toBe(true);
    expect(items).not.toContain('Dashboard');
    expect(items).not.toContain('Admin');
    await page.getByText('faculty-uscr@example.edu').waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe with the account menu open').toEqual([]);

    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  });

  it('shows an editor Dashboard and Admin, but not Archived content', async () => {
    const page = await freshPage();
    await signIn(page, 'editor');
    const items = await openAccountMenu(page);
    expect(items).toEqual(expect.arrayContaining(['Add new page', 'Dashboard', 'Admin', 'Logout']));
    expect(items).not.toContain('Archived content');
  });

  it('shows an administrator Archived content too, and the archived list opens', async () => {
    const page = await freshPage();
    await signIn(page, 'admin');
    expect(await openAccountMenu(page)).toContain('Archived content');
    await page.getByRole('menuitem', { name: 'Archived content' }).click();
    await page.getByRole('heading', { level: 1, name: 'Archived content' }).waitFor();
    expect(await page.getByRole('button', { name: /Account menu/ }).count()).toBe(1);
  });
});

describe('guards', () => {
  it('sends a student home from /dashboard', async () => {
    const page = await freshPage();
    await signIn(page, 'student');
    await page.goto(`${portal.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(0);
  });

  it('lets an editor into /dashboard', async () => {
    const page = await freshPage();
    await signIn(page, 'editor');
    await page.goto(`${portal.baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the dashboard').toEqual([]);
  });
});

describe('impersonation', () => {
  it('lets an administrator impersonate a user and exit back', async () => {
    const page = await freshPage();
    await signIn(page, 'admin', '/admin?tab=users');
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await page.getByRole('button', { name: 'Impersonate Una Faculty' }).click();
    await page.getByText('You are viewing the portal as Una Faculty.').waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe while impersonating').toEqual([]);
    expect(await openAccountMenu(page)).not.toContain('Admin');
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Exit impersonation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    expect(await page.getByText('You are viewing the portal as').count()).toBe(0);
    expect(await openAccountMenu(page)).toContain('Admin');
  });
});

describe('an expiring session', () => {
  it('logs out with "Your session has expired." 60 s before the token expires', async () => {
    // A 63-second token: the SPA schedules the logout 60 s before expiry, 3 s from now.
    process.env.PORTAL_TOKEN_TTL_SECONDS = '63';
    try {
      const page = await freshPage();
      await signIn(page, 'faculty-uscr');
      const dialog = page.getByRole('alertdialog', { name: 'ERROR' });
      await dialog.waitFor({ timeout: 15_000 });
      await dialog.getByText('Your session has expired.').waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    } finally {
      delete process.env.PORTAL_TOKEN_TTL_SECONDS;
    }
  });
});
