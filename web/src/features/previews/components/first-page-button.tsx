import { Button } from '@chakra-ui/react';
import { FileImageIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { can } from '#shared/capabilities';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useDialogOpener } from '../hooks/use-dialog-opener.ts';

/** A file with the public image of its first page (issue 24 item 1, decision record 059). */
export interface FirstPageFile {
  readonly id: string;
  readonly name: string;
  readonly firstPage?: { readonly url: string; readonly alt: string } | undefined;
}

/** The button's accessible name: "Preview first page of Buffer_Overflow_Setuid". */
export function firstPageButtonName(file: Pick<FirstPageFile, 'name'>): string {
  return `Preview first page of ${file.name}`;
}

// The dialog loads on the first click only.
const FirstPageDialog = lazy(() =>
  import('./first-page-dialog.tsx').then((module) => ({ default: module.FirstPageDialog })),
);

/**
 * "Preview first page" of a PDF for readers without the file right of its kind
 * (visitors, and signed-in readers without spec §6 "View files"; issue 24 item 1,
 * decision record 059), shown only when the item's licence let the renderer publish
 * the page (`file.firstPage`). Readers with the right get the whole preview
 * instead (`FilePreviewButton`). Opens the first-page dialog, loaded on demand;
 * closing it returns the focus here. Only the public image is shown: the private
 * file is never asked for.
 */
export function FirstPageButton({
  file,
  kind = 'courseware',
}: {
  file: FirstPageFile;
  kind?: 'courseware' | 'lesson';
}) {
  const { principal } = useSession();
  const { open, buttonRef, show, close } = useDialogOpener();
  const firstPage = file.firstPage;
  if (!firstPage || can(principal, kind === 'lesson' ? 'viewLessonFiles' : 'viewFiles')) return null;
  return (
    <>
      <Button
        ref={buttonRef}
        size="xs"
        variant="outline"
        colorPalette="brand"
        aria-label={firstPageButtonName(file)}
        aria-haspopup="dialog"
        onClick={show}
      >
        <FileImageIcon aria-hidden="true" />
        Preview first page
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FirstPageDialog name={file.name} image={firstPage} signedIn={principal !== null} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
