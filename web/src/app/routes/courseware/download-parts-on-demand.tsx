import { type ComponentType, lazy, Suspense } from 'react';
import type { DownloadParts } from '../../../features/courseware/components/download-parts.tsx';

/** A part loaded on first render, showing nothing until it has loaded. */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function OnDemandPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

const bundleDownload = () => import('../../../features/downloads/components/bundle-download.tsx');

/**
 * The same parts for the courseware list, loaded on demand: the list only shows
 * "Download all <Category> files" when one category is chosen and the reader may
 * download, so the first render of `/courseware` does not pay for the downloads
 * feature (decision record 009's budget).
 */
export const ON_DEMAND_DOWNLOAD_PARTS: DownloadParts = {
  FileAction: onDemand(
    async () => (await import('../../../features/downloads/components/file-download-button.tsx')).FileDownloadButton,
  ),
  DownloadAll: onDemand(async () => (await bundleDownload()).DownloadAllButton),
  RightsNote: onDemand(
    async () => (await import('../../../features/downloads/components/download-rights-note.tsx')).DownloadRightsNote,
  ),
  CategoryDownload: onDemand(async () => (await bundleDownload()).CategoryDownloadButton),
};
