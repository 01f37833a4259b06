// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PdfViewer } from './pdf-viewer.tsx';

/**
 * The PDF viewer's page turns while a page is still being drawn (issue 24 item 1; the
 * CI run of 142b13a saw "This PDF could not be read" after a quick Next page). jsdom has
 * no canvas, so pdf.js is stood in for by a document whose render tasks finish when the
 * test says and which keeps pdf.js's own rule: a canvas being drawn takes no second
 * render until the first is cancelled or done. Drawing itself: tests/e2e/previews.e2e.test.ts.
 */

interface StandInRender {
  readonly page: number;
  cancelled: boolean;
  finish(): void;
}

const pdf = vi.hoisted(() => {
  const renders: StandInRender[] = [];
  const textLayersCancelled: number[] = [];
  const drawing = new WeakSet<object>();
  const page = (number: number) => ({
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale, scale }),
    streamTextContent: () => ({}),
    render: ({ canvas }: { canvas: object }) => {
      let settle: (error?: Error) => void = () => {};
      const promise = new Promise<void>((resolve, reject) => {
        settle = (error) => (error ? reject(error) : resolve());
      });
      const task = {
        page: number,
        cancelled: false,
        finish: () => {
          drawing.delete(canvas);
          settle();
        },
      };
      if (drawing.has(canvas)) {
        settle(new Error('Cannot use the same canvas during multiple render() operations.'));
      } else {
        drawing.add(canvas);
        renders.push(task);
      }
      return {
        promise,
        cancel: () => {
          task.cancelled = true;
          drawing.delete(canvas);
          settle(new Error(`Rendering cancelled, page ${number}`));
        },
      };
    },
  });
  const document = { numPages: 3, getPage: async (number: number) => page(number) };
  return { renders, textLayersCancelled, document };
});

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: () => ({ promise: Promise.resolve(pdf.document), destroy: async () => {} }),
  TextLayer: class {
    readonly page: number;
    constructor() {
      this.page = pdf.renders.length;
    }
    render() {
      return Promise.resolve();
    }
    cancel() {
      pdf.textLayersCancelled.push(this.page);
    }
  },
}));

beforeEach(() => {
  pdf.renders.length = 0;
  pdf.textLayersCancelled.length = 0;
});

describe('PdfViewer', () => {
  it('cancels the page being drawn when the reader turns the page, and draws the new one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PdfViewer bytes={new Uint8Array([37, 80, 68, 70])} name="Lab" />);
    await screen.findByRole('img', { name: 'Page 1 of 3 of Lab' });
    await waitFor(() => expect(pdf.renders.map((render) => render.page)).toEqual([1]));

    // Page 1 is still being drawn.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pdf.renders.map((render) => render.page)).toEqual([1, 2]));
    expect(pdf.renders[0]?.cancelled).toBe(true);
    expect(pdf.textLayersCancelled).toContain(1);

    pdf.renders[1]?.finish();
    await waitFor(() => expect(document.querySelector('.preview-pdf-page[aria-busy]')).toBeNull());
    expect(screen.getByRole('img', { name: 'Page 2 of 3 of Lab' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('draws only the last of several quick turns', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PdfViewer bytes={new Uint8Array([37, 80, 68, 70])} name="Lab" />);
    await waitFor(() => expect(pdf.renders).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(pdf.renders.at(-1)?.page).toBe(2));
    expect(pdf.renders.slice(0, -1).every((render) => render.cancelled)).toBe(true);
    pdf.renders.at(-1)?.finish();
    await waitFor(() => expect(document.querySelector('.preview-pdf-page[aria-busy]')).toBeNull());
    expect(screen.getByRole('img', { name: 'Page 2 of 3 of Lab' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
