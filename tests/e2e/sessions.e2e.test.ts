import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonaName } from '#shared/contracts/identity';
import { type LocalPortal, portalTokenFor, startLocalPortal } from '../support/local-portal.ts';
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
      // Not signIn(): it waits for the account menu, which a loaded machine may take longer
      // than those 3 s to show; the SPA then logs out at once, with the same message, and the
      // menu never comes (issue 23 item 8). The 60 s rule itself runs on a fake clock in
      // web/src/lib/auth/session-store.test.ts.
      const back = encodeURIComponent(`${portal.baseUrl}/courseware`);
      await page.goto(`${portal.baseUrl}/dev/login?persona=faculty-uscr&redirect_url=${back}`);
      const dialog = page.getByRole('alertdialog', { name: 'ERROR' });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByText('Your session has expired.').waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    } finally {
      delete process.env.PORTAL_TOKEN_TTL_SECONDS;
    }
  });
});

/** The payload of a portal token (decoded, not verified: the SPA does the same). */
function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('an ended session says so (spec §8; issue 21 item 26)', () => {
  it('tells a reader whose stored session expired while the portal was closed, and signs them in again on the same page', async () => {
    // A faculty token that expired an hour ago, as the browser kept it (the SPA only decodes it).
    const genuine = await portalTokenFor(portal, 'faculty-uscr');
    const past = Math.floor(Date.now() / 1000) - 3600;
    const [header, , signature] = genuine.split('.');
    const payload = Buffer.from(JSON.stringify({ ...payloadOf(genuine), iat: past - 3600, exp: past })).toString(
      'base64url',
    );
    const page = await freshPage();
    await page.goto(`${portal.baseUrl}/env.json`);
    await page.evaluate(
      (stored) => window.localStorage.setItem('courseware-portal:1.00:session', JSON.stringify(stored)),
      {
        savedAt: Date.now(),
        value: {
          token: `${header}.${payload}.${signature}`,
          originalToken: null,
          provider: 'vcr',
          impersonationPath: null,
        },
      },
    );

    await page.goto(`${portal.baseUrl}/courseware?q=buffer`);
    const dialog = page.getByRole('alertdialog', { name: 'ERROR' });
    await dialog.getByText('Your session has expired.').waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe with the expired-session message').toEqual([]);

    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the local portal' }).waitFor();
    const back = new URL(new URL(page.url()).searchParams.get('redirect_url') ?? '');
    expect(`${back.pathname}${back.search}`).toBe('/courseware?q=buffer');
    await page.getByRole('link', { name: /Sign in as .* \(faculty-uscr\)/ }).click();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/courseware');
    expect(new URL(page.url()).searchParams.get('q')).toBe('buffer');
  });

  it('tells a student whose session an administrator ended by changing their rights (decision record 032)', async () => {
    const before = await freshPage();
    await signIn(before, 'student');
    // The student leaves with the session stored. A page left open would race the change:
    // a request of its own answered 401 after it would end the session there, and a reload
    // would then find none to say so of (issue 23 item 8).
    await before.close();
    const studentId = String(payloadOf(await portalTokenFor(portal, 'student')).sub);
    const admin = { authorization: `Bearer ${await portalTokenFor(portal, 'admin')}` };
    const user = (await (await fetch(`${portal.baseUrl}/api/v1/users/${studentId}`, { headers: admin })).json()) as {
      version: number;
      claims: unknown[];
      subscriptions: string[];
      ranges: string[];
    };
    // The same rights saved again: a rights change all the same, which ends the student's sessions.
    const changed = await fetch(`${portal.baseUrl}/api/v1/users/${studentId}/rights`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        version: user.version,
        claims: user.claims,
        subscriptions: user.subscriptions,
        ranges: user.ranges,
      }),
    });
    expect(changed.status).toBe(200);

    // The student comes back: the SPA starts with the stored session, which the portal now refuses.
    const page = await before.context().newPage();
    await page.goto(`${portal.baseUrl}/courseware`);
    const dialog = page.getByRole('alertdialog', { name: 'ERROR' });
    await dialog.getByText('Your session has expired.').waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe with the ended-session message').toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  });
});
