import { bitCount, characterMask, editDistance, maxEditsFor } from './fuzzy.ts';
import { MAX_TERM_CHARS, type QueryWord } from './text.ts';

/** Score factor of a term that equals the query word. */
export const EXACT_FACTOR = 1;
/** Score factor of a longer term that starts with the last query word. */
export const PREFIX_FACTOR = 0.7;
/** Score factor of a term one edit away from the query word. */
export const ONE_EDIT_FACTOR = 0.5;
/** Score factor of a term two edits away from the query word. */
export const TWO_EDITS_FACTOR = 0.3;
/** The last query word matches as a prefix only from this many characters on. */
export const PREFIX_MIN_CHARS = 2;
/** A prefix expands to at most this many terms, the ones in the most documents. */
export const PREFIX_MAX_TERMS = 50;
/** Expansions remembered (least recently used are forgotten first). */
const MEMO_SIZE = 2048;

/**
 * The terms one query word matches, each with the factor its scores are multiplied
 * by (1 exact, lower for a prefix or a typo variant; the highest when a term
 * qualifies more than once). Parallel arrays of equal length.
 */
export interface Expansion {
  readonly termIds: Int32Array;
  readonly factors: Float32Array;
}

const EMPTY: Expansion = { termIds: new Int32Array(0), factors: new Float32Array(0) };

/**
 * The sorted vocabulary of an index, with what query-word expansion needs: term
 * lookup, prefix ranges, and buckets by length with character masks for typo
 * variants (decision record 014). Holds a small memo of expansions, so a repeated
 * query word costs a map lookup.
 */
export class Vocabulary {
  private readonly byLength: Int32Array[];
  private readonly masks: Int32Array;
  private readonly memo = new Map<string, Expansion>();

  /**
   * @param terms the index's terms in ascending code-unit order, without duplicates
   *   (term id = position).
   * @param documentFrequency number of documents that hold term `id`.
   */
  constructor(
    readonly terms: readonly string[],
    private readonly documentFrequency: (termId: number) => number,
  ) {
    this.masks = new Int32Array(terms.length);
    const counts = new Int32Array(MAX_TERM_CHARS + 1);
    for (let id = 0; id < terms.length; id += 1) {
      const term = terms[id] as string;
      this.masks[id] = characterMask(term);
      const length = Math.min(term.length, MAX_TERM_CHARS);
      counts[length] = (counts[length] as number) + 1;
    }
    this.byLength = Array.from(counts, (count) => new Int32Array(count));
    const filled = new Int32Array(MAX_TERM_CHARS + 1);
    for (let id = 0; id < terms.length; id += 1) {
      const length = Math.min((terms[id] as string).length, MAX_TERM_CHARS);
      (this.byLength[length] as Int32Array)[filled[length] as number] = id;
      filled[length] = (filled[length] as number) + 1;
    }
  }

  /** The id of `term`, or -1 when it is not in the vocabulary. */
  find(term: string): number {
    const at = this.lowerBound(term);
    return at < this.terms.length && this.terms[at] === term ? at : -1;
  }

  /**
   * The terms `word` matches: itself; for words of 4 or more characters its typo
   * variants ({@link maxEditsFor}); for a `prefix` word of at least
   * {@link PREFIX_MIN_CHARS} characters, the {@link PREFIX_MAX_TERMS} most frequent
   * longer terms that start with it. Empty when nothing matches.
   */
  expand(word: QueryWord): Expansion {
    const key = `${word.prefix ? 'p' : 'w'}:${word.term}`;
    const known = this.memo.get(key);
    if (known) {
      this.memo.delete(key);
      this.memo.set(key, known);
      return known;
    }
    const found = this.compute(word);
    this.memo.set(key, found);
    if (this.memo.size > MEMO_SIZE) this.memo.delete(this.memo.keys().next().value as string);
    return found;
  }

  private compute({ term, prefix }: QueryWord): Expansion {
    const factors = new Map<number, number>();
    const offer = (id: number, factor: number) => {
      if ((factors.get(id) ?? 0) < factor) factors.set(id, factor);
    };
    const exact = this.find(term);
    if (exact >= 0) offer(exact, EXACT_FACTOR);

    const edits = maxEditsFor(term.length);
    if (edits > 0) {
      const mask = characterMask(term);
      const bitLimit = 2 * edits;
      const from = Math.max(1, term.length - edits);
      const to = Math.min(MAX_TERM_CHARS, term.length + edits);
      for (let length = from; length <= to; length += 1) {
        const bucket = this.byLength[length] as Int32Array;
        for (let i = 0; i < bucket.length; i += 1) {
          const id = bucket[i] as number;
          if (id === exact || bitCount((this.masks[id] as number) ^ mask) > bitLimit) continue;
          const distance = editDistance(term, this.terms[id] as string, edits);
          if (distance > edits) continue;
          offer(id, distance === 1 ? ONE_EDIT_FACTOR : TWO_EDITS_FACTOR);
        }
      }
    }

    if (prefix && term.length >= PREFIX_MIN_CHARS) {
      const longer: number[] = [];
      for (let id = this.lowerBound(term); id < this.terms.length; id += 1) {
        const candidate = this.terms[id] as string;
        if (!candidate.startsWith(term)) break;
        if (id !== exact) longer.push(id);
      }
      if (longer.length > PREFIX_MAX_TERMS) {
        longer.sort((a, b) => this.documentFrequency(b) - this.documentFrequency(a) || a - b);
        longer.length = PREFIX_MAX_TERMS;
      }
      for (const id of longer) offer(id, PREFIX_FACTOR);
    }

    if (factors.size === 0) return EMPTY;
    const termIds = new Int32Array(factors.size);
    const values = new Float32Array(factors.size);
    let i = 0;
    for (const [id, factor] of factors) {
      termIds[i] = id;
      values[i] = factor;
      i += 1;
    }
    return { termIds, factors: values };
  }

  private lowerBound(term: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.terms[middle] as string) < term) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
