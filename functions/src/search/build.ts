import { LIMITS } from '#shared/limits';
import { FACETS } from './facets.ts';
import {
  type DocRow,
  type FacetColumn,
  type IndexParts,
  MAX_DOCUMENTS,
  type SortOrders,
  statusCode,
  storeRows,
  toDocRow,
} from './index-parts.ts';
import type { CatalogDocument, CatalogVersion } from './port.ts';
import { FIELD_COUNT, scorePostings, TF_CAP, tfUnit } from './scoring.ts';
import { cutAtWord, tokenize } from './text.ts';

function fieldTexts(document: CatalogDocument): string[] {
  return [document.name, document.tags.join(' '), document.searchTags.join(' '), document.summary];
}

/** A growable Int32 column, so the build does not keep millions of boxed numbers. */
class IntColumn {
  data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length] = value;
    this.length += 1;
  }
}

/**
 * Numbers, tokenises and scores (`scorePostings`, BM25F) `documents` into the parts
 * of an index (see {@link IndexParts}).
 * @throws Error when two documents share an id, a status is unknown, a timestamp
 *   does not parse, or there are more than {@link MAX_DOCUMENTS} documents.
 */
export function buildIndexParts(documents: readonly CatalogDocument[], version: CatalogVersion): IndexParts {
  if (documents.length > MAX_DOCUMENTS) {
    throw new Error(`A catalog index holds at most ${MAX_DOCUMENTS} documents, not ${documents.length}.`);
  }
  const ordered = numberDocuments(documents);
  const count = ordered.length;

  const statuses = new Uint8Array(count);
  const modified = new Float64Array(count);
  const rows: DocRow[] = [];
  for (let doc = 0; doc < count; doc += 1) {
    const document = ordered[doc] as CatalogDocument;
    statuses[doc] = statusCode(document.status);
    modified[doc] = Date.parse(document.modifiedTimestamp);
    rows.push(toDocRow(hitSummary(document)));
  }

  const postings = buildPostings(ordered);
  const facets = FACETS.map((facet) => buildFacetColumn(ordered, facet.valuesOf, facet.keyOf));
  return { version, ...postings, statuses, modified, facets, orders: buildOrders(ordered), rows: storeRows(rows) };
}

const byId = (left: CatalogDocument, right: CatalogDocument) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);
const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The stored orders of decision record 052 over the numbered documents: newest
 * (`createdTimestamp` desc), name (A to Z, case- and accent-insensitive, numbers by
 * value), downloads (desc), rating (average desc, then count desc, unrated last;
 * issue 26 item 3); ties by id.
 */
function buildOrders(documents: readonly CatalogDocument[]): SortOrders {
  const created = documents.map((document) => {
    const time = Date.parse(document.createdTimestamp);
    return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
  });
  const order = (compare: (a: number, b: number) => number) => {
    const docs = documents.map((_, doc) => doc);
    docs.sort((a, b) => compare(a, b) || byId(documents[a] as CatalogDocument, documents[b] as CatalogDocument));
    return Int32Array.from(docs);
  };
  const downloads = (doc: number) => Math.max(0, (documents[doc] as CatalogDocument).downloads ?? 0);
  const ratingCount = (doc: number) => Math.max(0, (documents[doc] as CatalogDocument).ratingTotals?.count ?? 0);
  // Unrated items sort after every rated one (averages are 1–5).
  const averageOf = (doc: number) => {
    const totals = (documents[doc] as CatalogDocument).ratingTotals;
    return totals && totals.count > 0 ? totals.sum / totals.count : 0;
  };
  return {
    newest: order((a, b) => (created[b] as number) - (created[a] as number)),
    name: order((a, b) =>
      names.compare((documents[a] as CatalogDocument).name, (documents[b] as CatalogDocument).name),
    ),
    downloads: order((a, b) => downloads(b) - downloads(a)),
    rating: order((a, b) => averageOf(b) - averageOf(a) || ratingCount(b) - ratingCount(a)),
  };
}

function numberDocuments(documents: readonly CatalogDocument[]): CatalogDocument[] {
  const seen = new Set<string>();
  const keyed = documents.map((document) => {
    if (seen.has(document.id)) throw new Error(`Document id "${document.id}" appears twice in the catalog.`);
    seen.add(document.id);
    const time = Date.parse(document.modifiedTimestamp);
    if (Number.isNaN(time)) {
      throw new Error(`Document "${document.id}" has an invalid modifiedTimestamp "${document.modifiedTimestamp}".`);
    }
    return { document, time };
  });
  keyed.sort((a, b) => b.time - a.time || (a.document.id < b.document.id ? -1 : a.document.id > b.document.id ? 1 : 0));
  return keyed.map((entry) => entry.document);
}

/** The card fields of a document, `summary` cut for hits (`LIMITS.searchSummaryMaxChars`). */
function hitSummary(document: CatalogDocument) {
  return { ...document, summary: cutAtWord(document.summary, LIMITS.searchSummaryMaxChars) };
}

function buildPostings(
  documents: readonly CatalogDocument[],
): Pick<
  IndexParts,
  'terms' | 'postingStart' | 'postingDocs' | 'postingTf' | 'postingScores' | 'fieldLengths' | 'nameStart' | 'nameTerms'
> {
  const count = documents.length;
  const provisional = new Map<string, number>();
  const provisionalTerms: string[] = [];
  const postingTerm = new IntColumn();
  const postingDoc = new IntColumn();
  const postingPacked: number[] = [];
  const fieldLengths = new Int32Array(count * FIELD_COUNT);
  const frequencies = new Map<number, number>();
  const nameStart = new Int32Array(count + 1);
  const nameProvisional = new IntColumn();

  for (let doc = 0; doc < count; doc += 1) {
    const texts = fieldTexts(documents[doc] as CatalogDocument);
    frequencies.clear();
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const terms = tokenize(texts[field] as string);
      fieldLengths[doc * FIELD_COUNT + field] = terms.length;
      const unit = tfUnit(field);
      for (const term of terms) {
        let id = provisional.get(term);
        if (id === undefined) {
          id = provisionalTerms.length;
          provisional.set(term, id);
          provisionalTerms.push(term);
        }
        if (field === 0) nameProvisional.push(id);
        const packed = frequencies.get(id) ?? 0;
        if (Math.floor(packed / unit) % 256 < TF_CAP) frequencies.set(id, packed + unit);
      }
    }
    nameStart[doc + 1] = nameProvisional.length;
    for (const [id, packed] of frequencies) {
      postingTerm.push(id);
      postingDoc.push(doc);
      postingPacked.push(packed);
    }
  }

  // Final ids follow the sorted vocabulary, so prefixes are contiguous ranges.
  const order = provisionalTerms.map((_, id) => id);
  order.sort((a, b) => {
    const left = provisionalTerms[a] as string;
    const right = provisionalTerms[b] as string;
    return left < right ? -1 : left > right ? 1 : 0;
  });
  const finalId = new Int32Array(provisionalTerms.length);
  order.forEach((id, position) => {
    finalId[id] = position;
  });
  const terms = order.map((id) => provisionalTerms[id] as string);

  const postingCount = postingTerm.length;
  const postingStart = new Int32Array(terms.length + 1);
  for (let i = 0; i < postingCount; i += 1) {
    const slot = (finalId[postingTerm.data[i] as number] as number) + 1;
    postingStart[slot] = (postingStart[slot] as number) + 1;
  }
  for (let t = 0; t < terms.length; t += 1)
    postingStart[t + 1] = (postingStart[t + 1] as number) + (postingStart[t] as number);

  // Postings were made in document order, so each term's list comes out ascending.
  const cursor = postingStart.slice(0, terms.length);
  const postingDocs = new Int32Array(postingCount);
  const postingTf = new Uint32Array(postingCount);
  for (let i = 0; i < postingCount; i += 1) {
    const term = finalId[postingTerm.data[i] as number] as number;
    const at = cursor[term] as number;
    cursor[term] = at + 1;
    postingDocs[at] = postingDoc.data[i] as number;
    postingTf[at] = postingPacked[i] as number;
  }
  const postingScores = scorePostings(postingStart, postingDocs, postingTf, fieldLengths);
  const nameTerms = new Int32Array(nameProvisional.length);
  for (let i = 0; i < nameTerms.length; i += 1) nameTerms[i] = finalId[nameProvisional.data[i] as number] as number;
  return { terms, postingStart, postingDocs, postingTf, postingScores, fieldLengths, nameStart, nameTerms };
}

function buildFacetColumn(
  documents: readonly CatalogDocument[],
  valuesOf: (document: CatalogDocument) => readonly string[],
  keyOf: (value: string) => string,
): FacetColumn {
  const provisional = new Map<string, number>();
  const provisionalLabels: string[] = [];
  const perDoc: number[][] = [];
  for (const document of documents) {
    const ids: number[] = [];
    for (const value of valuesOf(document)) {
      const key = keyOf(value);
      let id = provisional.get(key);
      if (id === undefined) {
        id = provisionalLabels.length;
        provisional.set(key, id);
        provisionalLabels.push(value);
      }
      if (!ids.includes(id)) ids.push(id);
    }
    perDoc.push(ids);
  }
  const order = provisionalLabels.map((_, id) => id);
  order.sort((a, b) => {
    const left = provisionalLabels[a] as string;
    const right = provisionalLabels[b] as string;
    return left < right ? -1 : left > right ? 1 : a - b;
  });
  const finalId = new Int32Array(provisionalLabels.length);
  order.forEach((id, position) => {
    finalId[id] = position;
  });
  const valueStart = new Int32Array(documents.length + 1);
  perDoc.forEach((ids, doc) => {
    valueStart[doc + 1] = (valueStart[doc] as number) + ids.length;
  });
  const values = new Int32Array(valueStart[documents.length] as number);
  let at = 0;
  for (const ids of perDoc) {
    for (const id of ids) {
      values[at] = finalId[id] as number;
      at += 1;
    }
  }
  return { labels: order.map((id) => provisionalLabels[id] as string), valueStart, values };
}
