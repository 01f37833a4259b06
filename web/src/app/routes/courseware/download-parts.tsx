import type { DownloadParts } from '../../../features/courseware/components/download-parts.tsx';
import { CategoryDownloadButton, DownloadAllButton } from '../../../features/downloads/components/bundle-download.tsx';
import { DownloadRightsNote } from '../../../features/downloads/components/download-rights-note.tsx';
import { FileDownloadButton } from '../../../features/downloads/components/file-download-button.tsx';

/**
 * The downloads feature's parts for the courseware screens (spec §2.6, §4 "File
 * bundle"), composed here because features do not import each other (STYLE.md).
 * The detail screen's parts load with its route, so nothing pops in after the files
 * are shown.
 */
export const DOWNLOAD_PARTS: DownloadParts = {
  FileAction: FileDownloadButton,
  DownloadAll: DownloadAllButton,
  RightsNote: DownloadRightsNote,
  CategoryDownload: CategoryDownloadButton,
};
