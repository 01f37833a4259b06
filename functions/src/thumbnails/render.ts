/**
 * The thumbnail renderer (issue 24 item 2, decision record 060): the first page of a
 * PDF as a PNG `THUMBNAIL_WIDTH` pixels wide, rendered in Node by pdf.js with its
 * optional canvas (@napi-rs/canvas). Bounded: inputs over `THUMBNAIL_MAX_PDF_BYTES`,
 * pages whose rendered height would exceed `THUMBNAIL_MAX_HEIGHT`, and renders
 * slower than `THUMBNAIL_TIMEOUT_MS` give no thumbnail. A broken PDF gives no
 * thumbnail either: the renderer never throws to its caller.
 */

/** Width of a thumbnail in CSS pixels (the card shows it at this width or less). */
export const THUMBNAIL_WIDTH = 320;
/** Tallest thumbnail rendered (a page more than 3:1 tall is not a page worth showing). */
export const THUMBNAIL_MAX_HEIGHT = 960;
/** Largest PDF read for a thumbnail, in bytes (50 MiB). */
export const THUMBNAIL_MAX_PDF_BYTES = 50 * 1024 * 1024;
/** Longest a render may take, in milliseconds. */
export const THUMBNAIL_TIMEOUT_MS = 20_000;

/**
 * Width in pixels of the readable first page shown to readers without file rights
 * (issue 24 item 1, decision record 059): body text of an A4 or Letter page is legible.
 */
export const FIRST_PAGE_WIDTH = 1200;
/** Width tried when the first page at {@link FIRST_PAGE_WIDTH} is over {@link FIRST_PAGE_MAX_BYTES}. */
export const FIRST_PAGE_FALLBACK_WIDTH = 800;
/** Largest first-page image stored, in bytes: a page of photographs is tried narrower, then given up. */
export const FIRST_PAGE_MAX_BYTES = 2_000_000;
/** Tallest first page, as a multiple of its width (as for thumbnails: 3:1). */
const MAX_ASPECT = 3;

/** A rendered thumbnail: PNG bytes and their pixel size. */
export interface RenderedThumbnail {
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The canvas pdf.js creates through its Node canvas factory (@napi-rs/canvas). */
interface NodeCanvas {
  toBuffer(mime: 'image/png'): Uint8Array;
}
/** pdf.js's canvas factory as created in Node (not in its public types). */
interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
}

/**
 * Renders the first page of `data` (a PDF's bytes) as a PNG `THUMBNAIL_WIDTH` wide.
 * @returns the thumbnail, or `null` when the bytes are not a readable PDF, are too
 *   large, the page is too tall, or the render outlasts `timeoutMs`. Never throws.
 */
export function renderPdfThumbnail(
  data: Uint8Array,
  timeoutMs: number = THUMBNAIL_TIMEOUT_MS,
): Promise<RenderedThumbnail | null> {
  return renderFirstPage(data, THUMBNAIL_WIDTH, THUMBNAIL_MAX_HEIGHT, timeoutMs);
}

/**
 * Renders the first page of `data` (a PDF's bytes) as a readable PNG for readers
 * without file rights (issue 24 item 1, decision record 059): `FIRST_PAGE_WIDTH`
 * pixels wide, or `FIRST_PAGE_FALLBACK_WIDTH` when that PNG is over
 * `FIRST_PAGE_MAX_BYTES`; at most three times as tall as wide.
 * @returns the image, or `null` when the bytes are not a readable PDF, are too large,
 *   the page is too tall, the PNG stays over the byte bound, or a render outlasts
 *   `timeoutMs`. Never throws.
 */
export async function renderPdfFirstPage(
  data: Uint8Array,
  timeoutMs: number = THUMBNAIL_TIMEOUT_MS,
): Promise<RenderedThumbnail | null> {
  for (const width of [FIRST_PAGE_WIDTH, FIRST_PAGE_FALLBACK_WIDTH]) {
    const page = await renderFirstPage(data, width, width * MAX_ASPECT, timeoutMs);
    if (!page) return null;
    if (page.png.byteLength <= FIRST_PAGE_MAX_BYTES) return page;
  }
  return null;
}

/** The first page of `data` as a PNG `targetWidth` wide, or null (see {@link renderPdfThumbnail}). */
async function renderFirstPage(
  data: Uint8Array,
  targetWidth: number,
  maxHeight: number,
  timeoutMs: number,
): Promise<RenderedThumbnail | null> {
  if (data.byteLength === 0 || data.byteLength > THUMBNAIL_MAX_PDF_BYTES) return null;
  let timer: NodeJS.Timeout | undefined;
  let destroy: (() => Promise<void>) | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const render = async (): Promise<RenderedThumbnail | null> => {
    // Loaded on first use: pdf.js and the native canvas stay out of every other path.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    const task = getDocument({
      data: new Uint8Array(data),
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    });
    destroy = () => task.destroy();
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    if (unit.width <= 0 || unit.height <= 0) return null;
    const viewport = page.getViewport({ scale: targetWidth / unit.width });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    if (height > maxHeight) return null;
    const factory = (doc as unknown as { canvasFactory: NodeCanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(width, height);
    await page.render({
      canvasContext: context as CanvasRenderingContext2D,
      canvas: canvas as unknown as HTMLCanvasElement,
      viewport,
    }).promise;
    return { png: new Uint8Array(canvas.toBuffer('image/png')), width, height };
  };
  try {
    return await Promise.race([render(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    await destroy?.().catch(() => undefined);
  }
}
