import './pdf-viewer.css';
import { Box, Button, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from 'lucide-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask, TextLayer } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;
// One worker for every document of the page, started as this module loads (while the
// bytes are still arriving) rather than by the first getDocument.
if (typeof Worker !== 'undefined') GlobalWorkerOptions.workerPort = new Worker(workerUrl, { type: 'module' });

/** Widest page drawn, CSS pixels; narrower dialogs fit the page to their width. */
const MAX_PAGE_WIDTH = 1000;

/** The text of each page, read once per document for the search. */
async function pageTexts(document: PDFDocumentProxy): Promise<string[]> {
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/\s+/g, ' ')
        .toLowerCase(),
    );
  }
  return texts;
}

/**
 * A PDF, page by page (issue 24 item 1; decision record 058), drawn by pdf.js in a
 * worker: Previous / Next and a page number field, the page as a canvas with pdf.js's
 * text layer over it (text can be selected and copied), and a search box that finds
 * the text from the page after the current one onwards (wrapping), goes to that page
 * and marks the matching lines, announcing where it was found. Loaded only with the
 * first PDF preview.
 */
export function PdfViewer({ bytes, name }: { bytes: Uint8Array; name: string }) {
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageField, setPageField] = useState('1');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; page: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const texts = useRef<Promise<string[]> | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [rendering, setRendering] = useState(true);
  const ids = { page: useId(), search: useId() };

  useEffect(() => {
    // pdf.js takes the buffer over (transfers it to the worker): give it a copy.
    const task = getDocument({ data: bytes.slice() });
    task.promise.then(setDocument, () => setFailed(true));
    return () => {
      void task.destroy();
    };
  }, [bytes]);

  useEffect(() => {
    if (!document || !canvas.current || !textLayer.current || !frame.current) return;
    // A page turned (or a search) while this one draws cancels its drawing: pdf.js
    // refuses a second render on a canvas still being drawn, and an old text layer
    // would go on filling the container.
    let cancelled = false;
    let drawing: RenderTask | undefined;
    let writing: TextLayer | undefined;
    const layer = textLayer.current;
    const target = canvas.current;
    const page = frame.current;
    setRendering(true);
    void (async () => {
      const pdfPage = await document.getPage(pageNumber);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const width = Math.min(MAX_PAGE_WIDTH, page.parentElement?.clientWidth || MAX_PAGE_WIDTH);
      const viewport = pdfPage.getViewport({ scale: width / natural.width });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      page.style.setProperty('--total-scale-factor', String(viewport.scale));
      page.style.width = `${Math.floor(viewport.width)}px`;
      drawing = pdfPage.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      layer.replaceChildren();
      writing = new TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layer, viewport });
      await Promise.all([drawing.promise, writing.render()]);
      if (cancelled) return;
      if (found && found.page === pageNumber) {
        for (const span of layer.querySelectorAll('span')) {
          if (span.textContent?.toLowerCase().includes(found.query)) span.classList.add('preview-pdf-match');
        }
      }
      setRendering(false);
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      drawing?.cancel();
      writing?.cancel();
    };
  }, [document, pageNumber, found]);

  if (failed) {
    return (
      <Text role="alert" color="fg.error">
        This PDF could not be read for a preview. Download it to open it.
      </Text>
    );
  }
  if (!document) return <Spinner aria-label="Opening the PDF" />;
  const pages = document.numPages;

  const goTo = (number: number) => {
    const next = Math.min(pages, Math.max(1, number));
    setPageNumber(next);
    setPageField(String(next));
  };
  const submitPage = (event: FormEvent) => {
    event.preventDefault();
    const number = Number.parseInt(pageField, 10);
    if (Number.isFinite(number)) goTo(number);
    else setPageField(String(pageNumber));
  };
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const needle = query.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!needle) return;
    texts.current ??= pageTexts(document);
    const all = await texts.current;
    const start = found?.query === needle ? pageNumber : pageNumber - 1;
    for (let step = 0; step < pages; step += 1) {
      const index = (start + step) % pages;
      if (all[index]?.includes(needle)) {
        setFound({ query: needle, page: index + 1 });
        goTo(index + 1);
        setAnnouncement(`“${query.trim()}” found on page ${index + 1} of ${pages}.`);
        return;
      }
    }
    setFound(null);
    setAnnouncement(`“${query.trim()}” was not found in this document.`);
  };

  return (
    <Stack gap="3">
      <HStack gap="4" wrap="wrap" justify="space-between">
        <HStack as="form" gap="2" onSubmit={submitPage} aria-label="Pages">
          <Button
            size="sm"
            variant="outline"
            onClick={() => goTo(pageNumber - 1)}
            disabled={pageNumber <= 1}
            aria-label="Previous page"
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <label htmlFor={ids.page}>Page</label>
          <Input
            id={ids.page}
            size="sm"
            w="16"
            inputMode="numeric"
            value={pageField}
            onChange={(event) => setPageField(event.target.value)}
            onBlur={submitPage}
          />
          <Text>of {pages}</Text>
          <Button
            size="sm"
            variant="outline"
            onClick={() => goTo(pageNumber + 1)}
            disabled={pageNumber >= pages}
            aria-label="Next page"
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </HStack>
        <HStack as="form" gap="2" role="search" onSubmit={search} aria-label="Search in the document">
          <label htmlFor={ids.search}>Find</label>
          <Input
            id={ids.search}
            size="sm"
            w="56"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Button size="sm" variant="outline" type="submit" aria-label="Find in the document">
            <SearchIcon aria-hidden="true" />
            Find
          </Button>
        </HStack>
      </HStack>
      <Text role="status" aria-live="polite" minH="6">
        {announcement}
      </Text>
      <Box overflow="auto" borderWidth="1px" borderColor="border" bg="bg.muted" p="2">
        <div ref={frame} className="preview-pdf-page" aria-busy={rendering || undefined}>
          <canvas ref={canvas} role="img" aria-label={`Page ${pageNumber} of ${pages} of ${name}`} />
          <div ref={textLayer} className="textLayer" />
        </div>
      </Box>
    </Stack>
  );
}
