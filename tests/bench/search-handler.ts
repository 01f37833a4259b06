/**
 * The search HANDLER at 10,000 generated items (issue 4 "search handler time"): the
 * `search` group's Lambda entry invoked in this process with API Gateway v2 events,
 * against the embedded emulators, the snapshot in the emulated private bucket. What
 * it adds to `index.search`: middy, body parsing and zod validation, the page token,
 * the JSON answer, and the snapshot freshness check (a HeadObject at most once a
 * second, as on AWS). Response validation is off, as on AWS.
 */
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler } from '../../functions/src/api/search/index.ts';
import { encodeSearchPageToken } from '../../functions/src/api/search/search-page-token.ts';
import { generateCatalogDocuments } from '../../functions/src/search/catalog-generator.ts';
import { buildCatalogIndex, serializeCatalogIndex } from '../../functions/src/search/in-memory-index.ts';
import { loadSeedCatalog } from '../../functions/src/search/seed-catalog.ts';
import { resetSnapshotSearch } from '../../functions/src/search/snapshot-search.ts';
import { putCatalogSnapshot } from '../../functions/src/search/snapshot-store.ts';
import { loadEvent } from '../../functions/src/test-support/events.ts';
import { lambdaContext, startTestStack } from '../../functions/src/test-support/stack.ts';
import { benchQueries, type Latency } from './search.ts';

/** What {@link searchHandlerFigures} measures. */
export interface SearchHandlerFigures {
  readonly documents: number;
  readonly queries: number;
  /** The first search of a fresh container: HeadObject, GetObject, load, answer (ms). */
  readonly coldMs: number;
  /** Every later search, end to end through the Lambda entry (ms). */
  readonly handler: Latency;
}

const DOCUMENTS = 10_000;
const NOW = new Date('2026-11-21T12:00:00.000Z');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Measures the search handler over the mixed query set of `tests/bench/search.ts`
 * (visitors' queries; editors' need a token and measure the same code) at 10,000
 * generated items. Starts and stops its own in-memory emulators.
 * @throws Error when a search does not answer 200.
 */
export async function searchHandlerFigures(): Promise<SearchHandlerFigures> {
  const stack = await startTestStack();
  const previous = { validate: process.env.VALIDATE_RESPONSES, check: process.env.SEARCH_CATALOG_CHECK_MS };
  process.env.VALIDATE_RESPONSES = 'false';
  process.env.SEARCH_CATALOG_CHECK_MS = '1000';
  resetSnapshotSearch();
  const log = console.log;
  console.log = () => undefined; // the search function logs one JSON line per snapshot load
  try {
    const seed = await loadSeedCatalog();
    const documents = generateCatalogDocuments(
      { documents: seed.documents, knowledgeIds: seed.knowledgeIds, extraSentences: seed.statementTexts },
      DOCUMENTS,
      { seed: DOCUMENTS, now: NOW },
    );
    const index = buildCatalogIndex(documents, { revision: 0, builtAt: NOW.toISOString() });
    await putCatalogSnapshot(await serializeCatalogIndex(index), index.version, { documents: documents.length });

    const template = loadEvent('search/search-content');
    const events = benchQueries(seed.documents, 7)
      .filter(({ query }) => query.statuses.length === 1)
      .map(({ query }): APIGatewayProxyEventV2 => {
        const filter = {
          ...query.filter,
          ...(query.offset > 0 ? { nextPageToken: encodeSearchPageToken(query.offset) } : {}),
        };
        const body = JSON.stringify({ text: query.text, filter, limit: query.limit });
        return { ...template, body, headers: { ...template.headers, 'content-length': String(body.length) } };
      });
    const invoke = async (event: APIGatewayProxyEventV2) => {
      const result = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
      if (result.statusCode !== 200) throw new Error(`search answered ${result.statusCode}: ${result.body}`);
    };

    const [first, ...rest] = events;
    if (!first) throw new Error('No benchmark queries.');
    let started = performance.now();
    await invoke(first);
    const coldMs = performance.now() - started;
    for (const event of rest.slice(0, 30)) await invoke(event); // JIT warm-up
    const samples: number[] = [];
    for (const event of rest) {
      started = performance.now();
      await invoke(event);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return {
      documents: DOCUMENTS,
      queries: samples.length,
      coldMs,
      handler: {
        p50Ms: percentile(samples, 50),
        p95Ms: percentile(samples, 95),
        p99Ms: percentile(samples, 99),
        maxMs: samples.at(-1) ?? 0,
      },
    };
  } finally {
    console.log = log;
    for (const [name, value] of [
      ['VALIDATE_RESPONSES', previous.validate],
      ['SEARCH_CATALOG_CHECK_MS', previous.check],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetSnapshotSearch();
    await stack.stop();
  }
}
