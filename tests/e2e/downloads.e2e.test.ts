import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleFileName, DOWNLOAD_REFUSALS } from '#shared/contracts/download';
import { accessibilityViolationsNow, seriousAccessibilityViolations } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';
import { downloadedBytes, zipEntries } from './support/zip.ts';

/**
 * Downloads in a real browser on the seeded portal (issue 6; spec §1, §2.6, §4 "File
 * bundle", §9 bundle name): faculty of the national range download a SEED lab's PDF
 * (the bytes are the seed file's) and "Download all" of its module (the progress
 * shows, then the zip arrives under the §9 name with every lab file, byte for byte);
 * a visitor gets the Log in note; faculty of the state range (not eligible on USCR)
 * get the reason. axe finds no serious or critical violation on the page with the
 * download controls, nor while the zip is prepared. The downloads and two items saved from
 * a card and a page then show in My library (issue 26 item 1), exported as CSV.
 */

const seeded = seededPortalPageForSuite();
const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED = path.join(ROOT, 'functions/seed-data/courseware');
const MODULE = 'SEED Labs – Software Security';
const MODULE_PATH = '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';
const LAB = 'Buffer Overflow Attack Lab (Set-UID Version)';

interface CatalogItem {
  readonly title: string;
  readonly parent: string | null;
  readonly files: readonly string[];
}

function url(pathname: string): string {
  return `${seeded().portal.baseUrl}${pathname}`;
}

function signIn(page: Page, persona: string, pathname: string): Promise<void> {
  return signInAs(page, url(''), persona, pathname);
}

/** Forgets the session the way a new visitor arrives (one browser context only: see authoring.e2e.test.ts). */
async function becomeVisitor(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

async function openLab(page: Page): Promise<void> {
  await page.goto(url(MODULE_PATH));
  await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
  await page.getByRole('link', { name: LAB, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: LAB }).waitFor();
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('downloading courseware (issue 6)', () => {
  it('lets faculty of the national range download a lab PDF byte for byte', async () => {
    const { page } = seeded();
    await signIn(page, 'faculty-uscr', MODULE_PATH);
    await openLab(page);
    const files = page.getByRole('region', { name: 'Files' });
    const button = files.getByRole('button', { name: 'Download Buffer_Overflow_Setuid (PDF)' });
    await button.waitFor();
    expect(await files.getByText('Log in to view and download files.').count()).toBe(0);
    await page.getByRole('button', { name: 'Download all files' }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the lab page with download controls').toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);

    expect(download.suggestedFilename()).toBe('Buffer_Overflow_Setuid.pdf');
    const seedFile = await readFile(path.join(SEED, 'files/seed-labs/software/Buffer_Overflow_Setuid.pdf'));
    expect(sha256(await downloadedBytes(download))).toBe(sha256(seedFile));
    // The page stays (Content-Disposition: attachment).
    await page.getByRole('heading', { level: 1, name: LAB }).waitFor();
  });

  it("downloads all files of the lab's module as a zip, with the progress shown while it is prepared", async () => {
    const { page } = seeded();
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: MODULE })
      .click();
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    const all = page.getByRole('button', { name: 'Download all files' });
    await all.waitFor();
    await expect.poll(() => page.getByText(/^16 files, [\d.]+ (kB|MB)$/).count()).toBe(1);

    const downloaded = page.waitForEvent('download', { timeout: 120_000 });
    await all.click();
    await page.getByRole('progressbar', { name: 'Preparing the zip' }).waitFor();
    expect(await accessibilityViolationsNow(page), 'axe while the zip is prepared').toEqual([]);
    const download = await downloaded;

    const today = new Date();
    expect(download.suggestedFilename()).toMatch(/^SEED_Labs_Software_Security_\d{4}-\d{2}-\d{2}_bundle\.zip$/);
    expect([bundleFileName(MODULE, today), bundleFileName(MODULE, new Date(today.getTime() - 86_400_000))]).toContain(
      download.suggestedFilename(),
    );
    const catalog = JSON.parse(await readFile(path.join(SEED, 'catalog.json'), 'utf8')) as CatalogItem[];
    const labs = catalog.filter((item) => item.parent === MODULE);
    expect(labs).toHaveLength(8);
    const expected = new Map<string, string>();
    for (const lab of labs) {
      for (const file of lab.files) {
        expected.set(`${MODULE}/${lab.title}/${path.basename(file)}`, sha256(await readFile(path.join(SEED, file))));
      }
    }
    const entries = await zipEntries(await downloadedBytes(download));
    expect(Object.fromEntries(entries)).toEqual(Object.fromEntries(expected));
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
  });

  it('keeps the downloads and the items saved from a card and a page in My library (issue 26 item 1)', async () => {
    const { page } = seeded();
    await page.goto(url(MODULE_PATH));
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    const onCard = page.getByRole('button', { name: `Save “${LAB}” to my library` });
    await expect.poll(() => onCard.isEnabled()).toBe(true);
    await onCard.click();
    await expect.poll(() => onCard.getAttribute('aria-pressed')).toBe('true');
    const onPage = page.getByRole('button', { name: 'Save to my library', exact: true });
    await onPage.click();
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('true');
    expect(await seriousAccessibilityViolations(page), 'axe on the module page with its save buttons').toEqual([]);
    await openLab(page);
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My library' }).click();
    await page.getByRole('heading', { level: 1, name: 'My library' }).waitFor();
    const saved = page.getByRole('list', { name: 'Saved items' });
    await saved.getByRole('link', { name: LAB, exact: true }).waitFor();
    expect(await saved.getByRole('heading').allTextContents(), 'most recently saved first').toEqual([MODULE, LAB]);
    expect(await seriousAccessibilityViolations(page), 'axe on My library').toEqual([]);

    await page.getByRole('tab', { name: 'Download history' }).click();
    const history = page.getByRole('table', { name: 'Your downloads, newest first' });
    await history.getByRole('cell', { name: 'Buffer_Overflow_Setuid.pdf' }).waitFor();
    await history.getByRole('cell', { name: /SEED_Labs_Software_Security_.*_bundle\.zip/ }).waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the download history').toEqual([]);
    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Export as CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^download-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await downloadedBytes(csv)).toString('utf8');
    expect(text).toContain('"Buffer_Overflow_Setuid.pdf"');
    expect(text.split('\r\n').length).toBeGreaterThanOrEqual(3);

    await page.getByRole('tab', { name: 'Saved items' }).click();
    await saved.getByRole('button', { name: `Remove ${MODULE} from my library` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove from your library?' });
    await confirm.waitFor();
    expect(await seriousAccessibilityViolations(page), 'axe on the removal confirmation').toEqual([]);
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => saved.getByRole('heading').allTextContents()).toEqual([LAB]);
  });

  it('shows a visitor the Log in note and no download', async () => {
    const { page } = seeded();
    await becomeVisitor(page);
    await openLab(page);
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByText('Log in to view and download files.').waitFor();
    expect(await files.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
  });

  it('tells faculty of the state range why they may not download on the national brand', async () => {
    const { page } = seeded();
    await signIn(page, 'faculty-vacr', MODULE_PATH);
    await openLab(page);
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByText(DOWNLOAD_REFUSALS.notNationalRangeUser).waitFor();
    expect(await files.getByText('Log in to view and download files.').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page), 'axe on the lab page with the reason').toEqual([]);
  });
});
