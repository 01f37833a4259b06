import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { createContent } from '../../functions/src/data/content.ts';
import { contentRecord } from '../../functions/src/test-support/content-record.ts';
import { storeAttachedFile } from '../../functions/src/test-support/stored-file.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { signInAs } from '../e2e/support/seeded-portal.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { buildSpaOnce, countFromEnv, type Figure, loadAverage, median } from './support.ts';

/**
 * Preview against download (issue 24 "Benchmark"; decision record 058): a 5 MB PDF
 * attached to a published content item of the seeded portal (production SPA build,
 * same Chromium as the browser tests). Each run opens a fresh browser context (cold
 * cache, so pdf.js and its worker are fetched too), signs in as faculty of the
 * national range, and measures from the click to:
 * - preview: page 1 drawn in the viewer (the canvas named "Page 1 of …", its text
 *   layer rendered);
 * - download: the file saved by the browser.
 * `BENCH_PREVIEW_RUNS` (default 3) runs of each, alternating; the medians are reported,
 * the download as the baseline.
 */

const PDF_BYTES = 5 * 1024 * 1024;
const NAME = 'Preview benchmark lab';

/**
 * A valid PDF of about `bytes` bytes: pages of plain text (Helvetica), uncompressed,
 * with a cross-reference table, so pdf.js parses it like any text PDF.
 */
export function textPdf(bytes: number): Buffer {
  const line = 'Buffer overflow attacks overwrite the return address on the stack frame of a function. ';
  const pageStream = Array.from({ length: 60 }, (_, i) => `BT /F1 9 Tf 36 ${780 - i * 12} Td (${line}) Tj ET`).join(
    '\n',
  );
  const pages = Math.max(1, Math.ceil(bytes / (pageStream.length + 120)));
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i += 1) {
    const content = `% page ${i + 1}\n${pageStream}`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
  }
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function attachBenchPdf(): Promise<{ alias: string; size: number; sha256: string }> {
  const item = contentRecord(NAME);
  const bytes = textPdf(PDF_BYTES);
  const file = await storeAttachedFile({
    ownerId: item.id,
    name: 'Large lab guide',
    filename: 'large-lab-guide.pdf',
    type: 'application/pdf',
    bytes,
  });
  await createContent({
    ...item,
    files: [{ id: file.id, name: 'Large lab guide', type: 'application/pdf', filename: 'large-lab-guide.pdf' }],
  });
  return { alias: item.urlAlias, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function measure(
  browser: Browser,
  baseUrl: string,
  alias: string,
  what: 'preview' | 'download',
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  try {
    const page = await context.newPage();
    await signInAs(page, baseUrl, 'faculty-uscr', `/courseware/${alias}`);
    const files = page.getByRole('region', { name: 'Files' });
    const button = files.getByRole('button', {
      name: `${what === 'preview' ? 'Preview' : 'Download'} Large lab guide (PDF)`,
    });
    await button.waitFor({ timeout: 60_000 });
    const started = performance.now();
    if (what === 'preview') {
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Preview: Large lab guide' });
      await dialog.getByRole('img', { name: /^Page 1 of / }).waitFor({ timeout: 120_000 });
      await dialog.locator('.preview-pdf-page:not([aria-busy])').waitFor({ timeout: 120_000 });
    } else {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
      await download.path();
    }
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/** The preview-to-first-page figure of a 5 MB PDF, cold, with the download of the same file as its baseline. */
export async function previewBenchFigures(progress: (line: string) => void): Promise<Figure[]> {
  const runs = countFromEnv('BENCH_PREVIEW_RUNS', 3);
  const distDir = await buildSpaOnce();
  let portal: LocalPortal | undefined;
  let browser: Browser | undefined;
  try {
    portal = await startLocalPortal({ seed: true, web: 'dist', webDistDir: distDir });
    // A cold view per browser context: the packaged Chromium's single process does not survive closing one.
    browser = await launchBrowser({ multiProcess: true });
    const pdf = await attachBenchPdf();
    const previews: { value: number; loadAverage: number }[] = [];
    const downloads: { value: number; loadAverage: number }[] = [];
    const before = loadAverage();
    for (let run = 1; run <= runs; run += 1) {
      const preview = await measure(browser, portal.baseUrl, pdf.alias, 'preview');
      previews.push({ value: Math.round(preview), loadAverage: loadAverage() });
      const download = await measure(browser, portal.baseUrl, pdf.alias, 'download');
      downloads.push({ value: Math.round(download), loadAverage: loadAverage() });
      progress(`preview run ${run}/${runs}: preview ${Math.round(preview)} ms, download ${Math.round(download)} ms`);
    }
    const downloadMedian = median(downloads.map((r) => r.value));
    return [
      {
        name: `preview to first page, ${(pdf.size / 1_048_576).toFixed(1)} MiB PDF, cold (median of ${runs})`,
        value: median(previews.map((r) => r.value)),
        unit: 'ms',
        baseline: { name: 'download of the same file, cold', value: downloadMedian },
        loadAverage: [before, loadAverage()],
        runs: previews,
      },
      {
        name: `download of the same ${(pdf.size / 1_048_576).toFixed(1)} MiB PDF, cold (median of ${runs})`,
        value: downloadMedian,
        unit: 'ms',
        loadAverage: [before, loadAverage()],
        runs: downloads,
      },
    ];
  } finally {
    await browser?.close();
    await portal?.stop();
  }
}
