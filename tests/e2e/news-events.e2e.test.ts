import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { htmlSource, seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * News and events in a real browser on the seeded portal (issue 8; spec §2.4, §2.10,
 * §4 "Date-time picker", §5 "News and event dialog", §6, §8): an editor creates a
 * news item (with an image uploaded as a public file), an unpublished one and an
 * event through the dialogs, and finds them on the lists, the detail pages and the
 * home page (recent news, upcoming events). A visitor sees only the published items;
 * an unpublished item's address goes back to the list. The editor schedules the event
 * for publishing (issue 25 item 7: "Schedule publishing…", "Scheduled for …"), edits the
 * news item and deletes everything with the ticked confirmation. axe finds no
 * serious or critical violation on the lists, a dialog, a detail page and home.
 */

const seeded = seededPortalPageForSuite();
const stamp = Date.now().toString(36);
const NEWS = `Range opens for the spring term ${stamp}`;
const NEWS_EDITED = `${NEWS} (updated)`;
const HIDDEN = `Draft announcement ${stamp}`;
const EVENT = `Incident response workshop ${stamp}`;
const EVENT_LINK = `incident-response-workshop-${stamp}`;
/** A 1×1 PNG (the upload's completion checks the magic bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function url(path: string): string {
  return `${seeded().portal.baseUrl}${path}`;
}

function signIn(page: Page, persona: string, path: string): Promise<void> {
  return signInAs(page, url(''), persona, path);
}

/** `YYYY-MM-DD` of the day `days` from today in the browser's (the machine's) time zone. */
function localDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Sets the date-time picker of `dialog` to `day` at `hour`:`minute` `period`. */
async function setDate(dialog: Locator, day: string, hour: string, minute: string, period: 'AM' | 'PM') {
  await dialog.getByLabel('Day').fill(day);
  await dialog.getByRole('combobox', { name: 'Hour' }).selectOption(hour);
  await dialog.getByRole('combobox', { name: 'Minute' }).selectOption(minute);
  await dialog.getByRole('combobox', { name: 'AM or PM' }).selectOption(period);
}

async function closed(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
}

describe('news and events (issue 8)', () => {
  it('lets an editor create news items and an event through the dialogs', async () => {
    const { page } = seeded();
    await signIn(page, 'editor', '/news');
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Add news' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add news' });
    await dialog.waitFor();
    // Nothing filled: every required field says so, the focus on the title.
    await dialog.getByRole('button', { name: 'Add news' }).click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(3);
    expect(await dialog.getByRole('textbox', { name: 'Title' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the news dialog with errors').toEqual([]);

    await dialog.getByRole('textbox', { name: 'Title' }).fill(NEWS);
    await setDate(dialog, localDay(400), '9', '30', 'AM');
    await dialog
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'range.png', mimeType: 'image/png', buffer: PNG });
    await (await htmlSource(dialog, 'Description', 'Description (HTML)')).fill(
      '<p>Students start the <strong>spring term</strong> on the range.</p><img src="/x.png" alt="A lab">',
    );
    await dialog.getByRole('button', { name: 'Add news' }).click();
    await closed(page);
    const link = page.getByRole('link', { name: NEWS, exact: true });
    await link.waitFor({ timeout: 30_000 });
    expect(await link.getAttribute('href')).toMatch(/^\/news\/range-opens-for-the-spring-term-/);
    const row = page.getByRole('listitem').filter({ has: link });
    expect(await row.locator('img').getAttribute('src')).toMatch(/^\/public\/files\/[0-9a-z]{26}$/);

    await page.getByRole('button', { name: 'Add news' }).click();
    dialog = page.getByRole('dialog', { name: 'Add news' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(HIDDEN);
    await setDate(dialog, localDay(-1), '4', '15', 'PM');
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('unpublished');
    await (await htmlSource(dialog, 'Description', 'Description (HTML)')).fill('<p>Not ready for readers.</p>');
    await dialog.getByRole('button', { name: 'Add news' }).click();
    await closed(page);
    await page.getByRole('link', { name: HIDDEN, exact: true }).waitFor({ timeout: 30_000 });
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the news list').toEqual([]);

    await page.goto(url('/events'));
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add event' }).click();
    dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(EVENT);
    await dialog.getByRole('textbox', { name: 'Link' }).fill(EVENT_LINK);
    await dialog.getByRole('textbox', { name: 'Location' }).fill('Omaha, Nebraska, and online');
    await setDate(dialog, localDay(1), '10', '00', 'AM');
    await (await htmlSource(dialog, 'Description', 'Description (HTML)')).fill(
      '<p>A day of tabletop and live-fire exercises.</p>',
    );
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the event dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await closed(page);
    const eventLink = page.getByRole('link', { name: EVENT, exact: true });
    await eventLink.waitFor({ timeout: 30_000 });
    expect(await eventLink.getAttribute('href')).toBe(`/events/${EVENT_LINK}`);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the events list').toEqual([]);
  });

  it('shows the event detail page and the new items on the home page', async () => {
    const { page } = seeded();
    await page.getByRole('link', { name: EVENT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: EVENT }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/events/${EVENT_LINK}`);
    await page.getByText('Omaha, Nebraska, and online').waitFor();
    await page.getByText('Published', { exact: true }).waitFor();
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the event detail').toEqual([]);

    await page.goto(url('/'));
    const news = page.getByRole('region', { name: 'Recent news' });
    await news.getByRole('link', { name: NEWS, exact: true }).waitFor({ timeout: 30_000 });
    expect(await news.getByRole('listitem').count()).toBeLessThanOrEqual(2);
    const events = page.getByRole('region', { name: 'Upcoming events' });
    await events.getByRole('link', { name: EVENT, exact: true }).waitFor({ timeout: 30_000 });
    expect(await events.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the home page').toEqual([]);
  });

  it('shows a visitor only the published items; an unpublished address goes back to the list', async () => {
    // The packaged Chromium runs single-process, where a second browser context is not
    // reliable: the visitor is this page with the session's storage cleared.
    const { page: visitor } = seeded();
    await visitor.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await visitor.goto(url('/news'));
    const link = visitor.getByRole('link', { name: NEWS, exact: true });
    await link.waitFor({ timeout: 30_000 });
    expect(await visitor.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: HIDDEN, exact: true }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Add news' }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: /^Edit/ }).count()).toBe(0);

    await link.click();
    await visitor.getByRole('heading', { level: 1, name: NEWS }).waitFor({ timeout: 30_000 });
    expect(new URL(visitor.url()).pathname).toMatch(/^\/news\/range-opens-for-the-spring-term-/);
    await visitor.getByText('spring term', { exact: true }).waitFor();
    expect.soft(await seriousAccessibilityViolations(visitor), 'axe on the news detail').toEqual([]);

    await visitor.goto(url(`/news/draft-announcement-${stamp}`));
    await visitor.waitForURL((address) => address.pathname === '/news', { timeout: 30_000 });
    await visitor.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(await visitor.getByRole('alertdialog', { name: 'ERROR' }).count()).toBe(0);
  });

  it('lets the editor schedule the event for publishing (issue 25 item 7)', async () => {
    const { page } = seeded();
    await signIn(page, 'editor', '/events');
    await page.getByRole('button', { name: `Edit “${EVENT}”` }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Edit event' });
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('unpublished');
    await dialog.getByRole('button', { name: 'Schedule publishing…' }).click();
    const publishAt = dialog.getByRole('group', { name: 'Publish at' });
    await setDate(publishAt, localDay(2), '8', '30', 'AM');
    await dialog.getByText(/^Scheduled for /).waitFor();
    await page.mouse.move(0, 0);
    expect.soft(await seriousAccessibilityViolations(page), 'axe on the event dialog with a schedule').toEqual([]);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await closed(page);
    await page.getByText(/^Scheduled for /).waitFor({ timeout: 30_000 });
  });

  it('lets the editor edit the news item and delete every new item after confirming', async () => {
    const { page } = seeded();
    await signIn(page, 'editor', '/news');
    await page.getByRole('button', { name: `Edit “${NEWS}”` }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Edit news' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(NEWS);
    expect(await dialog.getByRole('combobox', { name: 'Hour' }).inputValue()).toBe('9');
    expect(await dialog.getByRole('combobox', { name: 'AM or PM' }).inputValue()).toBe('AM');
    await title.fill(NEWS_EDITED);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await closed(page);
    await page.getByRole('link', { name: NEWS_EDITED, exact: true }).waitFor({ timeout: 30_000 });

    for (const [path, name] of [
      ['/news', NEWS_EDITED],
      ['/news', HIDDEN],
      ['/events', EVENT],
    ] as const) {
      if (new URL(page.url()).pathname !== path) await page.goto(url(path));
      await page.getByRole('button', { name: `Delete “${name}”` }).click({ timeout: 30_000 });
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByRole('alert').waitFor();
      // The focus went to the acknowledgement: a keyboard user ticks it with Space.
      const acknowledge = confirm.getByRole('checkbox', { name: /will be deleted permanently/ });
      await expect.poll(() => acknowledge.evaluate((element) => element === document.activeElement)).toBe(true);
      if (name === EVENT) {
        // Away from the Delete button just clicked: axe measures the button at rest, not hovered.
        await page.mouse.move(0, 0);
        expect.soft(await seriousAccessibilityViolations(page), 'axe on the delete confirmation').toEqual([]);
      }
      await acknowledge.press('Space');
      await expect.poll(() => acknowledge.isChecked()).toBe(true);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('link', { name, exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    }
  });
});
