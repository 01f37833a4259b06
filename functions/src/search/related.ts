import type { ContentSummary } from '#shared/contracts/content';
import type { SearchFacetName } from '#shared/contracts/search';
import { CONTENT_STATUSES, type ContentStatus } from '#shared/enums';
import { FACETS } from './facets.ts';
import { type IndexParts, statusCode, summaryOf } from './index-parts.ts';
import type { CatalogIndex } from './port.ts';
import { InMemoryCatalogIndex } from './searcher.ts';

/**
 * Related courseware (issue 24 item 5; decision record 056), answered from the same
 * in-memory catalog index as search: the items that share the most NICE (KSA, TKS)
 * and CAE (KU) items and tags with one content item.
 *
 * Scoring: each value the candidate shares with the item adds
 * `weight(kind) × ln(1 + P / df)`, where the weight is {@link RELATED_WEIGHTS} (a
 * knowledge item 2, a tag 1), `P` the number of published documents and `df` the
 * published documents that hold the value (at least 1). A rare shared value says more
 * than one most items carry; counting published documents only keeps the score the
 * same for every caller, so it tells nobody about content they may not see. Order:
 * score descending, then name (case-insensitive), then id. Only candidates sharing at
 * least one value are related.
 */

/** Weight of a shared value per kind: knowledge items are curated mappings, tags free words. */
export const RELATED_WEIGHTS: Readonly<Partial<Record<SearchFacetName, number>>> = Object.freeze({
  ksaIds: 2,
  tksIds: 2,
  kuIds: 2,
  tags: 1,
});

/** One related-courseware question, already validated. */
export interface RelatedQuery {
  /** The content item's id. */
  readonly id: string;
  /** Statuses in which the caller may open the item itself (`detailStatuses`); otherwise it is not found. */
  readonly itemStatuses: readonly ContentStatus[];
  /** Statuses the caller may see in lists (`listStatuses`): only such items are related. */
  readonly statuses: readonly ContentStatus[];
  /** The most items to return (≥ 1). */
  readonly limit: number;
}

interface ScoredColumn {
  readonly column: number;
  readonly weight: number;
  /** Documents holding value `v` are `docs[start[v]] .. docs[start[v + 1]]`. */
  readonly start: Int32Array;
  readonly docs: Int32Array;
  /** Per value: `weight × ln(1 + P / df)`. */
  readonly score: Float64Array;
}

interface RelatedTables {
  readonly docOf: ReadonlyMap<string, number>;
  /** Per document: its parent's document number, -1 for none (or a parent not in the index). */
  readonly parentOf: Int32Array;
  readonly names: readonly string[];
  readonly ids: readonly string[];
  readonly columns: readonly ScoredColumn[];
}

const tablesOf = new WeakMap<IndexParts, RelatedTables>();
/** A parent chain longer than this is treated as a cycle (damaged data), so a walk always ends. */
const MAX_DEPTH = 64;

function buildTables(parts: IndexParts): RelatedTables {
  const size = parts.statuses.length;
  const summaries = Array.from({ length: size }, (_, doc) => summaryOf(parts.rows, doc));
  const ids = summaries.map((summary) => summary.id);
  const names = summaries.map((summary) => summary.name.toLocaleLowerCase('en'));
  const docOf = new Map(ids.map((id, doc) => [id, doc]));
  const parentOf = new Int32Array(size);
  summaries.forEach((summary, doc) => {
    parentOf[doc] = summary.parentId === null ? -1 : (docOf.get(summary.parentId) ?? -1);
  });
  const published = statusCode('published');
  let publishedCount = 0;
  for (const status of parts.statuses) if (status === published) publishedCount += 1;
  const columns: ScoredColumn[] = [];
  FACETS.forEach((facet, column) => {
    const weight = RELATED_WEIGHTS[facet.name];
    if (weight === undefined) return;
    const { labels, valueStart, values } = parts.facets[column] as IndexParts['facets'][number];
    const counts = new Int32Array(labels.length);
    const publishedDf = new Int32Array(labels.length);
    for (let doc = 0; doc < size; doc += 1) {
      for (let at = valueStart[doc] as number; at < (valueStart[doc + 1] as number); at += 1) {
        const value = values[at] as number;
        counts[value] = (counts[value] as number) + 1;
        if (parts.statuses[doc] === published) publishedDf[value] = (publishedDf[value] as number) + 1;
      }
    }
    const start = new Int32Array(labels.length + 1);
    counts.forEach((count, value) => {
      start[value + 1] = (start[value] as number) + count;
    });
    const fill = start.slice(0, labels.length);
    const docs = new Int32Array(start[labels.length] as number);
    for (let doc = 0; doc < size; doc += 1) {
      for (let at = valueStart[doc] as number; at < (valueStart[doc + 1] as number); at += 1) {
        const value = values[at] as number;
        docs[fill[value] as number] = doc;
        fill[value] = (fill[value] as number) + 1;
      }
    }
    const score = Float64Array.from(
      publishedDf,
      (df) => weight * Math.log(1 + Math.max(1, publishedCount) / Math.max(1, df)),
    );
    columns.push({ column, weight, start, docs, score });
  });
  return { docOf, parentOf, names, ids, columns };
}

function tables(parts: IndexParts): RelatedTables {
  let found = tablesOf.get(parts);
  if (!found) {
    found = buildTables(parts);
    tablesOf.set(parts, found);
  }
  return found;
}

/** True when `ancestor` is on the parent chain of `doc` (not `doc` itself). */
function descendsFrom(parentOf: Int32Array, doc: number, ancestor: number): boolean {
  let at = parentOf[doc] as number;
  for (let depth = 0; at >= 0 && depth < MAX_DEPTH; depth += 1) {
    if (at === ancestor) return true;
    at = parentOf[at] as number;
  }
  return false;
}

/**
 * The related courseware of `query.id` in `index`, most related first (see the
 * module comment for the score and the order), at most `query.limit` items. The item
 * itself, its ancestors and its descendants are never related; neither is an item
 * whose status is not in `query.statuses`.
 * @returns null when the item is not in the index or its status is not in
 *   `query.itemStatuses` (the caller answers 404, as for missing content).
 * @throws Error for an index not made by `buildCatalogIndex` or `loadCatalogIndex`.
 */
export function relatedCourseware(index: CatalogIndex, query: RelatedQuery): ContentSummary[] | null {
  if (!(index instanceof InMemoryCatalogIndex)) {
    throw new Error('Related courseware needs an index made by buildCatalogIndex or loadCatalogIndex.');
  }
  const parts = index.snapshotParts();
  const { docOf, parentOf, names, ids, columns } = tables(parts);
  const item = docOf.get(query.id);
  if (item === undefined) return null;
  const allowed = (codes: readonly ContentStatus[]) => new Set(codes.map((status) => CONTENT_STATUSES.indexOf(status)));
  if (!allowed(query.itemStatuses).has(parts.statuses[item] as number)) return null;
  const visible = allowed(query.statuses);

  const scores = new Float64Array(parts.statuses.length);
  const touched: number[] = [];
  for (const { column, start, docs, score } of columns) {
    const { valueStart, values } = parts.facets[column] as IndexParts['facets'][number];
    for (let at = valueStart[item] as number; at < (valueStart[item + 1] as number); at += 1) {
      const value = values[at] as number;
      const add = score[value] as number;
      for (let p = start[value] as number; p < (start[value + 1] as number); p += 1) {
        const doc = docs[p] as number;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = (scores[doc] as number) + add;
      }
    }
  }
  // The best `limit` candidates, kept in order (limit ≤ 24: insertion beats sorting them all).
  const before = (a: number, b: number) =>
    (scores[b] as number) - (scores[a] as number) ||
    (names[a] as string).localeCompare(names[b] as string, 'en') ||
    ((ids[a] as string) < (ids[b] as string) ? -1 : 1);
  const best: number[] = [];
  for (const doc of touched) {
    if (doc === item || !visible.has(parts.statuses[doc] as number)) continue;
    if (best.length === query.limit && before(doc, best[best.length - 1] as number) >= 0) continue;
    if (descendsFrom(parentOf, item, doc) || descendsFrom(parentOf, doc, item)) continue;
    let at = best.length;
    while (at > 0 && before(doc, best[at - 1] as number) < 0) at -= 1;
    best.splice(at, 0, doc);
    if (best.length > query.limit) best.pop();
  }
  return best.map((doc) => summaryOf(parts.rows, doc));
}
