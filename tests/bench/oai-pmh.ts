/**
 * OAI-PMH ListRecords over a 10,000-item catalogue (issue 24 item 7, benchmark; decision
 * record 054): a whole harvest, following the resumption tokens from the first page
 * to the last, through `answerOai` over the catalogue the handler builds
 * (`oaiCatalogue`: headers from the loaded search index), in `oai_dc` and in `lom`.
 * The index is made from generated documents (`catalog-generator.ts`, shaped like the
 * real seed) and loaded from its snapshot bytes, as the search function loads it.
 *
 * What is not measured: the two BatchGetItem of a page's records (on AWS about as
 * many ms as any DynamoDB read; an emulator's figure would say nothing, LOCAL-STACK.md
 * trap 6). Records come from memory, built from the same documents.
 *
 * Baseline, in the same run and process: the plain search of the same page size
 * (`index.search`, no text, `updated` order, 100 hits a page) stepped over the same
 * number of items — so "records/s" is read as a ratio to "search hits/s".
 *
 * Memory: heapUsed + arrayBuffers after a full GC, sampled after every page of the
 * harvest; "flat" means the last pages do not hold more than the first (the growth
 * between the first sample and the largest is reported, next to the search's).
 * Runnable alone: `npx tsx tests/bench/oai-pmh.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { answerOai, type HarvestItem, type OaiRepository, oaiArgumentsOf } from '../../functions/src/domain/oai-pmh.ts';
import { generateCatalogDocuments } from '../../functions/src/search/catalog-generator.ts';
import {
  buildCatalogIndex,
  loadCatalogIndex,
  serializeCatalogIndex,
} from '../../functions/src/search/in-memory-index.ts';
import { oaiCatalogue, publishedHeaders } from '../../functions/src/search/oai-catalogue.ts';
import { type CatalogDocument, NO_SEARCH_FILTER } from '../../functions/src/search/port.ts';
import { loadSeedCatalog } from '../../functions/src/search/seed-catalog.ts';
import { type Figure, loadAverage } from './support.ts';

const DOCUMENTS = 10_000;
const PAGE = 100;
const NOW = new Date('2026-11-28T12:00:00.000Z');
const REPOSITORY: OaiRepository = {
  repositoryName: 'US Cyber Range courseware',
  baseUrl: 'https://portal.example.org/api/v1/oai',
  siteUrl: 'https://portal.example.org',
  adminEmail: 'courseware-support@example.org',
  repositoryIdentifier: 'portal.example.org',
};

function gcFunction(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** heapUsed + arrayBuffers after a full collection, in bytes. */
function liveBytes(gc: () => void): number {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** A harvest record made from a generated document (no table: the bench measures the repository, not DynamoDB). */
function harvestItemOf(document: CatalogDocument): HarvestItem {
  return {
    id: document.id,
    name: document.name,
    urlAlias: document.urlAlias,
    categories: document.categories,
    tags: document.tags,
    description: document.summary,
    creators: document.author ? [document.author] : [],
    subjects: [
      ...document.ksaIds.map((id) => ({ scheme: 'NICE' as const, id, name: `NICE item ${id}` })),
      ...document.kuIds.map((id) => ({ scheme: 'CAE' as const, id, name: `CAE knowledge unit ${id}` })),
    ],
    createdTimestamp: document.createdTimestamp,
    modifiedTimestamp: document.modifiedTimestamp,
    licence: '',
    sourceUrl: null,
    copyrightNotice: null,
    formats: ['application/pdf'],
  };
}

/** One measured pass: items per second, and live memory per page. */
export interface PassFigures {
  readonly items: number;
  readonly pages: number;
  readonly ms: number;
  readonly perSecond: number;
  /** Live bytes after the first page, and the largest after any later one. */
  readonly firstPageBytes: number;
  readonly largestBytes: number;
  readonly lastBytes: number;
  /** Response bytes of the whole harvest (UTF-8). */
  readonly responseBytes: number;
}

/** What {@link oaiBenchFigures} measures. */
export interface OaiBenchFigures {
  readonly documents: number;
  readonly published: number;
  /** The first request of a loaded index: headers of every published item, ms. */
  readonly headersMs: number;
  readonly oaiDc: PassFigures;
  readonly lom: PassFigures;
  readonly search: PassFigures;
  readonly loadAverage: [number, number];
}

async function harvest(
  prefix: 'oai_dc' | 'lom',
  run: (query: string) => Promise<string>,
  gc: () => void,
): Promise<PassFigures> {
  let query = `verb=ListRecords&metadataPrefix=${prefix}`;
  let items = 0;
  let pages = 0;
  let measured = 0;
  let responseBytes = 0;
  const samples: number[] = [];
  for (;;) {
    const started = performance.now();
    const xml = await run(query);
    measured += performance.now() - started;
    pages += 1;
    responseBytes += Buffer.byteLength(xml, 'utf8');
    items += xml.split('<record>').length - 1;
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
    samples.push(liveBytes(gc));
    if (!token) break;
    query = `verb=ListRecords&resumptionToken=${token}`;
  }
  return summary(items, pages, measured, samples, responseBytes);
}

function summary(items: number, pages: number, ms: number, samples: number[], responseBytes: number): PassFigures {
  return {
    items,
    pages,
    ms,
    perSecond: items / (ms / 1000),
    firstPageBytes: samples[0] ?? 0,
    largestBytes: Math.max(...samples.slice(1)),
    lastBytes: samples[samples.length - 1] ?? 0,
    responseBytes,
  };
}

/**
 * Harvests 10,000 generated items (about 9,000 published) in `oai_dc` and `lom`,
 * pages of 100, after a warm-up harvest of each, and the plain search baseline over the
 * same number of hits.
 * @throws Error when a harvest does not return every published item exactly once.
 */
export async function oaiBenchFigures(): Promise<OaiBenchFigures> {
  const gc = gcFunction();
  const before = loadAverage();
  const seed = await loadSeedCatalog();
  const documents = generateCatalogDocuments(
    { documents: seed.documents, knowledgeIds: seed.knowledgeIds, extraSentences: seed.statementTexts },
    DOCUMENTS,
    { seed: DOCUMENTS, now: NOW },
  );
  const built = buildCatalogIndex(documents, { revision: 1, builtAt: NOW.toISOString() });
  const index = await loadCatalogIndex(await serializeCatalogIndex(built));
  const byId = new Map(documents.filter((d) => d.status === 'published').map((d) => [d.id, harvestItemOf(d)]));
  const records = async (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);

  const started = performance.now();
  const published = publishedHeaders(index).length;
  const headersMs = performance.now() - started;
  if (published !== byId.size) throw new Error(`The index lists ${published} published items, not ${byId.size}.`);

  const run = async (query: string) =>
    (await answerOai(oaiArgumentsOf(query), oaiCatalogue(index, records), { repository: REPOSITORY, now: NOW })).xml;
  // A warm-up harvest of each format first (JIT), so the memory samples see a harvest, not compilation.
  await harvest('oai_dc', run, gc);
  await harvest('lom', run, gc);
  const oaiDc = await harvest('oai_dc', run, gc);
  const lom = await harvest('lom', run, gc);
  for (const pass of [oaiDc, lom]) {
    if (pass.items !== published) throw new Error(`A harvest returned ${pass.items} records of ${published}.`);
  }

  // Baseline: the same number of hits through the plain search, 100 a page.
  const searchPass = (): PassFigures => {
    const samples: number[] = [];
    let ms = 0;
    let items = 0;
    let pages = 0;
    let bytes = 0;
    for (let offset = 0; offset < published; offset += PAGE) {
      const t = performance.now();
      const page = index.search({
        text: '',
        filter: NO_SEARCH_FILTER,
        statuses: ['published'],
        sort: 'updated',
        offset,
        limit: PAGE,
        newOrUpdatedSince: NOW.toISOString(),
      });
      const body = JSON.stringify(page);
      ms += performance.now() - t;
      items += page.items.length;
      pages += 1;
      bytes += Buffer.byteLength(body, 'utf8');
      samples.push(liveBytes(gc));
    }
    return summary(items, pages, ms, samples, bytes);
  };
  searchPass(); // warm-up
  const search = searchPass();
  return { documents: DOCUMENTS, published, headersMs, oaiDc, lom, search, loadAverage: [before, loadAverage()] };
}

const MB = 2 ** 20;

/** The figures `npm run bench` prints and keeps (section `oai`). */
export function oaiFigures(result: OaiBenchFigures): Figure[] {
  const n = result.documents.toLocaleString('en-US');
  const base = { name: 'plain search hits/s, 100 a page, same run', value: Math.round(result.search.perSecond) };
  const growth = (pass: PassFigures) => Number(((pass.largestBytes - pass.firstPageBytes) / MB).toFixed(2));
  const figures: Figure[] = [];
  for (const [format, pass] of [
    ['oai_dc', result.oaiDc],
    ['lom', result.lom],
  ] as const) {
    figures.push({
      name: `OAI-PMH ListRecords ${format}, ${n} items (${result.published} published, ${pass.pages} pages of 100): records/s`,
      value: Math.round(pass.perSecond),
      unit: 'records/s',
      baseline: base,
      loadAverage: result.loadAverage,
    });
    figures.push({
      name: `OAI-PMH ListRecords ${format}: live heap growth from the first page to the largest of ${pass.pages - 1} later pages`,
      value: growth(pass),
      unit: 'MB',
      baseline: { name: 'plain search, same pages, heap growth (MB)', value: growth(result.search) },
      goal: 'flat (does not grow with pages)',
    });
  }
  figures.push({
    name: `OAI-PMH headers of a newly loaded index (${result.published} published items), first request`,
    value: Number(result.headersMs.toFixed(1)),
    unit: 'ms',
  });
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await oaiBenchFigures();
  const row = (name: string, pass: PassFigures) =>
    console.log(
      `${name.padEnd(22)} ${String(pass.items).padStart(6)} items  ${String(pass.pages).padStart(4)} pages  ${pass.ms.toFixed(0).padStart(6)} ms  ${Math.round(pass.perSecond).toString().padStart(8)} /s  live MB first ${(pass.firstPageBytes / MB).toFixed(1)}, largest ${(pass.largestBytes / MB).toFixed(1)}, last ${(pass.lastBytes / MB).toFixed(1)}  response ${(pass.responseBytes / MB).toFixed(1)} MB`,
    );
  console.log(
    `${result.documents} generated items, ${result.published} published; headers ${result.headersMs.toFixed(1)} ms`,
  );
  row('ListRecords oai_dc', result.oaiDc);
  row('ListRecords lom', result.lom);
  row('plain search (base)', result.search);
  console.log(`RSS ${(process.memoryUsage().rss / MB).toFixed(0)} MB; load average ${result.loadAverage.join(' → ')}`);
  for (const figure of oaiFigures(result)) console.log(JSON.stringify(figure));
}
