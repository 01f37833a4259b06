import { HStack } from '@chakra-ui/react';
import type { DownloadPartFile } from '../../../features/courseware/components/download-parts.tsx';
import { LessonFileDownloadButton } from '../../../features/downloads/components/file-download-button.tsx';
import { FilePreviewButton } from '../../../features/previews/components/file-preview-button.tsx';

/** A lesson artifact's actions: Preview and Download for readers who may view lesson files (spec §6). */
export function LessonFileActions({ file }: { file: DownloadPartFile }) {
  return (
    <HStack gap="2" align="flex-start" flexShrink={0}>
      <FilePreviewButton file={file} kind="lesson" DownloadAction={LessonFileDownloadButton} />
      <LessonFileDownloadButton file={file} />
    </HStack>
  );
}
