import { CONTENT_STATUSES } from '#shared/enums';
import { FACETS } from './facets.ts';
import { type FacetColumn, type IndexParts, MAX_DOCUMENTS, STORED_ORDERS, type StoredOrder } from './index-parts.ts';
import type { CatalogVersion } from './port.ts';
import { FIELD_COUNT, scorePostings } from './scoring.ts';

/**
 * The uncompressed snapshot of an index (the caller gzips it). Layout:
 *
 * | bytes | content |
 * |---|---|
 * | 4 | magic `CRSI` |
 * | 4 | format version, u32 little-endian ({@link SNAPSHOT_FORMAT_VERSION}) |
 * | 4 | byte length of the header, u32 little-endian |
 * | n | header, UTF-8 JSON: catalog version, counts, vocabulary (terms joined by `\n`), the table of packed term frequencies, the status list, facet labels, section lengths |
 * | … | sections, one after the other in header order |
 *
 * Integer sections are unsigned LEB128 varints, and monotone ones are stored as
 * differences (postings per term, value counts per document), so most numbers take
 * one byte before gzip. A posting stores the code of its packed per-field term
 * frequencies (codes by descending frequency of use); scores are recomputed from
 * them on load by the build's own `scorePostings`, which is faster to load and far
 * smaller than storing floats. The hit rows are UTF-8 JSON, kept as bytes.
 * Version 2 (decision record 052) adds the stored sort orders (`order.<name>`,
 * document numbers first to last) and each name as term ids (`nameCounts`,
 * `nameTerms`). Version 3 (issue 26 item 3) adds the `order.rating` section.
 */

/**
 * Version of the snapshot layout; a snapshot of another version is refused. Bump it
 * when the layout or the tokenisation of `text.ts` changes (an index must be
 * tokenised as its queries are); scoring changes need no bump, scores are
 * recomputed on load.
 */
export const SNAPSHOT_FORMAT_VERSION = 3;

const MAGIC = [0x43, 0x52, 0x53, 0x49]; // "CRSI"
const PREAMBLE_BYTES = 12;

interface Header {
  readonly version: CatalogVersion;
  readonly documents: number;
  readonly termCount: number;
  readonly terms: string;
  readonly postings: number;
  /** Term ids of all names together. */
  readonly nameTerms: number;
  readonly tfTable: readonly number[];
  /** `CONTENT_STATUSES` when the snapshot was made: stored statuses are positions in it. */
  readonly statuses: readonly string[];
  readonly facets: readonly { readonly name: string; readonly labels: readonly string[]; readonly values: number }[];
  /** The sections in the order they follow the header: [name, byte length]. */
  readonly sections: readonly (readonly [string, number])[];
}

/** A growable byte buffer with varint writing. */
class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  length = 0;

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + bytes) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  /** Writes an unsigned integer below 2^32 as a varint. */
  uint(value: number): void {
    this.room(5);
    let rest = value >>> 0;
    while (rest >= 0x80) {
      this.buffer[this.length] = (rest & 0x7f) | 0x80;
      this.length += 1;
      rest >>>= 7;
    }
    this.buffer[this.length] = rest;
    this.length += 1;
  }

  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  take(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** The snapshot bytes of `parts` (uncompressed). */
export function encodeSnapshot(parts: IndexParts): Uint8Array {
  const documents = parts.statuses.length;
  const sections: [string, Uint8Array][] = [];
  const section = (name: string, write: (writer: ByteWriter) => void) => {
    const writer = new ByteWriter();
    write(writer);
    sections.push([name, writer.take()]);
  };

  const uses = new Map<number, number>();
  for (const packed of parts.postingTf) uses.set(packed, (uses.get(packed) ?? 0) + 1);
  const tfTable = [...uses].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([packed]) => packed);
  const tfCode = new Map(tfTable.map((packed, code) => [packed, code]));

  section('postingDf', (w) => {
    for (let t = 0; t < parts.terms.length; t += 1) {
      w.uint((parts.postingStart[t + 1] as number) - (parts.postingStart[t] as number));
    }
  });
  section('postingDocs', (w) => {
    for (let t = 0; t < parts.terms.length; t += 1) {
      let last = 0;
      for (let p = parts.postingStart[t] as number; p < (parts.postingStart[t + 1] as number); p += 1) {
        const doc = parts.postingDocs[p] as number;
        w.uint(doc - last);
        last = doc;
      }
    }
  });
  section('postingTf', (w) => {
    for (const packed of parts.postingTf) w.uint(tfCode.get(packed) as number);
  });
  section('fieldLengths', (w) => {
    for (const length of parts.fieldLengths) w.uint(length);
  });
  section('nameCounts', (w) => {
    for (let d = 0; d < documents; d += 1) w.uint((parts.nameStart[d + 1] as number) - (parts.nameStart[d] as number));
  });
  section('nameTerms', (w) => {
    for (const term of parts.nameTerms) w.uint(term);
  });
  for (const order of STORED_ORDERS) {
    section(`order.${order}`, (w) => {
      for (const doc of parts.orders[order]) w.uint(doc);
    });
  }
  section('statuses', (w) => w.raw(parts.statuses));
  section('modified', (w) => w.raw(littleEndianFloat64(parts.modified)));
  parts.facets.forEach((column, i) => {
    section(`facet${i}.counts`, (w) => {
      for (let d = 0; d < documents; d += 1) {
        w.uint((column.valueStart[d + 1] as number) - (column.valueStart[d] as number));
      }
    });
    section(`facet${i}.values`, (w) => {
      for (const value of column.values) w.uint(value);
    });
  });
  section('rowLengths', (w) => {
    for (let d = 0; d < documents; d += 1)
      w.uint((parts.rows.start[d + 1] as number) - (parts.rows.start[d] as number));
  });
  section('rows', (w) => w.raw(parts.rows.bytes));

  const header: Header = {
    version: parts.version,
    documents,
    termCount: parts.terms.length,
    terms: parts.terms.join('\n'),
    postings: parts.postingDocs.length,
    nameTerms: parts.nameTerms.length,
    tfTable,
    statuses: CONTENT_STATUSES,
    facets: parts.facets.map((column, i) => ({
      name: FACETS[i]?.name ?? '',
      labels: column.labels,
      values: column.values.length,
    })),
    sections: sections.map(([name, bytes]) => [name, bytes.length]),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const out = new ByteWriter();
  out.raw(Uint8Array.from(MAGIC));
  const preamble = new Uint8Array(8);
  const view = new DataView(preamble.buffer);
  view.setUint32(0, SNAPSHOT_FORMAT_VERSION, true);
  view.setUint32(4, headerBytes.length, true);
  out.raw(preamble);
  out.raw(headerBytes);
  for (const [, bytes] of sections) out.raw(bytes);
  return out.take();
}

function littleEndianFloat64(values: Float64Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 8);
  const view = new DataView(bytes.buffer);
  values.forEach((value, i) => {
    view.setFloat64(i * 8, value, true);
  });
  return bytes;
}

function corrupt(reason: string): Error {
  return new Error(`Catalog index snapshot is corrupt: ${reason}.`);
}

/**
 * Reads exactly `count` varints of at most 31 bits from `bytes` into `out`.
 * @throws Error when they do not fill the section exactly or a number is too big.
 */
function readVarints(bytes: Uint8Array, count: number, out: Int32Array, name: string): void {
  let at = 0;
  const end = bytes.length;
  for (let i = 0; i < count; i += 1) {
    if (at >= end) throw corrupt(`section ${name} ends early`);
    let byte = bytes[at] as number;
    at += 1;
    if (byte < 0x80) {
      out[i] = byte;
      continue;
    }
    let value = byte & 0x7f;
    let shift = 7;
    do {
      if (at >= end) throw corrupt(`section ${name} ends early`);
      byte = bytes[at] as number;
      at += 1;
      if (shift === 28 && byte > 7) throw corrupt(`section ${name} holds an oversized number`);
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte >= 0x80);
    out[i] = value;
  }
  if (at !== end) throw corrupt(`section ${name} has bytes left over`);
}

/**
 * The parts of an index from snapshot bytes (uncompressed), without re-tokenising:
 * varints are decoded, differences summed back and scores recomputed from the
 * stored term frequencies.
 * @throws Error when the bytes are not a snapshot, are of another format version,
 *   or are inconsistent (a section missing or of the wrong size, a number out of
 *   range, counts that do not add up).
 */
export function decodeSnapshot(bytes: Uint8Array): IndexParts {
  if (bytes.length < PREAMBLE_BYTES || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new Error('Not a catalog index snapshot (the magic bytes "CRSI" are missing).');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = view.getUint32(4, true);
  if (format !== SNAPSHOT_FORMAT_VERSION) {
    throw new Error(
      `Catalog index snapshot has format version ${format}; this code reads version ${SNAPSHOT_FORMAT_VERSION}. Rebuild the snapshot.`,
    );
  }
  const headerLength = view.getUint32(8, true);
  if (PREAMBLE_BYTES + headerLength > bytes.length) throw corrupt('the header runs past the end');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength)));
  } catch (error) {
    throw new Error('Catalog index snapshot is corrupt: the header is not JSON.', { cause: error });
  }
  const { documents, termCount, postings } = header;
  const count = (value: unknown, max: number) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;
  if (!count(documents, MAX_DOCUMENTS) || !count(termCount, 2 ** 31 - 1) || !count(postings, 2 ** 31 - 1)) {
    throw corrupt('a count in the header is invalid');
  }
  const version = header.version as Partial<CatalogVersion> | undefined;
  if (typeof version?.revision !== 'number' || typeof version.builtAt !== 'string') {
    throw corrupt('the catalog version is missing');
  }
  if (JSON.stringify(header.statuses) !== JSON.stringify(CONTENT_STATUSES)) {
    throw new Error(
      `Catalog index snapshot was made with the statuses ${JSON.stringify(header.statuses)}, not ${JSON.stringify(CONTENT_STATUSES)}. Rebuild the snapshot.`,
    );
  }
  if (!Array.isArray(header.sections) || !Array.isArray(header.tfTable) || !Array.isArray(header.facets)) {
    throw corrupt('the header lacks its tables');
  }
  if (header.facets.length !== FACETS.length) throw corrupt('the facet columns do not match the list filters');
  const terms = termCount === 0 ? [] : String(header.terms).split('\n');
  if (terms.length !== termCount) throw corrupt('the vocabulary does not match its count');

  const found = new Map<string, Uint8Array>();
  let at = PREAMBLE_BYTES + headerLength;
  for (const [name, length] of header.sections) {
    if (!count(length, bytes.length - at)) throw corrupt(`section ${name} runs past the end`);
    found.set(name, bytes.subarray(at, at + length));
    at += length;
  }
  if (at !== bytes.length) throw corrupt('there are bytes after the last section');
  const section = (name: string): Uint8Array => {
    const data = found.get(name);
    if (!data) throw corrupt(`section ${name} is missing`);
    return data;
  };
  const varints = (name: string, howMany: number): Int32Array => {
    const out = new Int32Array(howMany);
    readVarints(section(name), howMany, out, name);
    return out;
  };

  const postingStart = prefixSums(varints('postingDf', termCount), postings, 'postingDf');
  const postingDocs = varints('postingDocs', postings);
  for (let t = 0; t < termCount; t += 1) {
    let doc = -1;
    let first = true;
    for (let p = postingStart[t] as number; p < (postingStart[t + 1] as number); p += 1) {
      const step = postingDocs[p] as number;
      if (!first && step === 0) throw corrupt('a term lists a document twice');
      doc = first ? step : doc + step;
      first = false;
      if (doc >= documents) throw corrupt('a posting names a document that does not exist');
      postingDocs[p] = doc;
    }
  }
  const codes = varints('postingTf', postings);
  const tfTable = Uint32Array.from(header.tfTable);
  const postingTf = new Uint32Array(postings);
  for (let p = 0; p < postings; p += 1) {
    const code = codes[p] as number;
    if (code >= tfTable.length) throw corrupt('a posting names an unknown term frequency');
    postingTf[p] = tfTable[code] as number;
  }
  const fieldLengths = varints('fieldLengths', documents * FIELD_COUNT);
  if (!count(header.nameTerms, 2 ** 31 - 1)) throw corrupt('a count in the header is invalid');
  const nameStart = prefixSums(varints('nameCounts', documents), header.nameTerms, 'nameCounts');
  const nameTerms = varints('nameTerms', header.nameTerms);
  for (const term of nameTerms) if (term >= termCount) throw corrupt('a name names an unknown term');
  const orders = {} as Record<StoredOrder, Int32Array>;
  for (const order of STORED_ORDERS) {
    const docs = varints(`order.${order}`, documents);
    const seen = new Uint8Array(documents);
    for (const doc of docs) {
      if (doc >= documents || seen[doc] === 1) throw corrupt(`the ${order} order is not a permutation`);
      seen[doc] = 1;
    }
    orders[order] = docs;
  }

  const statuses = section('statuses').slice();
  if (statuses.length !== documents || statuses.some((status) => status >= CONTENT_STATUSES.length)) {
    throw corrupt('the statuses are not as expected');
  }
  const modifiedBytes = section('modified');
  if (modifiedBytes.length !== documents * 8) throw corrupt('the modification times are not as expected');
  const modifiedView = new DataView(modifiedBytes.buffer, modifiedBytes.byteOffset, modifiedBytes.byteLength);
  const modified = new Float64Array(documents);
  for (let d = 0; d < documents; d += 1) modified[d] = modifiedView.getFloat64(d * 8, true);

  const facets: FacetColumn[] = header.facets.map((facet, i) => {
    if (facet.name !== FACETS[i]?.name || !Array.isArray(facet.labels) || !count(facet.values, 2 ** 31 - 1)) {
      throw corrupt(`facet ${i} is not as expected`);
    }
    const valueStart = prefixSums(varints(`facet${i}.counts`, documents), facet.values, `facet${i}.counts`);
    const values = varints(`facet${i}.values`, facet.values);
    for (const value of values) {
      if (value >= facet.labels.length) throw corrupt(`facet ${facet.name} names an unknown value`);
    }
    return { labels: facet.labels, valueStart, values };
  });

  const rowBytes = section('rows').slice();
  const rowStart = prefixSums(varints('rowLengths', documents), rowBytes.length, 'rowLengths');

  return {
    version: header.version,
    terms,
    postingStart,
    postingDocs,
    postingTf,
    postingScores: scorePostings(postingStart, postingDocs, postingTf, fieldLengths),
    fieldLengths,
    statuses,
    modified,
    facets,
    orders,
    nameStart,
    nameTerms,
    rows: { bytes: rowBytes, start: rowStart },
  };
}

/** `[0, a0, a0 + a1, …]` of the counts; checks that they add up to `total`. */
function prefixSums(counts: Int32Array, total: number, name: string): Int32Array {
  const sums = new Int32Array(counts.length + 1);
  let sum = 0;
  for (let i = 0; i < counts.length; i += 1) {
    sum += counts[i] as number;
    sums[i + 1] = sum;
  }
  if (sum !== total) throw corrupt(`section ${name} does not add up`);
  return sums;
}
