import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE_MAX_BYTES,
  FIRST_PAGE_WIDTH,
  renderPdfFirstPage,
  renderPdfThumbnail,
  THUMBNAIL_WIDTH,
} from './render.ts';

const LAB_PDF = path.resolve(
  import.meta.dirname,
  '../../seed-data/courseware/files/seed-labs/web/Web_Clickjacking_Cupcakes.pdf',
);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('renderPdfThumbnail (issue 24 item 2)', () => {
  it('renders the first page of a SEED lab PDF as a 320-pixel-wide PNG with dark text on it', async () => {
    const thumbnail = await renderPdfThumbnail(new Uint8Array(await readFile(LAB_PDF)));
    expect(thumbnail).not.toBeNull();
    if (!thumbnail) return;
    expect([...thumbnail.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(thumbnail.width).toBe(THUMBNAIL_WIDTH);
    expect(thumbnail.height).toBeGreaterThan(THUMBNAIL_WIDTH);
    const image = await loadImage(Buffer.from(thumbnail.png));
    expect(image.width).toBe(THUMBNAIL_WIDTH);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if ((pixels[i] ?? 255) + (pixels[i + 1] ?? 255) + (pixels[i + 2] ?? 255) < 200 && (pixels[i + 3] ?? 0) > 0)
        dark += 1;
    }
    // Text on the page: a blank or transparent render has none.
    expect(dark).toBeGreaterThan(100);
  }, 60_000);

  it('renders the readable first page of the lab PDF 1,200 pixels wide, within the byte bound (issue 24 item 1)', async () => {
    const page = await renderPdfFirstPage(new Uint8Array(await readFile(LAB_PDF)));
    expect(page).not.toBeNull();
    if (!page) return;
    expect([...page.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(page.width).toBe(FIRST_PAGE_WIDTH);
    expect(page.height).toBeGreaterThan(FIRST_PAGE_WIDTH);
    expect(page.png.byteLength).toBeLessThanOrEqual(FIRST_PAGE_MAX_BYTES);
    expect((await loadImage(Buffer.from(page.png))).width).toBe(FIRST_PAGE_WIDTH);
  }, 60_000);

  it('gives no thumbnail, and throws nothing, for a broken PDF', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage, no xref, no pages');
    await expect(renderPdfThumbnail(broken)).resolves.toBeNull();
    await expect(renderPdfThumbnail(new Uint8Array(0))).resolves.toBeNull();
    await expect(renderPdfThumbnail(new TextEncoder().encode('not a pdf at all'))).resolves.toBeNull();
    await expect(renderPdfFirstPage(broken)).resolves.toBeNull();
  }, 60_000);
});
