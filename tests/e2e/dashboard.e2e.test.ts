import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_DATE_MESSAGES } from '#shared/contracts/statistics';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';

/**
 * The dashboard in a real browser on the seeded portal (issue 7; spec §2.13, §5
 * "Dashboard dates", §9 range and default, docs/decisions/023-statistics-queries.md):
 * the administrator sees the courseware metrics (the total is the seed catalog's
 * published count) with charts and their tables, then the file downloads of the
 * synthetic history: the default range, the total, the daily chart, a top table, the
 * CSV export (named by the range, one row per download counted) and the two range
 * messages. Issue 21 item 18: the metrics say they count published items, overlapping
 * counts are bar charts, the daily chart has the ticks of spec §9 and the full width,
 * and top content ranks every item. axe finds no serious or critical violation on either view. Faculty are
 * sent away from /dashboard.
 */

const seeded = seededPortalPageForSuite();
const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOG = path.join(ROOT, 'functions/seed-data/courseware/catalog.json');
/** The second seed catalogue (issue 24 item 0). */
const EXTRA_CATALOG = path.join(ROOT, 'functions/seed-data/courseware-extra/catalog.json');
const DAY_MS = 86_400_000;
/** The export's columns (spec §3 "Raw download data point"). */
const CSV_COLUMNS = [
  'id',
  'timestamp',
  'userName',
  'userEmail',
  'fileName',
  'fileId',
  'downloadedFrom',
  'tags',
  'topMostContent',
  'businessUnits',
  'businessUnitCategories',
  'regions',
];

function url(pathname: string): string {
  return `${seeded().portal.baseUrl}${pathname}`;
}

function signIn(page: Page, persona: string, pathname: string): Promise<void> {
  return signInAs(page, url(''), persona, pathname);
}

/** The UTC date `days` from today, `YYYY-MM-DD`. */
function utcDay(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/** `date` (`YYYY-MM-DD`) moved by `days`. */
function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The figure under the "Total downloaded" heading. */
function totalDownloaded(page: Page): Locator {
  return page.getByRole('heading', { level: 3, name: 'Total downloaded' }).locator('xpath=following-sibling::p');
}

function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** "1,234" → 1234. */
function count(text: string | null): number {
  const digits = (text ?? '').trim();
  if (!/^\d{1,3}(,\d{3})*$/.test(digits)) throw new Error(`Not a count: ${JSON.stringify(text)}`);
  return Number(digits.replaceAll(',', ''));
}

/** The records of an RFC 4180 CSV text (quoted cells may hold commas, quotes and line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      at += 1;
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) throw new Error('The CSV does not end with CRLF.');
  return records;
}

describe('the dashboard (issue 7)', () => {
  it('shows the administrator the courseware metrics with charts and their tables', async () => {
    const { page } = seeded();
    await signIn(page, 'admin', '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    const tab = page.getByRole('tab', { name: 'Courseware metrics' });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { level: 2, name: 'Courseware metrics' }).waitFor({ timeout: 30_000 });

    const catalog = [
      ...(JSON.parse(await readFile(CATALOG, 'utf8')) as unknown[]),
      ...(JSON.parse(await readFile(EXTRA_CATALOG, 'utf8')) as unknown[]),
    ];
    // Every catalog item of both catalogues is seeded published (functions/src/seed/mapping.ts SEED_STATUS).
    expect(catalog).toHaveLength(60 + 81);
    // The figures say what they count: published items (issue 21 item 18).
    await page.getByText(/^Counts of published courseware items\./).waitFor();
    const total = page
      .getByRole('term')
      .filter({ hasText: /^Published items$/ })
      .locator('xpath=following-sibling::dd');
    expect(count(await total.textContent())).toBe(catalog.length);
    for (const label of [
      'Published assignments (tagged homework)',
      'Published quizzes and exams',
      'KSA, KU and TKS mappings of published items',
    ]) {
      const figure = page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
      count(await figure.textContent());
    }

    for (const title of [
      'Published items by category',
      'Published items by experience level',
      'Published items by education level',
    ]) {
      const panel = region(page, title);
      // Overlapping counts are bars, never a pie whose parts add up to more than the whole (issue 21 item 18).
      await panel.getByRole('img', { name: new RegExp(`^${title} \\(bar chart`) }).waitFor({ timeout: 30_000 });
      expect(await panel.getByRole('table').count(), `${title}: no table before "Show as table"`).toBe(0);
      await panel.getByRole('button', { name: 'Show as table' }).click();
      const table = panel.getByRole('table', { name: title });
      await table.waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Count']);
      expect(await table.getByRole('rowheader').count()).toBeGreaterThan(1);
    }
    const byCategory = region(page, 'Published items by category').getByRole('table');
    const categorySum = (await byCategory.getByRole('cell').allTextContents()).map(count).reduce((a, b) => a + b, 0);
    // An item counts once in each of its categories, and every item has one.
    expect(categorySum).toBeGreaterThanOrEqual(catalog.length);

    expect.soft(await seriousAccessibilityViolations(page), 'axe on the courseware metrics').toEqual([]);
  });

  it('shows the file downloads of the default range: the total, the daily chart and a top table', async () => {
    const { page } = seeded();
    await page.getByRole('tab', { name: 'File downloads' }).click();
    await page.getByRole('heading', { level: 2, name: 'File downloads' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('view')).toBe('1');
    expect(await page.getByRole('tab', { name: 'File downloads' }).getAttribute('aria-selected')).toBe('true');

    const form = page.getByRole('form', { name: 'Date range' });
    expect(await form.getByLabel('From', { exact: true }).inputValue()).toBe(utcDay(-182));
    expect(await form.getByLabel('To', { exact: true }).inputValue()).toBe(utcDay(1));
    expect(await form.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);

    const total = totalDownloaded(page);
    await expect.poll(() => total.textContent(), { timeout: 30_000 }).toMatch(/^[\d,]+$/);
    expect(count(await total.textContent())).toBeGreaterThan(0);

    const daily = region(page, 'Daily downloads');
    const chart = daily.getByRole('img', { name: /^Daily downloads \(line chart/ });
    await chart.waitFor({ timeout: 30_000 });
    // Spec §9 "Chart axis ticks": 183 days, so the first of each month only, ticks and grid lines alike.
    const from = utcDay(-182);
    const firsts = Array.from({ length: 184 }, (_, day) => shift(from, day)).filter((day) => day.endsWith('-01'));
    const labels = (await chart.locator('text').allTextContents()).filter((text) => /^\d{4}-\d{2}-\d{2}$/.test(text));
    expect(labels).toEqual(firsts);
    // The chart uses the full width of its section (issue 21 item 18).
    const [chartBox, sectionBox] = [await chart.boundingBox(), await daily.boundingBox()];
    expect(chartBox?.width ?? 0).toBeGreaterThan((sectionBox?.width ?? 0) * 0.95);

    const universities = region(page, 'Top universities').getByRole('table', { name: 'Top universities' });
    await universities.waitFor({ timeout: 30_000 });
    const rows = await universities.getByRole('rowheader').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(10);

    // Top content ranks every item (labs, lessons, modules), not only the two top-level courses.
    const catalog = JSON.parse(await readFile(CATALOG, 'utf8')) as { title: string; parent: string | null }[];
    const topLevel = new Set(catalog.filter((item) => item.parent === null).map((item) => item.title));
    const topContent = region(page, 'Top content').getByRole('table', { name: 'Top content' });
    await topContent.waitFor({ timeout: 30_000 });
    const names = await topContent.getByRole('rowheader').allTextContents();
    expect(names).toHaveLength(5);
    expect(names.filter((name) => !topLevel.has(name)).length).toBeGreaterThan(0);

    expect.soft(await seriousAccessibilityViolations(page), 'axe on the file downloads').toEqual([]);
  });

  it('exports the range as downloads_<from>_<to>.csv with one row per download counted', async () => {
    const { page } = seeded();
    const from = utcDay(-182);
    const to = utcDay(1);
    const total = count(await totalDownloaded(page).textContent());
    const button = page.getByRole('button', { name: `Export downloads_${from}_${to}.csv` });
    await expect.poll(() => button.isEnabled()).toBe(true);

    const downloaded = page.waitForEvent('download', { timeout: 120_000 });
    await button.click();
    const shown = total.toLocaleString('en-US');
    await page.getByText(`Downloaded ${shown} of ${shown} datapoints`, { exact: true }).waitFor({ timeout: 120_000 });
    const download = await downloaded;

    expect(download.suggestedFilename()).toBe(`downloads_${from}_${to}.csv`);
    const records = csvRecords(await readFile(await download.path(), 'utf8'));
    expect(records[0]).toEqual(CSV_COLUMNS);
    const events = records.slice(1);
    expect(events).toHaveLength(total);
    for (const event of events) {
      expect(event).toHaveLength(CSV_COLUMNS.length);
      const day = event[1]?.slice(0, 10) ?? '';
      expect(day >= from && day <= to, `timestamp ${event[1]} in ${from}..${to}`).toBe(true);
    }
    expect(new Set(events.map((event) => event[0])).size, 'event ids are unique').toBe(total);
    expect.soft(await seriousAccessibilityViolations(page), 'axe after the export').toEqual([]);
  });

  it('shows the range messages as alerts and disables Refresh while the range is wrong', async () => {
    const { page } = seeded();
    const form = page.getByRole('form', { name: 'Date range' });
    const fromField = form.getByLabel('From', { exact: true });
    const refresh = form.getByRole('button', { name: 'Refresh' });
    const to = utcDay(1);

    await fromField.fill(shift(to, 1));
    await form.getByRole('alert').filter({ hasText: DASHBOARD_DATE_MESSAGES.fromAfterTo }).waitFor();
    expect(await form.getByRole('alert').allTextContents()).toEqual([DASHBOARD_DATE_MESSAGES.fromAfterTo]);
    expect(await refresh.isDisabled()).toBe(true);

    await fromField.fill(shift(to, -400));
    await form.getByRole('alert').filter({ hasText: DASHBOARD_DATE_MESSAGES.rangeTooLong }).waitFor();
    expect(await form.getByRole('alert').allTextContents()).toEqual([DASHBOARD_DATE_MESSAGES.rangeTooLong]);
    expect(await refresh.isDisabled()).toBe(true);
    expect.soft(await seriousAccessibilityViolations(page), 'axe with a range message').toEqual([]);

    await fromField.fill(utcDay(-182));
    await expect.poll(() => form.getByRole('alert').count()).toBe(0);
    expect(await refresh.isEnabled()).toBe(true);
  });

  it('sends faculty away from /dashboard', async () => {
    const { page } = seeded();
    await signIn(page, 'faculty-uscr', '/dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'File downloads' }).count()).toBe(0);
  });
});
