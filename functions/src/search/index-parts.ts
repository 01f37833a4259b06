import type { ContentSummary } from '#shared/contracts/content';
import { CONTENT_STATUSES, type ContentStatus } from '#shared/enums';
import type { CatalogVersion } from './port.ts';

/**
 * The prebuilt parts of an in-memory catalog index: what a build produces, what a
 * snapshot carries and what a search reads. Documents are numbered 0..n-1 most
 * recently modified first (ties by id), so ascending document number is the order
 * of a search without text and the tie-break of one with text.
 */
export interface IndexParts {
  readonly version: CatalogVersion;
  /** Terms in ascending code-unit order; a term's id is its position. */
  readonly terms: readonly string[];
  /** Postings of term `t` are at `postingStart[t]` up to `postingStart[t + 1]` (length terms + 1). */
  readonly postingStart: Int32Array;
  /** Document numbers of the postings, ascending within a term. */
  readonly postingDocs: Int32Array;
  /** Per posting: the term's frequency in each field, 8 bits per field (`scoring.ts`). */
  readonly postingTf: Uint32Array;
  /** BM25F score of each posting (`scorePostings` of the frequencies and lengths). */
  readonly postingScores: Float32Array;
  /** Per document and field: its number of terms (`FIELD_COUNT` per document). */
  readonly fieldLengths: Int32Array;
  /** Per document: position of its status in `CONTENT_STATUSES`. */
  readonly statuses: Uint8Array;
  /** Per document: `modifiedTimestamp` in ms since the epoch. */
  readonly modified: Float64Array;
  /** Per list filter, in `FACETS` order. */
  readonly facets: readonly FacetColumn[];
  /**
   * The stored orders of decision record 052, each a permutation of the document
   * numbers (position → document): `newest` by `createdTimestamp` desc, `name` A to Z
   * (case- and accent-insensitive, numbers by value), `downloads` by all-time
   * downloads desc, `rating` by average rating desc then count desc, unrated last
   * (issue 26 item 3); ties by id ascending. (`updated` is document order itself.)
   */
  readonly orders: SortOrders;
  /**
   * The name of each document as term ids in reading order (stop words kept), for
   * exact-name and exact-phrase matches (decision record 052): terms of document `d`
   * are at `nameStart[d]` up to `nameStart[d + 1]` of `nameTerms`.
   */
  readonly nameStart: Int32Array;
  readonly nameTerms: Int32Array;
  /** What a hit shows, per document. */
  readonly rows: RowStore;
}

/** The orders an index stores besides document order (see {@link IndexParts.orders}). */
export const STORED_ORDERS = ['newest', 'name', 'downloads', 'rating'] as const;
export type StoredOrder = (typeof STORED_ORDERS)[number];
/** Per stored order, the document numbers from first to last. */
export type SortOrders = Readonly<Record<StoredOrder, Int32Array>>;

/**
 * The {@link DocRow}s of all documents as UTF-8 JSON, one after the other: kept as
 * bytes and parsed only for the hits of a page, so loading a snapshot parses none
 * and a row costs its UTF-8 size in memory.
 */
export interface RowStore {
  readonly bytes: Uint8Array;
  /** Row `d` is `bytes[start[d] .. start[d + 1])` (length documents + 1). */
  readonly start: Int32Array;
}

/**
 * The values of one list filter: value ids are positions in `labels`, which are in
 * ascending code-unit order (so a lower id is the lower value, the facet tie-break).
 */
export interface FacetColumn {
  /** The value as shown: for tags, the spelling of the first document numbered that has it. */
  readonly labels: readonly string[];
  /** Values of document `d` are at `valueStart[d]` up to `valueStart[d + 1]` (length documents + 1). */
  readonly valueStart: Int32Array;
  /** Value ids, without duplicates per document. */
  readonly values: Int32Array;
}

/**
 * A hit's `ContentSummary` as a positional row (no repeated keys in the snapshot):
 * id, name, urlAlias, status index, category, categories, educationLevels,
 * experienceLevels, tags, parentId, image, createdTimestamp, modifiedTimestamp,
 * summary (already cut for hits), author, thumbnail (issue 24 item 2; rows written
 * before it have 15 fields and read as no thumbnail), rating totals `[sum, count]` or
 * null (issue 26 item 3; rows of 16 fields read as none).
 */
export type DocRow = [
  id: string,
  name: string,
  urlAlias: string,
  status: number,
  category: string,
  categories: readonly string[],
  educationLevels: readonly string[],
  experienceLevels: readonly string[],
  tags: readonly string[],
  parentId: string | null,
  image: string | null,
  createdTimestamp: string,
  modifiedTimestamp: string,
  summary: string,
  author: string | null,
  thumbnail: ContentSummary['thumbnail'] | null,
  rating?: readonly [sum: number, count: number] | null,
];

/** Number of fields of a {@link DocRow}. */
export const DOC_ROW_LENGTH = 17;
/** Fields of a row written before thumbnails (issue 24 item 2): still read, as no thumbnail. */
const DOC_ROW_LENGTH_WITHOUT_THUMBNAIL = 15;
/** Fields of a row written before ratings (issue 26 item 3): still read, as no rating. */
const DOC_ROW_LENGTH_WITHOUT_RATING = 16;

/** The most documents an index holds: a document number must fit in 21 bits (the sort keys pack it with a score). */
export const MAX_DOCUMENTS = 2 ** 21 - 1;

/** Position of `status` in `CONTENT_STATUSES`. @throws Error for a status that is not one. */
export function statusCode(status: string): number {
  const code = CONTENT_STATUSES.indexOf(status as ContentStatus);
  if (code < 0) throw new Error(`Unknown content status "${status}".`);
  return code;
}

/** The row of a summary whose `summary` is already what a hit shows, with the item's rating totals if any. */
export function toDocRow(
  summary: ContentSummary & { readonly ratingTotals?: { readonly sum: number; readonly count: number } | undefined },
): DocRow {
  const totals = summary.ratingTotals;
  return [
    summary.id,
    summary.name,
    summary.urlAlias,
    statusCode(summary.status),
    summary.category,
    summary.categories,
    summary.educationLevels,
    summary.experienceLevels,
    summary.tags,
    summary.parentId,
    summary.image,
    summary.createdTimestamp,
    summary.modifiedTimestamp,
    summary.summary,
    summary.author,
    summary.thumbnail ?? null,
    totals && totals.count > 0 ? [totals.sum, totals.count] : null,
  ];
}

/** The {@link RowStore} of `rows`. */
export function storeRows(rows: readonly DocRow[]): RowStore {
  const encoder = new TextEncoder();
  const encoded = rows.map((row) => encoder.encode(JSON.stringify(row)));
  const start = new Int32Array(rows.length + 1);
  encoded.forEach((row, doc) => {
    start[doc + 1] = (start[doc] as number) + row.length;
  });
  const bytes = new Uint8Array(start[rows.length] as number);
  encoded.forEach((row, doc) => {
    bytes.set(row, start[doc] as number);
  });
  return { bytes, start };
}

const decoder = new TextDecoder();

/**
 * A fresh `ContentSummary` of document `doc` (nothing shared with the store: a
 * caller may change what it receives).
 * @throws Error when the stored row is not a row (a snapshot damaged after its checks).
 */
export function summaryOf(rows: RowStore, doc: number): ContentSummary {
  const from = rows.start[doc] as number;
  const to = rows.start[doc + 1] as number;
  let row: unknown;
  try {
    row = JSON.parse(decoder.decode(rows.bytes.subarray(from, to)));
  } catch (error) {
    throw new Error(`Catalog index row ${doc} is corrupt.`, { cause: error });
  }
  if (
    !Array.isArray(row) ||
    ![DOC_ROW_LENGTH, DOC_ROW_LENGTH_WITHOUT_RATING, DOC_ROW_LENGTH_WITHOUT_THUMBNAIL].includes(row.length)
  )
    throw new Error(`Catalog index row ${doc} is corrupt.`);
  return fromDocRow(row as DocRow);
}

/** The summary of a row; `thumbnail` only when the row names one (absent means none, as in the contract). */
function fromDocRow(row: DocRow): ContentSummary {
  return {
    id: row[0],
    name: row[1],
    urlAlias: row[2],
    status: CONTENT_STATUSES[row[3]] as ContentStatus,
    category: row[4],
    categories: row[5] as ContentSummary['categories'],
    educationLevels: row[6] as ContentSummary['educationLevels'],
    experienceLevels: row[7] as ContentSummary['experienceLevels'],
    tags: row[8] as string[],
    parentId: row[9],
    image: row[10],
    createdTimestamp: row[11],
    modifiedTimestamp: row[12],
    summary: row[13],
    author: row[14],
    ...(row[15] ? { thumbnail: row[15] } : {}),
    ...(row[16] && row[16][1] > 0 ? { rating: ratingOf(row[16][0], row[16][1]) } : {}),
  };
}

/** A card's rating of its totals: the average rounded to two decimals, and the count. */
function ratingOf(sum: number, count: number): { average: number; count: number } {
  return { average: Math.round((sum / count) * 100) / 100, count };
}
