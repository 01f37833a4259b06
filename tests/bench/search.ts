/**
 * Courseware search figures (issue 4, decision record 014): the in-memory index at
 * 1,000, 10,000 and 50,000 generated documents (`catalog-generator.ts`, shaped like
 * the real seed catalog) — build time, snapshot size, load time, memory of the
 * loaded index, and search latency over a mixed query set next to a naive scan
 * measured in the same run, and (issue 24 item 3, decision record 052) the same
 * queries in each sort order, as a ratio to relevance order in the same run. Runnable alone: `npx tsx tests/bench/search.ts`
 * (add `--expose-gc` to Node, or let the script enable it, for exact memory).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRandom, generateCatalogDocuments, type Random } from '../../functions/src/search/catalog-generator.ts';
import {
  buildCatalogIndex,
  loadCatalogIndex,
  serializeCatalogIndex,
} from '../../functions/src/search/in-memory-index.ts';
import { type CatalogDocument, NO_SEARCH_FILTER, type SearchQuery } from '../../functions/src/search/port.ts';
import { InMemoryCatalogIndex } from '../../functions/src/search/searcher.ts';
import { loadSeedCatalog } from '../../functions/src/search/seed-catalog.ts';
import { STOP_WORDS, tokenize } from '../../functions/src/search/text.ts';
import { SEARCH_SORTS, type SearchFilter, type SearchSort } from '../../shared/contracts/search.ts';
import type { ContentStatus } from '../../shared/enums.ts';

/** Kinds of benchmark query (each drawn from the real catalog's words and ids). */
export const QUERY_KINDS = [
  'single word',
  'phrase',
  'common word',
  'misspelt',
  'prefix',
  'filters only',
  'text and filters',
] as const;
/** One of {@link QUERY_KINDS}. */
export type QueryKind = (typeof QUERY_KINDS)[number];

/** Latency percentiles in ms. */
export interface Latency {
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** Figures at one catalog size. */
export interface SearchSizeFigures {
  readonly documents: number;
  /** Distinct terms of the index. */
  readonly terms: number;
  /** `buildCatalogIndex` wall time, ms. */
  readonly buildMs: number;
  /** `serializeCatalogIndex` output, bytes (gzip). */
  readonly snapshotGzBytes: number;
  /** First `loadCatalogIndex` from the bytes in this process, ms (includes JIT warm-up). */
  readonly loadFirstMs: number;
  /** Median of 5 further loads, ms. */
  readonly loadMs: number;
  /** Heap plus array-buffer bytes the loaded index keeps (method in `memoryMethod`). */
  readonly memoryBytes: number;
  /** `index.search` over the mixed query set. */
  readonly search: Latency;
  /** p50 and p95 per kind of query. */
  readonly byKind: Readonly<Record<QueryKind, { p50Ms: number; p95Ms: number }>>;
  /** The same queries as a naive scan: status, lower-cased name `includes` the text, filters by `includes`; no facets, no ranking. */
  readonly baseline: Latency;
  /** `search` over `baseline`, per percentile (below 1: the index is faster). */
  readonly ratio: { readonly p50: number; readonly p95: number; readonly p99: number };
  /**
   * The query set in each order (issue 24 item 3), sorts interleaved query by query so
   * the machine's load falls on all alike: p50, p95, and p95 over relevance's p95 of
   * the same interleaved run (goal ≤ 1.2 at 10,000 documents).
   */
  readonly bySort: Readonly<Record<SearchSort, { p50Ms: number; p95Ms: number; p95Ratio: number }>>;
}

/** Everything {@link searchFigures} measures. */
export interface SearchBenchFigures {
  /** How memory was measured: `global.gc` (exact after full collections) or heapUsed deltas without gc. */
  readonly memoryMethod: string;
  /** The machine's 1-minute load average before and after the run, and its CPU count: other work skews the figures. */
  readonly machine: { readonly loadBefore: number; readonly loadAfter: number; readonly cpus: number };
  readonly queries: number;
  /** Query counts per kind. */
  readonly queryMix: Readonly<Record<QueryKind, number>>;
  readonly sizes: readonly SearchSizeFigures[];
  /** The goals of issue 4 at 10,000 documents, and whether this run met them. */
  readonly goals: {
    readonly searchP95Ms: { goal: number; value: number; met: boolean };
    readonly searchP99Ms: { goal: number; value: number; met: boolean };
    readonly loadMs: { goal: number; value: number; met: boolean };
    /** The slowest order's p95 over relevance's (issue 24: within 1.2×). */
    readonly sortP95Ratio: { goal: number; value: number; met: boolean };
  };
}

const SIZES = [1000, 10_000, 50_000];
const NOW = new Date('2026-11-21T12:00:00.000Z');
const NEW_SINCE = new Date(NOW.getTime() - 90 * 86_400_000).toISOString();
const VISITOR: readonly ContentStatus[] = ['published'];
const EDITOR: readonly ContentStatus[] = ['published', 'unlisted', 'unpublished'];
const EMPTY_FILTER: SearchQuery['filter'] = NO_SEARCH_FILTER;

interface BenchQuery {
  readonly kind: QueryKind;
  readonly query: SearchQuery;
}

function gcFunction(): { gc: (() => void) | null; method: string } {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return { gc: existing, method: 'global.gc (--expose-gc): heapUsed + arrayBuffers after full GC' };
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    return { gc, method: 'gc enabled at run time (v8 flag): heapUsed + arrayBuffers after full GC' };
  } catch {
    return { gc: null, method: 'heapUsed + arrayBuffers deltas without GC (approximate)' };
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? 0,
  };
}

function misspell(word: string, random: Random): string {
  const at = 1 + random.int(word.length - 2);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  switch (random.int(4)) {
    case 0:
      return `${word.slice(0, at)}${word.slice(at + 1)}`;
    case 1:
      return `${word.slice(0, at)}${random.pick([...letters])}${word.slice(at)}`;
    case 2:
      return `${word.slice(0, at)}${random.pick([...letters])}${word.slice(at + 1)}`;
    default:
      return `${word.slice(0, at - 1)}${word.charAt(at)}${word.charAt(at - 1)}${word.slice(at + 1)}`;
  }
}

/**
 * A mixed query set drawn from the real catalog with a seeded PRNG: per kind, the
 * given number of queries; visitors (published only) four times in five, editors
 * otherwise; a fifth of the queries ask for the second or third page.
 */
export function benchQueries(real: readonly CatalogDocument[], seed: number, perKind = 46): BenchQuery[] {
  const random = createRandom(seed);
  const documentFrequency = new Map<string, number>();
  for (const document of real) {
    const terms = new Set(tokenize(`${document.name} ${document.tags.join(' ')} ${document.summary}`));
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const words = [...documentFrequency.keys()].filter((term) => term.length >= 3 && !STOP_WORDS.has(term));
  const common = [...documentFrequency]
    .filter(([term]) => !STOP_WORDS.has(term) && term.length >= 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([term]) => term);
  const long = words.filter((term) => term.length >= 5 && !/\d/.test(term));
  const phrases = real.flatMap((document) => {
    const terms = tokenize(document.name);
    return terms.slice(0, -1).map((_, i) => terms.slice(i, i + 2 + (i % 2)).join(' '));
  });
  const values = (read: (document: CatalogDocument) => readonly string[]) => [...new Set(real.flatMap(read))];
  const pools = {
    contentCategories: values((d) => d.categories),
    educationLevels: values((d) => d.educationLevels),
    experienceLevels: values((d) => d.experienceLevels),
    tags: values((d) => d.tags),
    contributorIds: values((d) => d.contributorIds),
    ksaIds: values((d) => d.ksaIds),
    kuIds: values((d) => d.kuIds),
    tksIds: values((d) => d.tksIds),
  };
  const randomFilter = (): SearchQuery['filter'] => {
    const filter: Record<string, unknown> = { ...EMPTY_FILTER };
    const names = Object.keys(pools) as (keyof typeof pools)[];
    const howMany = 1 + random.int(3);
    for (let i = 0; i < howMany; i += 1) {
      const name = random.pick(names);
      filter[name] = Array.from({ length: 1 + random.int(2) }, () => random.pick(pools[name]));
    }
    if (random.chance(0.2)) filter.newOrUpdatedContent = true;
    return filter as unknown as SearchFilter;
  };
  const make = (kind: QueryKind, text: string, filter = EMPTY_FILTER): BenchQuery => ({
    kind,
    query: {
      text,
      filter,
      statuses: random.chance(0.8) ? VISITOR : EDITOR,
      offset: random.chance(0.2) ? 10 * (1 + random.int(2)) : 0,
      limit: 10,
      newOrUpdatedSince: NEW_SINCE,
    },
  });
  const queries: BenchQuery[] = [];
  for (let i = 0; i < perKind; i += 1) {
    queries.push(make('single word', random.pick(words)));
    queries.push(make('phrase', random.pick(phrases)));
    queries.push(make('common word', random.pick(common)));
    queries.push(make('misspelt', misspell(random.pick(long), random)));
    const phrase = random.pick(phrases).split(' ');
    const last = phrase.pop() ?? '';
    const prefix = last.slice(0, Math.max(2, Math.min(last.length, 2 + random.int(4))));
    queries.push(make('prefix', [...phrase, prefix].join(' ')));
    queries.push(make('filters only', '', randomFilter()));
    queries.push(make('text and filters', random.pick([...words, ...phrases]), randomFilter()));
  }
  return queries;
}

function baselineSearch(documents: readonly CatalogDocument[], lowerNames: readonly string[], query: SearchQuery) {
  const text = query.text.toLowerCase();
  const filter = query.filter;
  const any = (chosen: readonly string[], own: readonly string[]) =>
    chosen.length === 0 || chosen.some((value) => own.includes(value));
  return documents.filter(
    (document, i) =>
      query.statuses.includes(document.status) &&
      (text === '' || (lowerNames[i] as string).includes(text)) &&
      any(filter.contentCategories, document.categories) &&
      any(filter.educationLevels, document.educationLevels) &&
      any(filter.experienceLevels, document.experienceLevels) &&
      any(filter.tags, document.tags) &&
      any(filter.contributorIds, document.contributorIds) &&
      any(filter.ksaIds, document.ksaIds) &&
      any(filter.kuIds, document.kuIds) &&
      any(filter.tksIds, document.tksIds) &&
      (!filter.newOrUpdatedContent || document.modifiedTimestamp >= query.newOrUpdatedSince),
  ).length;
}

function memoryNow(gc: (() => void) | null): number {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Measures the search figures (see {@link SearchBenchFigures}) on this machine.
 * Takes a few minutes; prints nothing.
 */
export async function searchFigures(): Promise<SearchBenchFigures> {
  const { gc, method } = gcFunction();
  const loadBefore = os.loadavg()[0] ?? 0;
  const seed = await loadSeedCatalog();
  const sample = {
    documents: seed.documents,
    knowledgeIds: seed.knowledgeIds,
    extraSentences: seed.statementTexts,
  };
  const queries = benchQueries(seed.documents, 7);
  const warmUp = benchQueries(seed.documents, 99, 15);
  const sizes: SearchSizeFigures[] = [];

  for (const size of SIZES) {
    // Downloads skewed like real ones (most items few, some many), so "most downloaded" has an order to keep.
    const downloads = createRandom(size + 1);
    const documents = generateCatalogDocuments(sample, size, { seed: size, now: NOW }).map((document) => ({
      ...document,
      downloads: Math.floor(downloads.int(1000) ** 2 / 1000),
    }));
    let started = performance.now();
    const built = buildCatalogIndex(documents, { revision: 1, builtAt: NOW.toISOString() });
    const buildMs = performance.now() - started;
    const bytes = await serializeCatalogIndex(built);

    const before = memoryNow(gc);
    started = performance.now();
    const index = await loadCatalogIndex(bytes);
    const loadFirstMs = performance.now() - started;
    const memoryBytes = memoryNow(gc) - before;
    const loads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      started = performance.now();
      await loadCatalogIndex(bytes);
      loads.push(performance.now() - started);
    }
    gc?.();

    // JIT warm-up on other queries (three passes), so the measured queries meet a compiled index but a cold memo.
    for (let pass = 0; pass < 3; pass += 1) for (const { query } of warmUp) index.search(query);
    const samples: number[] = [];
    const byKindSamples = new Map<QueryKind, number[]>(QUERY_KINDS.map((kind) => [kind, []]));
    for (const { kind, query } of queries) {
      started = performance.now();
      index.search(query);
      const elapsed = performance.now() - started;
      samples.push(elapsed);
      byKindSamples.get(kind)?.push(elapsed);
    }

    // Every order over the same queries, interleaved (the first order of each query rotates).
    const sortSamples = new Map<SearchSort, number[]>(SEARCH_SORTS.map((sort) => [sort, []]));
    for (const { query } of warmUp) for (const sort of SEARCH_SORTS) index.search({ ...query, sort });
    queries.forEach(({ query }, i) => {
      for (let k = 0; k < SEARCH_SORTS.length; k += 1) {
        const sort = SEARCH_SORTS[(i + k) % SEARCH_SORTS.length] as SearchSort;
        const at = performance.now();
        index.search({ ...query, sort });
        sortSamples.get(sort)?.push(performance.now() - at);
      }
    });
    const relevanceP95 = latency(sortSamples.get('relevance') ?? []).p95Ms;
    const bySort = Object.fromEntries(
      SEARCH_SORTS.map((sort) => {
        const figures = latency(sortSamples.get(sort) ?? []);
        return [sort, { p50Ms: figures.p50Ms, p95Ms: figures.p95Ms, p95Ratio: figures.p95Ms / relevanceP95 }];
      }),
    ) as Record<SearchSort, { p50Ms: number; p95Ms: number; p95Ratio: number }>;

    const lowerNames = documents.map((document) => document.name.toLowerCase());
    for (const { query } of warmUp) baselineSearch(documents, lowerNames, query);
    const baselineSamples = queries.map(({ query }) => {
      const at = performance.now();
      baselineSearch(documents, lowerNames, query);
      return performance.now() - at;
    });

    const search = latency(samples);
    const baseline = latency(baselineSamples);
    const byKind = Object.fromEntries(
      QUERY_KINDS.map((kind) => {
        const figures = latency(byKindSamples.get(kind) ?? []);
        return [kind, { p50Ms: figures.p50Ms, p95Ms: figures.p95Ms }];
      }),
    ) as Record<QueryKind, { p50Ms: number; p95Ms: number }>;
    sizes.push({
      documents: size,
      terms: built instanceof InMemoryCatalogIndex ? built.snapshotParts().terms.length : 0,
      buildMs,
      snapshotGzBytes: bytes.byteLength,
      loadFirstMs,
      loadMs: latency(loads).p50Ms,
      memoryBytes,
      search,
      byKind,
      baseline,
      ratio: {
        p50: search.p50Ms / baseline.p50Ms,
        p95: search.p95Ms / baseline.p95Ms,
        p99: search.p99Ms / baseline.p99Ms,
      },
      bySort,
    });
  }

  const at10k = sizes.find((figures) => figures.documents === 10_000) as SearchSizeFigures;
  const goal = (value: number, limit: number) => ({ goal: limit, value, met: value <= limit });
  return {
    memoryMethod: method,
    machine: { loadBefore, loadAfter: os.loadavg()[0] ?? 0, cpus: os.cpus().length },
    queries: queries.length,
    queryMix: Object.fromEntries(
      QUERY_KINDS.map((kind) => [kind, queries.filter((query) => query.kind === kind).length]),
    ) as Record<QueryKind, number>,
    sizes,
    goals: {
      searchP95Ms: goal(at10k.search.p95Ms, 5),
      searchP99Ms: goal(at10k.search.p99Ms, 20),
      loadMs: goal(Math.max(at10k.loadMs, at10k.loadFirstMs), 300),
      sortP95Ratio: goal(Math.max(...SEARCH_SORTS.map((sort) => at10k.bySort[sort].p95Ratio)), 1.2),
    },
  };
}

function printTable(figures: SearchBenchFigures): void {
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
  const rows: string[][] = [['figure', ...figures.sizes.map((size) => `${size.documents.toLocaleString('en')} docs`)]];
  const add = (name: string, read: (size: SearchSizeFigures) => string) => {
    rows.push([name, ...figures.sizes.map(read)]);
  };
  add('terms', (s) => String(s.terms));
  add('build (ms)', (s) => ms(s.buildMs));
  add('snapshot gz (KiB)', (s) => (s.snapshotGzBytes / 1024).toFixed(0));
  add('load first / median (ms)', (s) => `${ms(s.loadFirstMs)} / ${ms(s.loadMs)}`);
  add('memory (MiB)', (s) => (s.memoryBytes / 2 ** 20).toFixed(1));
  add('search p50/p95/p99 (ms)', (s) => `${ms(s.search.p50Ms)} / ${ms(s.search.p95Ms)} / ${ms(s.search.p99Ms)}`);
  add('search max (ms)', (s) => ms(s.search.maxMs));
  add(
    'baseline p50/p95/p99 (ms)',
    (s) => `${ms(s.baseline.p50Ms)} / ${ms(s.baseline.p95Ms)} / ${ms(s.baseline.p99Ms)}`,
  );
  add('ratio p50/p95/p99', (s) => `${s.ratio.p50.toFixed(2)} / ${s.ratio.p95.toFixed(2)} / ${s.ratio.p99.toFixed(2)}`);
  for (const kind of QUERY_KINDS)
    add(`  ${kind} p50/p95 (ms)`, (s) => `${ms(s.byKind[kind].p50Ms)} / ${ms(s.byKind[kind].p95Ms)}`);
  for (const sort of SEARCH_SORTS)
    add(
      `  sort ${sort} p50/p95 (ms), p95 ÷ relevance`,
      (s) => `${ms(s.bySort[sort].p50Ms)} / ${ms(s.bySort[sort].p95Ms)}, ${s.bySort[sort].p95Ratio.toFixed(2)}`,
    );
  const widths = (rows[0] as string[]).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  console.log(`\n${figures.queries} queries: ${JSON.stringify(figures.queryMix)}`);
  console.log(`memory: ${figures.memoryMethod}`);
  const { machine } = figures;
  console.log(
    `machine: ${machine.cpus} CPUs, load average ${machine.loadBefore.toFixed(1)} before, ${machine.loadAfter.toFixed(1)} after`,
  );
  for (const [name, goal] of Object.entries(figures.goals)) {
    console.log(`goal at 10,000 docs ${name} ≤ ${goal.goal}: ${ms(goal.value)} ${goal.met ? 'met' : 'NOT met'}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable(await searchFigures());
}
