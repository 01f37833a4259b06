import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { buildIndexParts } from './build.ts';
import type { CatalogDocument, CatalogIndex, CatalogVersion } from './port.ts';
import { InMemoryCatalogIndex } from './searcher.ts';
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT_VERSION } from './snapshot.ts';

/**
 * The in-memory courseware search of ARCHITECTURE.md "Search" and decision record
 * 014 (spec §2.5, §3 "Search filter", §9): build an index from catalog documents,
 * write it as a gzipped snapshot, load the snapshot without re-tokenising.
 *
 * What a search does:
 * - Documents whose status is not in `query.statuses` do not exist for the query
 *   (never in hits, `total` or facets).
 * - Text: name (weight 5), tags and search tags (3) and the plain-text description
 *   (1) are searched, BM25F-scored at build time. Every word that is not a stop word
 *   must match (AND). A word matches its own term (factor 1); from 4 characters also
 *   the terms 1 edit away (0.5), from 8 characters 2 edits away (0.3),
 *   Damerau-Levenshtein; the last word, from 2 characters, also the 50 most frequent
 *   longer terms it begins (0.7). A document's word score is its best matching term.
 *   When no document the caller may see matches every word and there are 2 or more
 *   words, any word is enough (OR), ranked by the summed score; filters do not take
 *   part in that choice, so facet counts stay true.
 * - Filters: the chosen values of one list filter are alternatives, different filters
 *   all apply; tags compare case-insensitively, other values exactly;
 *   `newOrUpdatedContent` keeps `modifiedTimestamp >= query.newOrUpdatedSince`.
 * - Order: with text, score desc, then `modifiedTimestamp` desc, then id; without
 *   text, `modifiedTimestamp` desc, then id. `offset` and `limit` page that order;
 *   `total` counts every hit.
 * - Facets (disjunctive): per list filter, each value with the number of documents
 *   matching the text, the statuses and every other filter (its own choice left
 *   out), only counts ≥ 1, by count desc then value asc; tag values keep the
 *   spelling of the most recently modified document that has them.
 *   `newOrUpdatedContent` counts the hits that are new or updated.
 * - Hits carry `summary` cut to `LIMITS.searchSummaryMaxChars` at a word boundary.
 */

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * An index over `documents` (every status; the query decides what it may see),
 * numbered most recently modified first.
 * @throws Error when two documents share an id, a status or `modifiedTimestamp` is
 *   invalid, or there are more than 2,097,151 documents.
 */
export function buildCatalogIndex(documents: readonly CatalogDocument[], version: CatalogVersion): CatalogIndex {
  return new InMemoryCatalogIndex(buildIndexParts(documents, version));
}

/**
 * The gzipped snapshot of an index built by {@link buildCatalogIndex} or loaded by
 * {@link loadCatalogIndex}: the prebuilt vocabulary, postings and scores, facet
 * columns and the hit rows (summaries already cut), in snapshot format version
 * {@link SNAPSHOT_FORMAT_VERSION} (see `snapshot.ts`).
 * @throws Error for an index this module did not make.
 */
export async function serializeCatalogIndex(index: CatalogIndex): Promise<Uint8Array> {
  if (!(index instanceof InMemoryCatalogIndex)) {
    throw new Error('Only an index made by buildCatalogIndex or loadCatalogIndex can be serialised.');
  }
  const bytes = await gzipAsync(encodeSnapshot(index.snapshotParts()));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The index of a snapshot made by {@link serializeCatalogIndex}: it answers exactly
 * as the index that was serialised. Nothing is re-tokenised or re-scored.
 * @throws Error when the bytes are not gzip, not a snapshot, of another format
 *   version, or inconsistent; the message says which.
 */
export async function loadCatalogIndex(bytes: Uint8Array): Promise<CatalogIndex> {
  let raw: Buffer;
  try {
    raw = await gunzipAsync(bytes);
  } catch (error) {
    throw new Error('Catalog index snapshot is corrupt: it is not valid gzip.', { cause: error });
  }
  return new InMemoryCatalogIndex(decodeSnapshot(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)));
}
