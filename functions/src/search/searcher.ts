import type { ContentSummary } from '#shared/contracts/content';
import type { FacetCount, SearchFacets, SearchSort } from '#shared/contracts/search';
import { CONTENT_STATUSES, type ContentStatus } from '#shared/enums';
import { FACETS } from './facets.ts';
import { type IndexParts, STORED_ORDERS, type StoredOrder, summaryOf } from './index-parts.ts';
import type { CatalogIndex, CatalogVersion, SearchQuery, SearchResult } from './port.ts';
import { MAX_QUERY_WORDS, queryWords, tokenize } from './text.ts';
import { type Expansion, Vocabulary } from './vocabulary.ts';

// Sort keys pack a 32-bit score or count above a 21-bit document or value number.
const LOW_BITS = 2 ** 21;
const LOW_MAX = LOW_BITS - 1;
// Below this many hits per wanted hit, sorting them all beats selecting the top ones.
const SELECT_RATIO = 8;

/**
 * Added to the score of a hit whose name is exactly the query (same terms, same
 * order; decision record 052): far above any BM25F score of up to 32 words, so an
 * exact name ranks above every partial match.
 */
export const EXACT_NAME_BOOST = 20_000;
/**
 * Added to the score of a hit whose name holds the query's terms (two or more)
 * consecutively, in order (an exact phrase; decision record 052).
 */
export const EXACT_PHRASE_BOOST = 10_000;
/**
 * Added to the score of a text hit per statement of the work-role filter it covers
 * (decision record 079): far above the text's own score, so with a role chosen the
 * items covering more of its statements rank first and text orders those that tie.
 */
export const WORK_ROLE_STATEMENT_BOOST = 100_000;

/**
 * A {@link CatalogIndex} over prebuilt {@link IndexParts}, answering in memory with
 * the semantics of decision record 014 (summarised in `in-memory-index.ts`).
 * Searches reuse scratch arrays, so one instance must not serve two searches at
 * once (a Lambda handler, being single-threaded, never does).
 */
export class InMemoryCatalogIndex implements CatalogIndex {
  readonly version: CatalogVersion;
  readonly size: number;
  private readonly vocabulary: Vocabulary;
  private readonly lookups: Map<string, number>[];
  private readonly selected: Uint8Array[];
  private readonly counts: Int32Array[];
  private readonly scores: Float32Array;
  private readonly wordScores: Float32Array;
  private readonly matched: Uint8Array;
  private readonly touched: Int32Array;
  private readonly wordTouched: Int32Array;
  private readonly hits: Int32Array;
  private readonly misses: Int32Array;
  private readonly missFacets: Int8Array;
  private readonly keys: Float64Array;
  /** Per stored order, the position of each document in it (the inverse of `parts.orders`). */
  private readonly ranks: Readonly<Record<StoredOrder, Int32Array>>;
  private readonly facetKeys: Float64Array;
  /**
   * Per facet, the values of its twin column (ksaIds ↔ tksIds) the crosswalk adds to
   * its filter (issue 27 item 5), or null for a facet without a twin column.
   */
  private readonly twinSelected: (Uint8Array | null)[];
  private readonly twinFacet: number[];
  /** Per document, how many statements of the search's work-role filter it is mapped to. */
  private readonly roleCounts: Int32Array;
  private readonly bits = new Uint32Array(1);
  private readonly bitsAsFloat = new Float32Array(this.bits.buffer);

  /** @throws Error when a list filter has more than 2,097,151 distinct values. */
  constructor(private readonly parts: IndexParts) {
    this.version = parts.version;
    const size = parts.statuses.length;
    this.size = size;
    const { postingStart } = parts;
    this.vocabulary = new Vocabulary(
      parts.terms,
      (termId) => (postingStart[termId + 1] as number) - (postingStart[termId] as number),
    );
    this.lookups = parts.facets.map((column, i) => {
      const keyOf = (FACETS[i] as (typeof FACETS)[number]).keyOf;
      return new Map(column.labels.map((label, id) => [keyOf(label), id]));
    });
    this.selected = parts.facets.map((column) => new Uint8Array(column.labels.length));
    this.counts = parts.facets.map((column) => new Int32Array(column.labels.length));
    this.scores = new Float32Array(size);
    this.wordScores = new Float32Array(size);
    this.matched = new Uint8Array(size);
    this.touched = new Int32Array(size);
    this.wordTouched = new Int32Array(size);
    this.hits = new Int32Array(size);
    this.misses = new Int32Array(size);
    this.missFacets = new Int8Array(size);
    this.keys = new Float64Array(size);
    this.roleCounts = new Int32Array(size);
    const ksaFacet = FACETS.findIndex((facet) => facet.name === 'ksaIds');
    const tksFacet = FACETS.findIndex((facet) => facet.name === 'tksIds');
    this.twinFacet = FACETS.map((_, i) => (i === ksaFacet ? tksFacet : i === tksFacet ? ksaFacet : -1));
    this.twinSelected = this.twinFacet.map((twin) =>
      twin < 0 ? null : new Uint8Array(parts.facets[twin]?.labels.length ?? 0),
    );
    const ranks = {} as Record<StoredOrder, Int32Array>;
    for (const order of STORED_ORDERS) {
      const docs = parts.orders[order];
      const rank = new Int32Array(size);
      for (let position = 0; position < docs.length; position += 1) rank[docs[position] as number] = position;
      ranks[order] = rank;
    }
    this.ranks = ranks;
    const mostValues = Math.max(0, ...parts.facets.map((column) => column.labels.length));
    if (mostValues > LOW_MAX)
      throw new Error(`A list filter of the index has ${mostValues} values; at most ${LOW_MAX}.`);
    this.facetKeys = new Float64Array(mostValues);
  }

  /** The parts this index answers from (read-only; for writing a snapshot). */
  snapshotParts(): IndexParts {
    return this.parts;
  }

  /**
   * One page of hits, the total and the facet counts of `query` (decision record
   * 014), in the order of `query.sort` (decision record 052). `offset` and `limit`
   * are floored and clamped at 0.
   * @throws Error when `query.newOrUpdatedSince` is not an ISO instant.
   */
  search(query: SearchQuery): SearchResult {
    const cutoff = Date.parse(query.newOrUpdatedSince);
    if (Number.isNaN(cutoff)) throw new Error(`newOrUpdatedSince "${query.newOrUpdatedSince}" is not an ISO instant.`);
    const allowed = statusMask(query.statuses);
    const offset = Math.max(0, Math.floor(query.offset));
    const limit = Math.max(0, Math.floor(query.limit));
    const active = this.selectFilters(query);
    let touchedCount = 0;
    const role = query.workRoleStatements !== undefined;
    try {
      if (query.workRoleStatements) this.countRoleStatements(query.workRoleStatements);
      const words = queryWords(query.text);
      const newOnly = query.filter.newOrUpdatedContent;
      const sort = orderOf(words.length > 0 || role, query.sort);
      let outcome: Outcome;
      if (words.length === 0) {
        // Classifying in the order wanted leaves the hits in that order.
        const candidates = sort === 'updated' || sort === 'relevance' ? null : this.parts.orders[sort];
        outcome = this.classify(candidates, this.size, 0, allowed, active, newOnly, cutoff, role);
      } else {
        touchedCount = this.matchText(words.map((word) => this.vocabulary.expand(word)));
        const needed = this.someDocumentMatchesAll(touchedCount, words.length, allowed) ? words.length : 1;
        outcome = this.classify(this.touched, touchedCount, needed, allowed, active, newOnly, cutoff, role);
      }
      // Facets read every hit, so they are counted before ordering rewrites the first ones.
      const facets = this.facetCounts(outcome);
      const end = Math.min(outcome.hitCount, offset + limit);
      if (words.length > 0) {
        if (sort === 'relevance') {
          this.boostExactMatches(outcome.hitCount, query.text);
          if (role) this.boostRoleCoverage(outcome.hitCount);
          this.orderByScore(outcome.hitCount, end);
        } else {
          this.orderByRank(outcome.hitCount, end, sort);
        }
      } else if (role && sort === 'relevance') {
        // Most statements of the role covered first; ties most recently modified first.
        const { roleCounts } = this;
        this.orderByKey(
          outcome.hitCount,
          end,
          (doc) => (roleCounts[doc] as number) * LOW_BITS + (LOW_MAX - doc),
          (key) => LOW_MAX - (key % LOW_BITS),
        );
      }
      const items: ContentSummary[] = [];
      for (let i = offset; i < end; i += 1) items.push(summaryOf(this.parts.rows, this.hits[i] as number));
      return { items, total: outcome.hitCount, facets };
    } finally {
      this.reset(active, touchedCount);
      if (role) this.roleCounts.fill(0);
    }
  }

  /**
   * Counts, per document, the statements of the work-role filter it is mapped to
   * (in the facet column the role's generation maps under) into `roleCounts`.
   */
  private countRoleStatements(role: NonNullable<SearchQuery['workRoleStatements']>): void {
    const facet = FACETS.findIndex((definition) => definition.name === role.facet);
    const column = this.parts.facets[facet];
    if (!column) return;
    const lookup = this.lookups[facet] as Map<string, number>;
    const wanted = new Uint8Array(column.labels.length);
    for (const id of role.ids) {
      const value = lookup.get(id);
      if (value !== undefined) wanted[value] = 1;
    }
    const { roleCounts } = this;
    const { valueStart, values } = column;
    for (let doc = 0; doc < this.size; doc += 1) {
      let count = 0;
      const end = valueStart[doc + 1] as number;
      for (let v = valueStart[doc] as number; v < end; v += 1) if (wanted[values[v] as number] === 1) count += 1;
      roleCounts[doc] = count;
    }
  }

  /**
   * True when the document is mapped, in the twin column of `facet`, to a value the
   * crosswalk added to `facet`'s filter (a KSA filter's TKS twins and back).
   */
  private matchesTwin(facet: number, doc: number): boolean {
    const twinSelected = this.twinSelected[facet];
    const twin = this.twinFacet[facet] as number;
    if (!twinSelected || twin < 0) return false;
    const column = this.parts.facets[twin];
    if (!column) return false;
    const end = column.valueStart[doc + 1] as number;
    for (let v = column.valueStart[doc] as number; v < end; v += 1) {
      if (twinSelected[column.values[v] as number] === 1) return true;
    }
    return false;
  }

  /** Adds {@link WORK_ROLE_STATEMENT_BOOST} per covered statement of the work role to each hit's score. */
  private boostRoleCoverage(hitCount: number): void {
    const { hits, scores, roleCounts } = this;
    for (let i = 0; i < hitCount; i += 1) {
      const doc = hits[i] as number;
      scores[doc] = (scores[doc] as number) + (roleCounts[doc] as number) * WORK_ROLE_STATEMENT_BOOST;
    }
  }

  /** Marks the chosen values of every list filter; returns the facets whose filter is on. */
  private selectFilters(query: SearchQuery): number[] {
    const active: number[] = [];
    const filter = query.filter as unknown as Record<string, readonly string[] | undefined>;
    FACETS.forEach((facet, i) => {
      const chosen = filter[facet.name];
      if (!chosen || chosen.length === 0) return;
      active.push(i);
      const lookup = this.lookups[i] as Map<string, number>;
      const selected = this.selected[i] as Uint8Array;
      for (const value of chosen) {
        const id = lookup.get(facet.keyOf(value));
        if (id !== undefined) selected[id] = 1;
      }
      const twins = query.knowledgeTwins?.[facet.name as keyof NonNullable<SearchQuery['knowledgeTwins']>];
      const twinSelected = this.twinSelected[i];
      const twinLookup = this.lookups[this.twinFacet[i] as number];
      if (twins && twinSelected && twinLookup) {
        for (const value of twins) {
          const id = twinLookup.get(value);
          if (id !== undefined) twinSelected[id] = 1;
        }
      }
    });
    return active;
  }

  /**
   * Scores every document that matches at least one word into `scores`, counting the
   * words it matched in `matched`; a word's score in a document is the best of its
   * expansions (so "attack" and "attacks" do not add up). Returns how many documents
   * were touched (listed in `touched`).
   */
  private matchText(expansions: readonly Expansion[]): number {
    const { postingStart, postingDocs, postingScores } = this.parts;
    const { scores, wordScores, matched, touched, wordTouched } = this;
    let touchedCount = 0;
    for (const expansion of expansions) {
      let wordCount = 0;
      for (let e = 0; e < expansion.termIds.length; e += 1) {
        const term = expansion.termIds[e] as number;
        const factor = expansion.factors[e] as number;
        const end = postingStart[term + 1] as number;
        for (let p = postingStart[term] as number; p < end; p += 1) {
          const doc = postingDocs[p] as number;
          const score = (postingScores[p] as number) * factor;
          const before = wordScores[doc] as number;
          if (before === 0) {
            wordTouched[wordCount] = doc;
            wordCount += 1;
            wordScores[doc] = score;
          } else if (score > before) {
            wordScores[doc] = score;
          }
        }
      }
      for (let i = 0; i < wordCount; i += 1) {
        const doc = wordTouched[i] as number;
        if (matched[doc] === 0) {
          touched[touchedCount] = doc;
          touchedCount += 1;
        }
        matched[doc] = (matched[doc] as number) + 1;
        scores[doc] = (scores[doc] as number) + (wordScores[doc] as number);
        wordScores[doc] = 0;
      }
    }
    return touchedCount;
  }

  /** True when a document of an allowed status matches every word (else the search falls back to any word). */
  private someDocumentMatchesAll(touchedCount: number, wordCount: number, allowed: number): boolean {
    if (wordCount < 2) return true;
    const { touched, matched } = this;
    const { statuses } = this.parts;
    for (let i = 0; i < touchedCount; i += 1) {
      const doc = touched[i] as number;
      if (matched[doc] === wordCount && (allowed & (1 << (statuses[doc] as number))) !== 0) return true;
    }
    return false;
  }

  /**
   * Sorts the candidates (every document when `candidates` is null, in document
   * order) into hits (statuses and every filter pass) and near misses (exactly one
   * list filter fails: they count in that filter's facet only). With `role`, only
   * documents mapped to a statement of the work-role filter are considered.
   */
  private classify(
    candidates: Int32Array | null,
    candidateCount: number,
    needed: number,
    allowed: number,
    active: readonly number[],
    newOnly: boolean,
    cutoff: number,
    role = false,
  ): Outcome {
    const { statuses, modified, facets } = this.parts;
    const { hits, misses, missFacets, matched, selected } = this;
    let hitCount = 0;
    let newCount = 0;
    let missCount = 0;
    for (let i = 0; i < candidateCount; i += 1) {
      const doc = candidates === null ? i : (candidates[i] as number);
      if (candidates !== null && (matched[doc] as number) < needed) continue;
      if ((allowed & (1 << (statuses[doc] as number))) === 0) continue;
      // The work-role filter is a condition, not a facet list: an item outside it is no near miss either.
      if (role && this.roleCounts[doc] === 0) continue;
      const isNew = (modified[doc] as number) >= cutoff;
      // A document that is not new fails the "new or updated" filter, which has no facet list.
      let failures = newOnly && !isNew ? 1 : 0;
      let failed = -1;
      for (let a = 0; a < active.length && failures < 2; a += 1) {
        const facet = active[a] as number;
        const column = facets[facet] as IndexParts['facets'][number];
        const chosen = selected[facet] as Uint8Array;
        let found = false;
        const end = column.valueStart[doc + 1] as number;
        for (let v = column.valueStart[doc] as number; v < end; v += 1) {
          if (chosen[column.values[v] as number] === 1) {
            found = true;
            break;
          }
        }
        if (!found) found = this.matchesTwin(facet, doc);
        if (!found) {
          failures += 1;
          failed = facet;
        }
      }
      if (failures === 0) {
        hits[hitCount] = doc;
        hitCount += 1;
        if (isNew) newCount += 1;
      } else if (failures === 1 && failed >= 0) {
        misses[missCount] = doc;
        missFacets[missCount] = failed;
        missCount += 1;
      }
    }
    return { hitCount, newCount, missCount };
  }

  /**
   * Puts the `wanted` best hits first: score desc, then document number (most
   * recently modified, then id). The rest of `hits` is left inconsistent.
   */
  private orderByScore(hitCount: number, wanted: number): void {
    const { scores, bits, bitsAsFloat } = this;
    const keyOf = (doc: number) => {
      bitsAsFloat[0] = scores[doc] as number;
      return (bits[0] as number) * LOW_BITS + (LOW_MAX - doc);
    };
    this.orderByKey(hitCount, wanted, keyOf, (key) => LOW_MAX - (key % LOW_BITS));
  }

  /**
   * Puts the `wanted` first hits of a stored order (or of document order for
   * `updated`) first, in that order (decision record 052). The rest of `hits` is
   * left inconsistent.
   */
  private orderByRank(hitCount: number, wanted: number, sort: Exclude<SearchSort, 'relevance'>): void {
    if (sort === 'updated') {
      this.orderByKey(
        hitCount,
        wanted,
        (doc) => LOW_MAX - doc,
        (key) => LOW_MAX - key,
      );
      return;
    }
    const rank = this.ranks[sort];
    const order = this.parts.orders[sort];
    this.orderByKey(
      hitCount,
      wanted,
      (doc) => LOW_MAX - (rank[doc] as number),
      (key) => order[LOW_MAX - key] as number,
    );
  }

  /**
   * Puts the `wanted` hits of largest key first, largest first; `keyOf` must give
   * every document a distinct key and `docOf` must invert it.
   */
  private orderByKey(
    hitCount: number,
    wanted: number,
    keyOf: (doc: number) => number,
    docOf: (key: number) => number,
  ): void {
    if (wanted === 0) return;
    const { keys, hits } = this;
    let kept = hitCount;
    if (hitCount > wanted * SELECT_RATIO) {
      // A min-heap of the `wanted` largest keys.
      kept = 0;
      for (let i = 0; i < hitCount; i += 1) {
        const key = keyOf(hits[i] as number);
        if (kept < wanted) {
          let at = kept;
          kept += 1;
          while (at > 0) {
            const parent = (at - 1) >> 1;
            if ((keys[parent] as number) <= key) break;
            keys[at] = keys[parent] as number;
            at = parent;
          }
          keys[at] = key;
        } else if (key > (keys[0] as number)) {
          let at = 0;
          for (;;) {
            let child = 2 * at + 1;
            if (child >= kept) break;
            if (child + 1 < kept && (keys[child + 1] as number) < (keys[child] as number)) child += 1;
            if ((keys[child] as number) >= key) break;
            keys[at] = keys[child] as number;
            at = child;
          }
          keys[at] = key;
        }
      }
    } else {
      for (let i = 0; i < hitCount; i += 1) keys[i] = keyOf(hits[i] as number);
    }
    const sorted = keys.subarray(0, kept).sort();
    for (let i = 0; i < wanted; i += 1) hits[i] = docOf(sorted[kept - 1 - i] as number);
  }

  /**
   * Raises the score of each hit whose name is exactly the query's terms
   * ({@link EXACT_NAME_BOOST}) or holds them consecutively, two or more
   * ({@link EXACT_PHRASE_BOOST}); terms compare as the index stores them
   * (`tokenize`: case and accents folded), stop words included (decision record 052).
   */
  private boostExactMatches(hitCount: number, text: string): void {
    const terms = tokenize(text);
    if (terms.length === 0 || terms.length > MAX_QUERY_WORDS) return;
    const phrase = new Int32Array(terms.length);
    for (let i = 0; i < terms.length; i += 1) {
      const id = this.vocabulary.find(terms[i] as string);
      if (id < 0) return;
      phrase[i] = id;
    }
    const { hits, scores } = this;
    const { nameStart, nameTerms } = this.parts;
    const length = phrase.length;
    for (let i = 0; i < hitCount; i += 1) {
      const doc = hits[i] as number;
      const from = nameStart[doc] as number;
      const to = nameStart[doc + 1] as number;
      if (to - from < length) continue;
      if (to - from === length) {
        let same = true;
        for (let t = 0; t < length && same; t += 1) same = nameTerms[from + t] === phrase[t];
        if (same) {
          scores[doc] = (scores[doc] as number) + EXACT_NAME_BOOST;
          continue;
        }
      }
      if (length < 2) continue;
      for (let start = from; start + length <= to; start += 1) {
        let same = true;
        for (let t = 0; t < length && same; t += 1) same = nameTerms[start + t] === phrase[t];
        if (same) {
          scores[doc] = (scores[doc] as number) + EXACT_PHRASE_BOOST;
          break;
        }
      }
    }
  }

  /** Counts facet values over the hits (every facet) and near misses (their one facet), then lists them. */
  private facetCounts({ hitCount, newCount, missCount }: Outcome): SearchFacets {
    const { hits, misses, missFacets, facetKeys } = this;
    const facets: Record<string, FacetCount[] | number> = { newOrUpdatedContent: newCount };
    this.parts.facets.forEach((column, facet) => {
      const counts = this.counts[facet] as Int32Array;
      const { valueStart, values, labels } = column;
      for (let i = 0; i < hitCount; i += 1) {
        const doc = hits[i] as number;
        const end = valueStart[doc + 1] as number;
        for (let v = valueStart[doc] as number; v < end; v += 1) {
          const value = values[v] as number;
          counts[value] = (counts[value] as number) + 1;
        }
      }
      for (let i = 0; i < missCount; i += 1) {
        if (missFacets[i] !== facet) continue;
        const doc = misses[i] as number;
        const end = valueStart[doc + 1] as number;
        for (let v = valueStart[doc] as number; v < end; v += 1) {
          const value = values[v] as number;
          counts[value] = (counts[value] as number) + 1;
        }
      }
      let listed = 0;
      for (let value = 0; value < counts.length; value += 1) {
        const count = counts[value] as number;
        if (count === 0) continue;
        facetKeys[listed] = count * LOW_BITS + (LOW_MAX - value);
        listed += 1;
      }
      const sorted = facetKeys.subarray(0, listed).sort();
      const list: FacetCount[] = [];
      for (let i = listed - 1; i >= 0; i -= 1) {
        const key = sorted[i] as number;
        list.push({ value: labels[LOW_MAX - (key % LOW_BITS)] as string, count: Math.floor(key / LOW_BITS) });
      }
      facets[(FACETS[facet] as (typeof FACETS)[number]).name] = list;
    });
    return facets as unknown as SearchFacets;
  }

  /** Leaves the scratch arrays zeroed for the next search (also after an error). */
  private reset(active: readonly number[], touchedCount: number): void {
    for (let i = 0; i < touchedCount; i += 1) {
      const doc = this.touched[i] as number;
      this.scores[doc] = 0;
      this.matched[doc] = 0;
    }
    for (const counts of this.counts) counts.fill(0);
    for (const facet of active) {
      (this.selected[facet] as Uint8Array).fill(0);
      this.twinSelected[facet]?.fill(0);
    }
  }
}

/** What {@link InMemoryCatalogIndex.classify} found: hits in `hits`, near misses in `misses`/`missFacets`. */
interface Outcome {
  readonly hitCount: number;
  readonly newCount: number;
  readonly missCount: number;
}

/** The order of a search: `sort`, or its default; `relevance` needs text (decision record 052). */
function orderOf(hasText: boolean, sort: SearchSort | undefined): SearchSort {
  if (!hasText) return sort === undefined || sort === 'relevance' ? 'updated' : sort;
  return sort ?? 'relevance';
}

function statusMask(statuses: readonly ContentStatus[]): number {
  let mask = 0;
  for (const status of statuses) {
    const code = CONTENT_STATUSES.indexOf(status);
    if (code >= 0) mask |= 1 << code;
  }
  return mask;
}
