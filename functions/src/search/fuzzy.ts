/**
 * Typo tolerance of courseware search (decision record 014): how far a query word
 * may be from an indexed term, and a cheap filter that rules most terms out before
 * the distance is computed.
 */

/**
 * Edits a query word of `length` characters may be away from a term it matches:
 * none below 4 characters, 1 for 4 to 7, 2 for 8 or more (decision record 014).
 */
export function maxEditsFor(length: number): 0 | 1 | 2 {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

// Rows of the distance table, grown on demand and reused: the index is single-threaded.
let previous2 = new Int32Array(64);
let previous = new Int32Array(64);
let current = new Int32Array(64);

/**
 * The Damerau-Levenshtein distance of `a` and `b` in its optimal-string-alignment
 * form: insertions, deletions, substitutions and transpositions of two adjacent
 * characters each count 1 ("sql" → "slq" is 1). Compares UTF-16 code units. Stops
 * early once the distance must exceed `max`, and then returns `max + 1`, so the
 * result is exact only up to `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0 || m === 0) return Math.min(Math.max(n, m), max + 1);
  if (previous.length <= m) {
    previous2 = new Int32Array(m + 1);
    previous = new Int32Array(m + 1);
    current = new Int32Array(m + 1);
  }
  for (let j = 0; j <= m; j += 1) previous[j] = j;
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j += 1) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let best = (previous[j - 1] as number) + cost;
      const deletion = (previous[j] as number) + 1;
      if (deletion < best) best = deletion;
      const insertion = (current[j - 1] as number) + 1;
      if (insertion < best) best = insertion;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const transposition = (previous2[j - 2] as number) + 1;
        if (transposition < best) best = transposition;
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return max + 1;
    const spare = previous2;
    previous2 = previous;
    previous = current;
    current = spare;
  }
  const distance = previous[m] as number;
  return distance > max ? max + 1 : distance;
}

/**
 * A 32-bit set of the characters of `term`: a–z on bits 0–25, digits folded onto
 * bits 26–30, anything else on bit 31. One edit changes at most two bits (a
 * substitution drops one character and adds another; a transposition changes
 * none), so two terms within `k` edits differ in at most `2k` bits — a necessary
 * condition that rules most of the vocabulary out before {@link editDistance}.
 */
export function characterMask(term: string): number {
  let mask = 0;
  for (let i = 0; i < term.length; i += 1) {
    const code = term.charCodeAt(i);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) mask |= 1 << (26 + ((code - 48) % 5));
    else mask |= 1 << 31;
  }
  return mask;
}

/** Number of set bits of a 32-bit integer. */
export function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
