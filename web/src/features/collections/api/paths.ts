import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of collections: your own, the curated ones, their coverage, with their paths
 * below `/api/v1` (decision record 040): loaded with this feature's lazily loaded code, not
 * with the first render. An operation the first render calls is in `FIRST_RENDER_API_PATHS`
 * (`apiUrl`) instead.
 */
export const COLLECTIONS_API_PATHS = {
  listMyCollections: '/collections/mine',
  createCollection: '/collections',
  getCollection: '/collections/{id}',
  getCollectionCoverage: '/collections/{id}/coverage',
  updateCollection: '/collections/{id}',
  addCollectionEntry: '/collections/{id}/entries',
  deleteCollection: '/collections/{id}',
  listCuratedCollections: '/collections',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link COLLECTIONS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const collectionsApiUrl = apiUrlFor(COLLECTIONS_API_PATHS);
