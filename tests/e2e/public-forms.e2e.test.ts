import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTACT_CONFIRMATION } from '#shared/contracts/messages';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { expectAccessible, launchBrowser } from './support/browser.ts';
import { seededPortalPageForSuite } from './support/seeded-portal.ts';

/**
 * The public forms and the support dialog in a real browser on the seeded portal
 * (issue 8; spec §2.3 Help → Support, §2.9, §2.11, §4 "Other states", §5): a visitor
 * signs up for the newsletter and sends a contact message, and both reach the local
 * SES inbox; the trap and honeypot fields fake success and send nothing; a signed-in
 * faculty member sends a support request and sees its recipients. axe finds no
 * serious or critical violation on each page, form state and dialog. The VACR
 * portal offers no Other topic.
 */

interface InboxEmail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
}

/** The e-mails of the local SES inbox that mention `marker` anywhere. */
async function emailsMentioning(portal: LocalPortal, marker: string): Promise<InboxEmail[]> {
  const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails.filter((email) => JSON.stringify(email).includes(marker));
}

/** The POSTs the page sends to the API from now on (to prove a trap sends nothing). */
function recordApiPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) posts.push(request.url());
  });
  return posts;
}

describe('on USCR', () => {
  const seeded = seededPortalPageForSuite();
  const url = (pathname: string) => `${seeded().portal.baseUrl}${pathname}`;

  it('signs a visitor up for the newsletter, and the sign-up reaches the SES inbox', async () => {
    const { page, portal } = seeded();
    const marker = `newsletter-${Date.now()}`;
    await page.goto(url('/newsletter-signup'));
    await page.getByRole('heading', { level: 1, name: 'Sign up for our newsletter' }).waitFor();
    await expectAccessible(page, 'the newsletter form');

    // Nothing filled: the first invalid field takes the focus; the messages pass axe too.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await page.getByRole('alert').count()).toBe(5);
    await expectAccessible(page, 'the newsletter form with its messages');

    await page.getByRole('textbox', { name: /^Email/ }).fill(`${marker}@example.edu`);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Fay');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Faculty');
    await page.getByRole('textbox', { name: /^Organization/ }).fill('University of Nebraska at Omaha');
    await page.getByRole('textbox', { name: /^Job title/ }).fill('Associate Professor');
    await page.getByRole('radio', { name: 'TEXT' }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByRole('heading', { name: 'Thank you for signing up' }).waitFor();
    expect(await page.getByRole('link', { name: 'Visit our community' }).getAttribute('href')).toBe('/community');
    await expectAccessible(page, 'the newsletter confirmation');
    await expect.poll(async () => (await emailsMentioning(portal, marker)).length).toBe(1);
  });

  it('sends a visitor’s contact message, and it reaches the SES inbox', async () => {
    const { page, portal } = seeded();
    const marker = `contact-${Date.now()}`;
    await page.goto(url('/contact-us'));
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await expectAccessible(page, 'the contact form');

    const topic = page.getByRole('combobox', { name: /^Discussion topic/ });
    expect(await topic.locator('option').allTextContents()).toContain('Other');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Fay Faculty');
    await page.getByRole('textbox', { name: /^Email/ }).fill('fay.faculty@example.edu');
    await page.getByRole('textbox', { name: /^Organization/ }).fill('University of Nebraska at Omaha');
    await topic.selectOption({ label: 'Request a demo' });
    await page.getByRole('textbox', { name: /^Subject/ }).fill(`A demo for our department ${marker}`);
    await page.getByRole('textbox', { name: /^Message/ }).fill(`We would like a demo next month. ${marker}`);
    await page.getByRole('button', { name: 'Send message' }).click();

    await page.getByText(CONTACT_CONFIRMATION).waitFor();
    expect(await page.getByRole('form', { name: 'Contact us' }).count()).toBe(0);
    await expectAccessible(page, 'the contact confirmation');
    await expect.poll(async () => (await emailsMentioning(portal, marker)).length).toBe(1);
  });

  it('fakes success for a filled trap or honeypot field, calling nothing and sending nothing', async () => {
    const { page, portal } = seeded();
    const marker = `trap-${Date.now()}`;
    const posts = recordApiPosts(page);

    await page.goto(url('/newsletter-signup'));
    await page.getByRole('heading', { level: 1, name: 'Sign up for our newsletter' }).waitFor();
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await page.getByRole('textbox', { name: /^Email/ }).fill(`${marker}@example.edu`);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Bot');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Bot');
    await page.getByRole('textbox', { name: /^Organization/ }).fill('Bots');
    await page.getByRole('textbox', { name: /^Job title/ }).fill('Bot');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Thank you for signing up' }).waitFor();

    await page.goto(url('/contact'));
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.locator('input[name="website"]').fill('buy now', { force: true });
    await page.getByRole('textbox', { name: /^Name/ }).fill('Bot');
    await page.getByRole('textbox', { name: /^Email/ }).fill('bot@example.edu');
    await page.getByRole('textbox', { name: /^Organization/ }).fill('Bots');
    await page.getByRole('combobox', { name: /^Discussion topic/ }).selectOption({ label: 'Request information' });
    await page.getByRole('textbox', { name: /^Subject/ }).fill(marker);
    await page.getByRole('textbox', { name: /^Message/ }).fill(marker);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(CONTACT_CONFIRMATION).waitFor();

    expect(posts).toEqual([]);
    // A control message sent after the traps: once it is in the inbox, a (wrongly) sent
    // e-mail of the traps would be too. A wait on that arrival, not on the clock.
    const control = `${marker}-control`;
    const sent = await fetch(url('/api/v1/contact-requests'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Control',
        email: 'control@example.edu',
        organization: 'Controls',
        topic: 'requestInformation',
        subject: control,
        message: control,
      }),
    });
    expect(sent.status).toBe(201);
    await expect.poll(async () => (await emailsMentioning(portal, control)).length).toBe(1);
    const traps = (await emailsMentioning(portal, marker)).filter((email) => !JSON.stringify(email).includes(control));
    expect(traps).toEqual([]);
  });

  it('passes axe on the smaller pages', async () => {
    const { page } = seeded();
    for (const [pathname, heading] of [
      ['/jobs', 'Work with us'],
      ['/call-for-courseware', 'Call for courseware'],
      ['/callforcourseware', 'Call for courseware'],
      ['/call-for-courseware/content-categories', 'Content categories'],
      ['/knowledge_base', 'Knowledge base'],
      ['/conference-2018', '2018 Virginia Cybersecurity Education Conference'],
    ] as const) {
      await page.goto(url(pathname));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectAccessible(page, pathname);
    }
  });

  it('serves /template.csv as a file, not the SPA (spec §2.15)', async () => {
    const response = await fetch(url('/template.csv'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await response.text()).split('\n')[0]).toBe('name,email,role');
  });

  it('serves /robots.txt as a file that keeps crawlers off the API and the signed-in screens (decision record 043)', async () => {
    const response = await fetch(url('/robots.txt'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /dashboard');
  });

  it('lets a signed-in faculty member send a support request from the Help menu and shows the recipients', async () => {
    const { page, portal } = seeded();
    const marker = `support-${Date.now()}`;
    await page.goto(url(`/dev/login?persona=faculty-uscr&redirect_url=${encodeURIComponent(url('/knowledge_base'))}`));
    await page.getByRole('button', { name: /Account menu/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();

    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request support' });
    await dialog.waitFor();
    const topic = dialog.getByRole('combobox', { name: /^Topic/ });
    await topic.waitFor();
    // The identity has an e-mail address: the dialog does not ask for one.
    expect(await dialog.getByRole('textbox', { name: /^Email/ }).count()).toBe(0);
    await expectAccessible(page, 'the support dialog');

    const firstTopic = await topic.locator('optgroup option').first().getAttribute('value');
    expect(firstTopic).toBeTruthy();
    await topic.selectOption(firstTopic ?? '');
    await dialog.getByRole('textbox', { name: /^Subject/ }).fill(`Lab machines do not start ${marker}`);
    await dialog.getByRole('textbox', { name: /^Message/ }).fill(`The week 3 lab machines stay in Starting. ${marker}`);
    await dialog.getByRole('button', { name: 'Send' }).click();

    const sent = page.getByRole('dialog', { name: 'Support request sent' });
    await sent.waitFor();
    const rows = sent.getByRole('table', { name: 'Recipients' }).getByRole('row');
    expect(await rows.count()).toBeGreaterThan(1);
    await expectAccessible(page, 'the recipients confirmation');
    await expect.poll(async () => (await emailsMentioning(portal, marker)).length).toBeGreaterThan(0);

    await sent.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Help');
  });
});

describe('on VACR', () => {
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

  it('offers no Other topic on the contact form, and passes axe', async () => {
    await page.goto(`${portal.baseUrl}/contact-us`);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    const options = await page
      .getByRole('combobox', { name: /^Discussion topic/ })
      .locator('option')
      .allTextContents();
    expect(options).toEqual([
      'Choose a topic',
      'Sign up for services',
      'Request a demo',
      'Request estimate',
      'Request information',
    ]);
    await expectAccessible(page, 'the VACR contact form');
  });
});
