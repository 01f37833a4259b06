import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CONTENT_ALIAS, SEARCH_TEXT } from './first-visit.ts';
import { countFromEnv, type Figure, freePort, loadAverage, seededContentId, spawnStart, stopChild } from './support.ts';

/**
 * Concurrent visitors on the local stack (issue 22 item 8): autocannon, from this
 * process, against `npm start`'s command running in another (seeded data folder, no
 * synthetic download history, `WEB_MODE=none`: the API only), with
 * `BENCH_AUTOCANNON_CONNECTIONS` (default 50) connections for
 * `BENCH_AUTOCANNON_SECONDS` (default 30) s on each route of item 8, one after the
 * other: requests/s, p50, p99, errors (non-2xx answers and socket errors other than
 * timeouts) and timeouts (no answer within autocannon's 10 s). Baseline: the same load on a route
 * that never touches the emulators (the OpenID discovery document), in the same run.
 */

/** One route under load: a label, the method, the path and query, and a JSON body for POST. */
interface LoadRoute {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
  loadAverage: [number, number];
}

async function load(base: string, route: LoadRoute, connections: number, seconds: number): Promise<LoadResult> {
  const before = loadAverage();
  const result = await autocannon({
    url: `${base}${route.path}`,
    method: route.method,
    connections,
    duration: seconds,
    timeout: 10,
    ...(route.body === undefined
      ? {}
      : { body: JSON.stringify(route.body), headers: { 'content-type': 'application/json' } }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon's `errors` counts timeouts too: the socket errors are the rest.
    errors: result.errors - result.timeouts + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    loadAverage: [before, loadAverage()],
  };
}

/** The autocannon figures of issue 22 item 8 (see the module comment). */
export async function concurrentVisitorFigures(log: (line: string) => void): Promise<Figure[]> {
  const connections = countFromEnv('BENCH_AUTOCANNON_CONNECTIONS', 50);
  const seconds = countFromEnv('BENCH_AUTOCANNON_SECONDS', 30);
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-load-'));
  const { child, stderr } = spawnStart({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_MODE: 'none',
    SEED_DOWNLOADS: '0',
  });
  const figures: Figure[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const id = await seededContentId(base, child, stderr, CONTENT_ALIAS);
    const routes: LoadRoute[] = [
      { label: 'content list GET /api/v1/content', method: 'GET', path: '/api/v1/content' },
      { label: 'content detail GET /api/v1/content/{id}', method: 'GET', path: `/api/v1/content/${id}` },
      {
        label: `search POST /api/v1/search/content "${SEARCH_TEXT}"`,
        method: 'POST',
        path: '/api/v1/search/content',
        body: { text: SEARCH_TEXT },
      },
      {
        label: 'knowledge GET /api/v1/knowledge?limit=10000',
        method: 'GET',
        path: process.env.BENCH_KNOWLEDGE_PATH ?? '/api/v1/knowledge?limit=10000',
      },
    ];
    const reference: LoadRoute = {
      label: 'OpenID discovery document (no emulator)',
      method: 'GET',
      path: '/api/v1/auth/.well-known/openid-configuration',
    };
    // Warm every route once (first search loads the index, first knowledge read fills caches).
    for (const route of [reference, ...routes]) await load(base, route, 1, 1);
    const baseline = await load(base, reference, connections, seconds);
    log(
      `autocannon ${reference.label}: ${Math.round(baseline.requestsPerSecond)} req/s, p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms (load average ${baseline.loadAverage.join('→')})`,
    );
    const what = `${connections} connections × ${seconds} s`;
    for (const route of routes) {
      const result = await load(base, route, connections, seconds);
      log(
        `autocannon ${route.label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
          `${result.errors} errors (${result.non2xx} non-2xx), ${result.timeouts} timeouts of ${result.total} (load average ${result.loadAverage.join('→')})`,
      );
      figures.push(
        {
          name: `${route.label}, ${what}: requests/s`,
          value: Math.round(result.requestsPerSecond * 10) / 10,
          unit: 'req/s',
          baseline: { name: `${reference.label} (req/s)`, value: Math.round(baseline.requestsPerSecond) },
          loadAverage: result.loadAverage,
        },
        {
          name: `${route.label}, ${what}: p50 latency`,
          value: result.p50Ms,
          unit: 'ms',
          baseline: { name: `${reference.label} p50 (ms)`, value: baseline.p50Ms },
          loadAverage: result.loadAverage,
        },
        {
          name: `${route.label}, ${what}: p99 latency`,
          value: result.p99Ms,
          unit: 'ms',
          baseline: { name: `${reference.label} p99 (ms)`, value: baseline.p99Ms },
          loadAverage: result.loadAverage,
        },
        {
          name: `${route.label}, ${what}: errors (non-2xx and socket errors, timeouts apart)`,
          value: result.errors,
          unit: 'requests',
          goal: '0',
          loadAverage: result.loadAverage,
        },
        {
          name: `${route.label}, ${what}: timeouts (no answer in 10 s)`,
          value: result.timeouts,
          unit: 'requests',
          goal: '0',
          loadAverage: result.loadAverage,
        },
      );
    }
  } finally {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
