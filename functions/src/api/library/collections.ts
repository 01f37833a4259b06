import * as collections from '../../services/collections.ts';
import { defineRoute } from './define-route.ts';

/**
 * The routes of collections (issue 26 item 2; decision record 073): each calls its use
 * case in `services/collections.ts`, which decides who may read and change what.
 */

/** `GET /api/v1/collections/mine`: a page of the caller's collections. */
export const listMyCollections = defineRoute('listMyCollections', ({ query, caller }) =>
  collections.listMyCollections(query, caller),
);

/** `GET /api/v1/collections`: a page of the curated collections (public). */
export const listCuratedCollections = defineRoute('listCuratedCollections', ({ query }) =>
  collections.listCuratedCollections(query),
);

/** `POST /api/v1/collections`: a new collection of the caller (201). */
export const createCollection = defineRoute('createCollection', ({ body, caller }) =>
  collections.createCollection(body, caller),
);

/** `GET /api/v1/collections/{id}`: a collection the caller may read; 404 otherwise. */
export const getCollection = defineRoute('getCollection', ({ path, caller }) =>
  collections.getCollection(path.id, caller),
);

/** `GET /api/v1/collections/{id}/coverage`: the NICE and CAE items its items cover together. */
export const getCollectionCoverage = defineRoute('getCollectionCoverage', ({ path, caller }) =>
  collections.getCollectionCoverage(path.id, caller),
);

/** `PUT /api/v1/collections/{id}`: replace the owner's collection at the version read. */
export const updateCollection = defineRoute('updateCollection', ({ path, body, caller }) =>
  collections.updateCollection(path.id, body, caller),
);

/** `POST /api/v1/collections/{id}/entries`: add an item at the end of the owner's collection. */
export const addCollectionEntry = defineRoute('addCollectionEntry', ({ path, body, caller }) =>
  collections.addCollectionEntry(path.id, body, caller),
);

/** `DELETE /api/v1/collections/{id}`: delete the owner's collection. */
export const deleteCollection = defineRoute('deleteCollection', ({ path, caller }) =>
  collections.deleteCollection(path.id, caller),
);
