import { Alert, Box, Button, CloseButton, Dialog, HStack, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PreviewUrl } from '#shared/contracts/download';
import { PREVIEW_LIMITS } from '#shared/limits';
import { ApiError } from '../../../lib/api-client.ts';
import { getPreviewUrl } from '../api/get-preview-url.ts';
import { fetchBytes } from '../utils/fetch-bytes.ts';
import type { PreviewableFile, PreviewDownloadAction } from './file-preview-button.tsx';

const loadPdfViewer = () => import('./pdf-viewer.tsx');
const loadDocumentViewer = () => import('./document-viewers.tsx');
const PdfViewer = lazy(() => loadPdfViewer().then((module) => ({ default: module.PdfViewer })));
const DocumentViewer = lazy(() => loadDocumentViewer().then((module) => ({ default: module.DocumentViewer })));

/** Megabytes with one decimal, as people read file sizes ("25 MB", "31.4 MB"). */
const megabytes = (bytes: number) => `${Number((bytes / 1_000_000).toFixed(1))} MB`;

type Loaded =
  | { readonly state: 'asking' }
  | { readonly state: 'refused'; readonly message: string }
  | { readonly state: 'answered'; readonly preview: PreviewUrl }
  | { readonly state: 'loading'; readonly preview: PreviewUrl; readonly fraction: number }
  | { readonly state: 'ready'; readonly preview: PreviewUrl; readonly bytes: Uint8Array }
  | { readonly state: 'failed'; readonly message: string };

/**
 * The preview URL of `fileId`, then the file's bytes with the fraction received so
 * far. Asked once per opening outside the query cache: each answer records a preview,
 * and a refusal (403) is the reason to show, not the end of the session that a 403
 * of another call means (spec §8).
 */
function usePreview(fileId: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'asking' });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setLoaded({ state: 'asking' });
    void (async () => {
      let preview: PreviewUrl;
      try {
        preview = await getPreviewUrl(fileId, { signal });
      } catch (error) {
        if (signal.aborted) return;
        const message = error instanceof ApiError ? error.message : 'The preview could not be loaded. Try again later.';
        setLoaded({ state: 'refused', message });
        return;
      }
      const url = preview.publicUrl;
      if (!url || preview.tooLarge || preview.kind === 'none') {
        setLoaded({ state: 'answered', preview });
        return;
      }
      // The viewer's code (and pdf.js's worker) loads while the bytes arrive, not after.
      void (preview.kind === 'pdf' ? loadPdfViewer() : loadDocumentViewer()).catch(() => undefined);
      setLoaded({ state: 'loading', preview, fraction: 0 });
      try {
        const bytes = await fetchBytes(
          url,
          preview.size,
          (fraction) => !signal.aborted && setLoaded({ state: 'loading', preview, fraction }),
          signal,
        );
        if (!signal.aborted) setLoaded({ state: 'ready', preview, bytes });
      } catch (error) {
        if (!signal.aborted) {
          setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
        }
      }
    })();
    return () => controller.abort();
  }, [fileId]);
  return loaded;
}

function Problem({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

function Loading({ fraction }: { fraction: number | null }) {
  return (
    <Stack gap="2" py="6" role="status">
      <Progress.Root
        value={fraction === null ? null : Math.round(fraction * 100)}
        maxW="md"
        colorPalette="brand"
        aria-label="Loading the preview"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text>{fraction === null ? 'Loading the preview…' : `Loading the preview… ${Math.round(fraction * 100)}%`}</Text>
    </Stack>
  );
}

/** The dialog's body: the state of the preview URL, then of the bytes, then the viewer of the file's kind. */
function PreviewBody({ file }: { file: PreviewableFile }) {
  const loaded = usePreview(file.id);
  switch (loaded.state) {
    case 'asking':
      return <Loading fraction={null} />;
    case 'loading':
      return <Loading fraction={loaded.fraction} />;
    case 'refused':
    case 'failed':
      return (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{loaded.message}</Alert.Title>
        </Alert.Root>
      );
    case 'answered': {
      const { preview } = loaded;
      if (preview.tooLarge) {
        return (
          <Problem title="This file is too large to preview.">
            It is {megabytes(preview.size)}; files up to {megabytes(PREVIEW_LIMITS.maxBytes)} can be previewed. Download
            it to read it.
          </Problem>
        );
      }
      return (
        <Problem title="There is no preview for this type of file.">Download it to open it on your computer.</Problem>
      );
    }
    case 'ready':
      return (
        <Suspense fallback={<Loading fraction={null} />}>
          {loaded.preview.kind === 'pdf' ? (
            <PdfViewer bytes={loaded.bytes} name={loaded.preview.name} />
          ) : (
            <DocumentViewer bytes={loaded.bytes} kind={loaded.preview.kind} name={loaded.preview.name} />
          )}
        </Suspense>
      );
  }
}

/**
 * The preview dialog of one file (issue 24 item 1; decision record 058): asks for
 * the preview URL (403 and 404 shown with their reason), says when the file is too
 * large or of a type without a viewer, else reads the bytes with a progress bar and
 * shows the viewer of the file's kind (PDF pages, Markdown, source, text, CSV table,
 * image, Word, notebook). Escape or Close ends it (`onClose` returns the focus to the
 * button); the footer offers the route's download button.
 */
export function PreviewDialog({
  file,
  DownloadAction,
  onClose,
}: {
  file: PreviewableFile;
  DownloadAction?: PreviewDownloadAction | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="cover"
      scrollBehavior="inside"
      restoreFocus={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Preview: {file.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box minH="40">
                <PreviewBody file={file} />
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2">
                {DownloadAction ? <DownloadAction file={file} /> : null}
                <Button variant="outline" onClick={onClose}>
                  Close
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the preview" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
