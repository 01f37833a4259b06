import { HStack } from '@chakra-ui/react';
import type { DownloadPartFile, DownloadParts } from '../../../features/courseware/components/download-parts.tsx';
import { CategoryDownloadButton, DownloadAllButton } from '../../../features/downloads/components/bundle-download.tsx';
import { DownloadRightsNote } from '../../../features/downloads/components/download-rights-note.tsx';
import { FileDownloadButton } from '../../../features/downloads/components/file-download-button.tsx';
import { FilePreviewButton } from '../../../features/previews/components/file-preview-button.tsx';
import { FirstPageButton } from '../../../features/previews/components/first-page-button.tsx';

/**
 * A courseware file's actions: Preview (its dialog loads on demand, issue 24 item 1)
 * and Download, each shown only to readers with the file right (spec §6); to readers
 * without it, "Preview first page" of a PDF whose licence allows it (decision record 059).
 */
export function CoursewareFileActions({ file }: { file: DownloadPartFile }) {
  return (
    <HStack gap="2" align="flex-start" flexShrink={0}>
      <FirstPageButton file={file} />
      <FilePreviewButton file={file} DownloadAction={FileDownloadButton} />
      <FileDownloadButton file={file} />
    </HStack>
  );
}

/**
 * The downloads feature's parts for the courseware screens (spec §2.6, §4 "File
 * bundle"), composed here because features do not import each other (STYLE.md).
 * The detail screen's parts load with its route, so nothing pops in after the files
 * are shown.
 */
export const DOWNLOAD_PARTS: DownloadParts = {
  FileAction: CoursewareFileActions,
  DownloadAll: DownloadAllButton,
  RightsNote: DownloadRightsNote,
  CategoryDownload: CategoryDownloadButton,
};
