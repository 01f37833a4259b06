import { useParams } from 'react-router-dom';
import { CollectionScreen } from '../../features/collections/components/collection-screen.tsx';
import { CollectionDownloadButton } from '../../features/downloads/components/collection-download-button.tsx';

/**
 * /collections/{id} (issue 26 item 2; decision record 074): one collection's page, open to
 * whoever the server lets read it (its owner, anyone with the link of a shared one, everyone
 * for a curated one), with the downloads feature's "Download all" of its files; loaded on demand.
 */
export function Component() {
  const id = useParams().id ?? '';
  return <CollectionScreen key={id} id={id} downloadAll={<CollectionDownloadButton collectionId={id} />} />;
}
