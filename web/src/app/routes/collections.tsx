import { CuratedCollections } from '../../features/collections/components/curated-collections.tsx';

/**
 * /collections (issue 26 item 2; decision record 076): the public page of the curated
 * collections, open to everyone; loaded on demand.
 */
export function Component() {
  return <CuratedCollections />;
}
