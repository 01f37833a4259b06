import { Button } from '@chakra-ui/react';
import { EyeIcon } from 'lucide-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { can } from '#shared/capabilities';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useDialogOpener } from '../hooks/use-dialog-opener.ts';

/** The file a preview button is for: its id, display name and, when shown, its type ("PDF"). */
export interface PreviewableFile {
  readonly id: string;
  readonly name: string;
  readonly typeLabel?: string | undefined;
}

/** What the dialog offers beside Close: the route's download button for the same file. */
export type PreviewDownloadAction = ComponentType<{ file: PreviewableFile }>;

/** The button's accessible name: "Preview Buffer_Overflow_Setuid (PDF)". */
export function previewButtonName(file: PreviewableFile): string {
  return `Preview ${file.name}${file.typeLabel ? ` (${file.typeLabel})` : ''}`;
}

// The dialog and its viewers (pdf.js, marked, highlight.js, mammoth) load on the first click only.
const PreviewDialog = lazy(() => import('./preview-dialog.tsx').then((module) => ({ default: module.PreviewDialog })));

/**
 * "Preview" for one file (issue 24 item 1; decision record 058), shown only to
 * readers with the file right of its kind (spec §6 "View files" for courseware,
 * "View lesson files" for lesson artifacts), like the download button. It opens the
 * preview dialog, loaded on demand; closing it returns the focus here.
 */
export function FilePreviewButton({
  file,
  kind = 'courseware',
  DownloadAction,
}: {
  file: PreviewableFile;
  kind?: 'courseware' | 'lesson';
  DownloadAction?: PreviewDownloadAction | undefined;
}) {
  const { principal } = useSession();
  const { open, buttonRef, show, close } = useDialogOpener();
  if (!can(principal, kind === 'lesson' ? 'viewLessonFiles' : 'viewFiles')) return null;
  return (
    <>
      <Button
        ref={buttonRef}
        size="xs"
        variant="outline"
        colorPalette="brand"
        aria-label={previewButtonName(file)}
        aria-haspopup="dialog"
        onClick={show}
      >
        <EyeIcon aria-hidden="true" />
        Preview
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <PreviewDialog file={file} DownloadAction={DownloadAction} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
