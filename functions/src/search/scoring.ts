/**
 * BM25F scoring of the index (decision record 014). The build and a snapshot load
 * both derive every posting's score here from the same integers (term frequencies
 * per field, field lengths, document count), so a loaded index scores exactly as
 * the one that was built.
 */

/**
 * The searched fields in the order of the packed term frequencies, with their BM25F
 * parameters: `weight` multiplies a term's frequency in the field, `b` is how much a
 * long field is discounted against the field's average length.
 */
export const FIELDS = [
  { name: 'name', weight: 5, b: 0.5 },
  { name: 'tags', weight: 3, b: 0.3 },
  { name: 'searchTags', weight: 3, b: 0.3 },
  { name: 'summary', weight: 1, b: 0.75 },
] as const;

/** Number of searched fields. */
export const FIELD_COUNT = FIELDS.length;

/** BM25 term-frequency saturation. */
export const K1 = 1.2;

/** A term's frequency in one field is counted up to this (8 bits per field in the packed form). */
export const TF_CAP = 255;

/** The packed frequency of one more occurrence in `field` (frequencies are 8 bits each, field 0 lowest). */
export function tfUnit(field: number): number {
  return 2 ** (8 * field);
}

/**
 * The score of every posting: `idf × tf~ (K1 + 1) / (K1 + tf~)` where `tf~` sums,
 * over fields, `weight × tf / (1 − b + b × length / average length)` and
 * `idf = ln(1 + (n − df + 0.5) / (df + 0.5))` over all `n` documents.
 * @param postingStart postings of term t at [postingStart[t], postingStart[t + 1]).
 * @param postingDocs document number per posting.
 * @param postingTf packed per-field frequencies per posting.
 * @param fieldLengths terms per field per document, `FIELD_COUNT` per document.
 * @returns a Float32Array with one score per posting, each > 0 when its frequency is.
 */
export function scorePostings(
  postingStart: Int32Array,
  postingDocs: Int32Array,
  postingTf: Uint32Array,
  fieldLengths: Int32Array,
): Float32Array {
  const documents = fieldLengths.length / FIELD_COUNT;
  const totals = new Float64Array(FIELD_COUNT);
  for (let i = 0; i < fieldLengths.length; i += 1) {
    const field = i % FIELD_COUNT;
    totals[field] = (totals[field] as number) + (fieldLengths[i] as number);
  }
  const averages = Array.from(totals, (total) => (documents === 0 ? 1 : Math.max(total / documents, 1)));
  // The length normalisation of every document and field, once.
  const norms = new Float64Array(fieldLengths.length);
  for (let i = 0; i < fieldLengths.length; i += 1) {
    const field = i % FIELD_COUNT;
    const { b } = FIELDS[field] as (typeof FIELDS)[number];
    norms[i] = 1 - b + (b * (fieldLengths[i] as number)) / (averages[field] as number);
  }
  const weights = FIELDS.map((field) => field.weight);
  const scores = new Float32Array(postingDocs.length);
  for (let term = 0; term + 1 < postingStart.length; term += 1) {
    const from = postingStart[term] as number;
    const to = postingStart[term + 1] as number;
    const df = to - from;
    const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
    for (let p = from; p < to; p += 1) {
      const base = (postingDocs[p] as number) * FIELD_COUNT;
      let packed = postingTf[p] as number;
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT && packed > 0; field += 1) {
        const tf = packed & 255;
        packed >>>= 8;
        if (tf !== 0) weighted += ((weights[field] as number) * tf) / (norms[base + field] as number);
      }
      scores[p] = (idf * (weighted * (K1 + 1))) / (K1 + weighted);
    }
  }
  return scores;
}
