import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { CAE_WORKSHEET_COLUMNS } from '../../shared/contracts/coverage.ts';
import { expectAccessible } from './support/browser.ts';
import { seededPortalPageForSuite, signInAs } from './support/seeded-portal.ts';
import { downloadedBytes, zipEntries } from './support/zip.ts';

/**
 * Taking courseware into a program and an LMS, in a real browser on the seeded portal
 * (issue 27 items 2, 3 and 6; decision records 078, 080, 081). Una Faculty
 * (faculty-uscr) downloads the SEED Software Security module as a Common Cartridge
 * (the archive holds `imsmanifest.xml` and the files under `web_resources/`), reads the
 * module's CAE and NICE coverage, gathers two of its labs into a collection, downloads
 * the collection's CAE mapping worksheet (read back with read-excel-file: one row per
 * (KU, item), only those two labs) and opens the printable worksheet. Driven by role
 * and accessible name; axe on the format choice, both coverage screens and the
 * printable page.
 */

const seeded = seededPortalPageForSuite();

const MODULE = 'SEED Labs – Software Security';
const MODULE_PATH = '/courseware/seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';
const FIRST = 'Buffer Overflow Attack Lab (Set-UID Version)';
const SECOND = 'Return-to-libc Attack Lab';
const COLLECTION = `Program mapping ${Date.now().toString(36)}`;

describe('CAE/NICE coverage, the worksheet and the Common Cartridge (issue 27)', () => {
  it('gives a faculty member a cartridge, the coverage of a module and of a collection, and its worksheet', {
    timeout: 240_000,
  }, async () => {
    const { page, portal } = seeded();
    await signInAs(page, portal.baseUrl, 'faculty-uscr', MODULE_PATH);
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor({ timeout: 30_000 });

    // The module as a Common Cartridge: the format choice, then its button.
    const format = page.getByRole('group', { name: 'Format' });
    await format.getByRole('radio', { name: /^Common Cartridge/ }).check();
    await expectAccessible(page, 'the module page with the format choice');
    const downloaded = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Download Common Cartridge' }).click();
    const cartridge = await downloaded;
    expect(cartridge.suggestedFilename()).toMatch(/\.imscc$/);
    const entries = await zipEntries(await downloadedBytes(cartridge));
    expect(entries.has('imsmanifest.xml')).toBe(true);
    expect([...entries.keys()].some((name) => name.startsWith('web_resources/'))).toBe(true);
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);

    // The module's coverage.
    await page.getByRole('link', { name: 'CAE and NICE coverage' }).click();
    await page.getByRole('heading', { level: 1, name: `CAE and NICE coverage: ${MODULE}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'CAE knowledge units' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'NICE work roles' }).waitFor();
    await page.getByText(/^\d+ of \d+ knowledge units covered by \d+ items\.$/).waitFor();
    await expectAccessible(page, 'the coverage of a module');

    // Two labs into a new collection, from their cards on the module page.
    await page.goto(`${portal.baseUrl}${MODULE_PATH}`);
    await page.getByRole('heading', { level: 1, name: MODULE }).waitFor();
    await page.getByRole('button', { name: `Add “${FIRST}” to a collection` }).click();
    let dialog = page.getByRole('dialog', { name: 'Add to a collection' });
    await dialog.getByRole('radio', { name: 'A new collection' }).check();
    await dialog.getByRole('textbox', { name: 'Name of the new collection' }).fill(COLLECTION);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Added to a collection' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: `Add “${SECOND}” to a collection` }).click();
    dialog = page.getByRole('dialog', { name: 'Add to a collection' });
    await dialog.getByRole('radio', { name: `${COLLECTION} (1 item)` }).check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Added to a collection' });
    await dialog.getByRole('link', { name: 'Open the collection' }).click();
    await page.getByRole('heading', { level: 1, name: COLLECTION }).waitFor();

    // The collection's coverage and its worksheet.
    await page.getByRole('link', { name: 'CAE and NICE coverage' }).click();
    await page.getByRole('heading', { level: 1, name: `CAE and NICE coverage: ${COLLECTION}` }).waitFor();
    await page.getByText(/^\d+ of \d+ knowledge units covered by 2 items\.$/).waitFor();
    await expectAccessible(page, 'the coverage of a collection');
    const worksheetDownload = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download CAE worksheet (xlsx)' }).click();
    const worksheet = await worksheetDownload;
    expect(worksheet.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheets = await readXlsxFile(await downloadedBytes(worksheet));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Mapping', 'Gaps']);
    const [header, ...rows] = sheets[0]?.data ?? [];
    expect(header).toEqual([...CAE_WORKSHEET_COLUMNS]);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => String(row[4])))).toEqual(new Set([FIRST, SECOND]));
    const pairs = rows.map((row) => `${row[2]}|${row[4]}`);
    expect(new Set(pairs).size, 'one row per (KU, item)').toBe(pairs.length);

    // The printable program-of-study page.
    await page.getByRole('link', { name: 'Printable worksheet' }).click();
    await page.getByRole('heading', { level: 1, name: `CAE mapping worksheet: ${COLLECTION}` }).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    const mapping = page.getByRole('table', { name: /CAE-CD program-of-study mapping/ });
    await mapping.getByRole('cell', { name: FIRST, exact: true }).first().waitFor();
    await mapping
      .getByRole('link', { name: /\/courseware\// })
      .first()
      .waitFor();
    await expectAccessible(page, 'the printable worksheet');
  });
});
