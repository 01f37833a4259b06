import { useMemo } from 'react';
import { BundleDownload } from './bundle-download.tsx';

/**
 * "Download all" of a collection (issue 26 item 2; decision record 073): one zip of every
 * file of its items the reader may download, a folder per item in the collection's order
 * (`requestBundle { collectionId }`). The server decides what it holds when asked; a
 * collection with nothing to zip answers its reason, shown with Try again.
 */
export function CollectionDownloadButton({ collectionId }: { collectionId: string }) {
  const scope = useMemo(() => ({ collectionId }), [collectionId]);
  return (
    <BundleDownload
      scope={scope}
      label="Download all"
      summary="Every file of its items you may download, one folder per item in the collection's order."
      cartridge
    />
  );
}
