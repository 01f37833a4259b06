/**
 * Overload (issue 28 item 4; decision record 085): at 4× the load the local stack holds,
 * the API sheds load with 429/503 and `Retry-After` rather than timing out, and recovers
 * by itself when the load stops.
 *
 * `npm start`'s command runs in another process (`tsx infra/local/start.ts`, a fresh
 * seeded data folder, `WEB_MODE=none`, no synthetic downloads) with its admission control
 * on (the `API_*` settings of `infra/local/admission.ts`, their defaults unless this
 * process's environment sets them) and `RATE_LIMIT_SCALE=10000`, so that the per-caller
 * limits of the write route (30 reviews per 10 minutes) do not answer the 429s the stage
 * throttling is measured by. autocannon drives, from this process, two routes:
 *
 * - read: the content detail, `GET /api/v1/content/{id}` (the cheapest read that goes to
 *   DynamoDB), anonymous;
 * - write: a rating, `PUT /api/v1/content-items/{id}/reviews/mine` (one transaction: the
 *   review and the item's average), as a signed-in faculty member, each request on the
 *   next of the first page's published items with the next rating 1–5.
 *
 * Per route:
 *
 * 1. **Normal latency**: 20 requests one after another, unloaded (p50, p90).
 * 2. **Capacity**: closed-loop steps of 1, 2, 4, 8, … connections
 *    (`BENCH_OVERLOAD_STEP_SECONDS` each, default 5) until a step answers anything but
 *    2xx or its 2xx rate grows less than 10 % over the best so far; the capacity is the
 *    best step's 2xx rate with nothing refused, and its connections.
 * 3. **At capacity** (the baseline): autocannon at that rate (`overallRate`) with those
 *    connections for `BENCH_OVERLOAD_SECONDS` (default 15). autocannon paces each
 *    connection at a whole number of requests a second, so below one a second per
 *    connection (a capacity of a few requests a second, on a saturated machine) the run
 *    is closed loop instead; the offered rate is reported either way.
 * 4. **At 4×**: 4× the connections, each at the same rate, so 4× the offered rate while
 *    answers come back within a connection's pace (refusals do: they are cheap), for
 *    the same time: answers by status (200/429/503/other), the share of refusals with a
 *    whole-second `Retry-After`, p50/p99 of all answers and of the 200s (the ratios to
 *    the capacity run), timeouts (no answer within autocannon's 10 s) and socket errors.
 * 5. **Recovery**: from the moment the 4× load has stopped, one request after another
 *    until three in a row answer 200 within twice the normal p90 (at least p50 + 10 ms);
 *    the ms until then (and until the first 200), bounded at 60 s.
 *
 * Runnable alone: `npx tsx tests/bench/overload.ts`.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ADMISSION_ENV, admissionSettingsFromEnv } from '../../infra/local/admission.ts';
import { CONTENT_ALIAS } from './first-visit.ts';
import {
  countFromEnv,
  type Figure,
  freePort,
  loadAverage,
  portalTokenOver,
  printFigures,
  seededContentId,
  spawnStart,
  stopChild,
} from './support.ts';

/** A route under load: what autocannon sends, and one request of it for the probes. */
interface OverloadRoute {
  readonly label: string;
  readonly method: 'GET' | 'PUT';
  readonly headers: Record<string, string>;
  /** The n-th request's path and body (the write route rotates items and ratings). */
  request(n: number): { path: string; body?: string };
}

/** One autocannon run, as counted from each answer. */
interface RunResult {
  readonly connections: number;
  readonly seconds: number;
  /** Answers per status code (0: none of 2xx–5xx). */
  readonly byStatus: Record<number, number>;
  /** Non-2xx answers that carried a whole-second `Retry-After` (≥ 1). */
  readonly refusalsWithRetryAfter: number;
  readonly answers: number;
  readonly okPerSecond: number;
  readonly offeredPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly okP50Ms: number;
  readonly okP99Ms: number;
  readonly maxMs: number;
  readonly timeouts: number;
  /** Socket errors other than timeouts. */
  readonly errors: number;
  readonly loadAverage: [number, number];
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Drives `route` with autocannon (closed loop, or at `overallRate` req/s in all) and counts every answer. */
async function drive(
  base: string,
  route: OverloadRoute,
  connections: number,
  seconds: number,
  overallRate?: number,
): Promise<RunResult> {
  const before = loadAverage();
  const byStatus: Record<number, number> = {};
  const latencies: number[] = [];
  const okLatencies: number[] = [];
  let refusalsWithRetryAfter = 0;
  let n = 0;
  const first = route.request(n);
  const options: autocannon.Options = {
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    // autocannon gives each connection a whole number of requests a second and drops connections beyond the rate.
    ...(overallRate && overallRate >= connections ? { overallRate } : {}),
    requests: [
      {
        method: route.method,
        path: first.path,
        headers: route.headers,
        ...(first.body === undefined ? {} : { body: first.body }),
        setupRequest: (request) => {
          n += 1;
          const next = route.request(n);
          return { ...request, path: next.path, ...(next.body === undefined ? {} : { body: next.body }) };
        },
        onResponse: (status, _body, _context, headers) => {
          if (status >= 200 && status < 300) return;
          const retryAfter = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
          if (typeof retryAfter === 'string' && /^[1-9]\d*$/.test(retryAfter)) refusalsWithRetryAfter += 1;
        },
      },
    ],
  };
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve(result)));
  });
  instance?.on('response', (_client, status, _bytes, ms) => {
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    latencies.push(ms);
    if (status >= 200 && status < 300) okLatencies.push(ms);
  });
  const result = await finished;
  const ok = okLatencies.length;
  return {
    connections,
    seconds,
    byStatus,
    refusalsWithRetryAfter,
    answers: latencies.length,
    okPerSecond: ok / seconds,
    offeredPerSecond: (latencies.length + result.timeouts) / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    okP50Ms: percentile(okLatencies, 50),
    okP99Ms: percentile(okLatencies, 99),
    maxMs: Math.max(0, ...latencies),
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    loadAverage: [before, loadAverage()],
  };
}

/** One request of `route` with `fetch`: its status and ms. */
async function probe(base: string, route: OverloadRoute, n: number): Promise<{ status: number; ms: number }> {
  const { path: target, body } = route.request(n);
  const started = performance.now();
  const res = await fetch(`${base}${target}`, {
    method: route.method,
    headers: route.headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const RECOVERY_BOUND_MS = 60_000;
const RECOVERY_IN_A_ROW = 3;

/** Everything measured on one route. */
interface RouteFigures {
  readonly normal: { p50Ms: number; p90Ms: number };
  readonly steps: RunResult[];
  readonly capacity: { okPerSecond: number; connections: number };
  readonly atCapacity: RunResult;
  readonly overload: RunResult;
  readonly recovery: { firstOkMs: number; recoveredMs: number | null; thresholdMs: number; probes: number };
}

async function measureRoute(base: string, route: OverloadRoute, log: (line: string) => void): Promise<RouteFigures> {
  const stepSeconds = countFromEnv('BENCH_OVERLOAD_STEP_SECONDS', 5);
  const seconds = countFromEnv('BENCH_OVERLOAD_SECONDS', 15);
  let n = 1_000_000;
  const unloaded: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const answer = await probe(base, route, n++);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${route.label} answered ${answer.status} unloaded`);
    unloaded.push(answer.ms);
  }
  const normal = { p50Ms: percentile(unloaded, 50), p90Ms: percentile(unloaded, 90) };

  const steps: RunResult[] = [];
  let best: RunResult | undefined;
  for (let connections = 1; connections <= 256; connections *= 2) {
    const run = await drive(base, route, connections, stepSeconds);
    steps.push(run);
    const refused = run.answers - run.okPerSecond * run.seconds + run.timeouts + run.errors;
    log(
      `overload bench, ${route.label}: ${connections} connections → ${run.okPerSecond.toFixed(1)} 2xx/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${refused} not 2xx (load average ${run.loadAverage.join('→')})`,
    );
    if (refused > 0) break;
    if (best && run.okPerSecond < best.okPerSecond * 1.1) {
      if (run.okPerSecond > best.okPerSecond) best = run;
      break;
    }
    best = run;
  }
  if (!best) throw new Error(`${route.label}: even one connection was refused`);
  const capacity = { okPerSecond: best.okPerSecond, connections: best.connections };
  const rate = Math.max(1, Math.round(capacity.okPerSecond));

  const atCapacity = await drive(base, route, capacity.connections, seconds, rate);
  log(`overload bench, ${route.label}: at capacity ${describe(atCapacity)}`);
  const overload = await drive(base, route, capacity.connections * 4, seconds, rate * 4);
  const stopped = performance.now();
  log(`overload bench, ${route.label}: at 4× ${describe(overload)}`);

  const thresholdMs = Math.max(2 * normal.p90Ms, normal.p50Ms + 10);
  let firstOkMs = -1;
  let inARow = 0;
  let recoveredMs: number | null = null;
  let probes = 0;
  while (performance.now() - stopped < RECOVERY_BOUND_MS) {
    const answer = await probe(base, route, n++).catch(() => ({ status: 0, ms: Number.POSITIVE_INFINITY }));
    probes += 1;
    const isOk = answer.status >= 200 && answer.status < 300;
    if (isOk && firstOkMs < 0) firstOkMs = performance.now() - stopped;
    inARow = isOk && answer.ms <= thresholdMs ? inARow + 1 : 0;
    if (inARow >= RECOVERY_IN_A_ROW) {
      recoveredMs = performance.now() - stopped;
      break;
    }
  }
  log(
    `overload bench, ${route.label}: recovered ${recoveredMs === null ? 'not within 60 s' : `after ${Math.round(recoveredMs)} ms`} (first 200 after ${Math.round(firstOkMs)} ms, ${probes} probes, normal p50 ${normal.p50Ms.toFixed(1)} ms)`,
  );
  return { normal, steps, capacity, atCapacity, overload, recovery: { firstOkMs, recoveredMs, thresholdMs, probes } };
}

function describe(run: RunResult): string {
  const statuses = Object.entries(run.byStatus)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  return (
    `${run.connections} connections: ${run.offeredPerSecond.toFixed(1)} req/s offered, ${statuses}; ` +
    `${run.refusalsWithRetryAfter} refusals with Retry-After; p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, 200s p50 ${run.okP50Ms} ms p99 ${run.okP99Ms} ms, ` +
    `max ${run.maxMs} ms; ${run.timeouts} timeouts, ${run.errors} socket errors (load average ${run.loadAverage.join('→')})`
  );
}

/** The figures of one route (see the module comment). */
function figuresOf(route: OverloadRoute, m: RouteFigures): Figure[] {
  const at4 = m.overload;
  const base = m.atCapacity;
  const count = (status: number) => at4.byStatus[status] ?? 0;
  const other = at4.answers - count(200) - count(429) - count(503);
  const refused = count(429) + count(503);
  const what = `${route.label} at 4× capacity (${at4.connections} connections, ${Math.round(at4.offeredPerSecond)} req/s offered, ${at4.seconds} s)`;
  const load = at4.loadAverage;
  return [
    {
      name: `${route.label}: capacity, 2xx/s with nothing refused (${m.capacity.connections} connections, closed loop)`,
      value: Math.round(m.capacity.okPerSecond * 10) / 10,
      unit: 'req/s',
      loadAverage: m.steps.at(-1)?.loadAverage,
    },
    {
      name: `${what}: offered rate`,
      value: Math.round(at4.offeredPerSecond * 10) / 10,
      unit: 'req/s',
      baseline: { name: 'offered at capacity (req/s)', value: Math.round(base.offeredPerSecond * 10) / 10 },
      goal: '×4',
      loadAverage: load,
    },
    {
      name: `${what}: 200s per second`,
      value: Math.round(at4.okPerSecond * 10) / 10,
      unit: 'req/s',
      baseline: { name: '200s per second at capacity', value: Math.round(base.okPerSecond * 10) / 10 },
      goal: 'ratio ≈ 1 (the capacity still served)',
      loadAverage: load,
    },
    { name: `${what}: answers 200`, value: count(200), unit: 'answers', loadAverage: load },
    { name: `${what}: answers 429 (stage throttling)`, value: count(429), unit: 'answers', loadAverage: load },
    {
      name: `${what}: answers 503 (group queue full or waited too long)`,
      value: count(503),
      unit: 'answers',
      loadAverage: load,
    },
    { name: `${what}: answers of any other status`, value: other, unit: 'answers', goal: '0', loadAverage: load },
    {
      name: `${what}: share of 429/503 answers with a whole-second Retry-After`,
      value: refused === 0 ? 1 : at4.refusalsWithRetryAfter / refused,
      unit: 'share',
      goal: '1',
      loadAverage: load,
    },
    {
      name: `${what}: p50 latency, all answers`,
      value: at4.p50Ms,
      unit: 'ms',
      baseline: { name: 'p50 at capacity (ms)', value: base.p50Ms },
      loadAverage: load,
    },
    {
      name: `${what}: p99 latency, all answers`,
      value: at4.p99Ms,
      unit: 'ms',
      baseline: { name: 'p99 at capacity (ms)', value: base.p99Ms },
      loadAverage: load,
    },
    {
      name: `${what}: p50 latency of the 200s`,
      value: at4.okP50Ms,
      unit: 'ms',
      baseline: { name: '200s p50 at capacity (ms)', value: base.okP50Ms },
      loadAverage: load,
    },
    {
      name: `${what}: p99 latency of the 200s`,
      value: at4.okP99Ms,
      unit: 'ms',
      baseline: { name: '200s p99 at capacity (ms)', value: base.okP99Ms },
      loadAverage: load,
    },
    { name: `${what}: slowest answer`, value: at4.maxMs, unit: 'ms', goal: '< 10,000', loadAverage: load },
    {
      name: `${what}: timeouts (no answer in 10 s) and socket errors`,
      value: at4.timeouts + at4.errors,
      unit: 'requests',
      goal: '0',
      loadAverage: load,
    },
    {
      name: `${route.label}: after the 4× load stops, ms until the first 200`,
      value: Math.round(m.recovery.firstOkMs),
      unit: 'ms',
    },
    {
      name: `${route.label}: after the 4× load stops, ms until ${RECOVERY_IN_A_ROW} answers in a row are 200 within ${Math.round(m.recovery.thresholdMs)} ms (2× the unloaded p90)${m.recovery.recoveredMs === null ? ': NOT within 60 s' : ''}`,
      value: Math.round(m.recovery.recoveredMs ?? RECOVERY_BOUND_MS),
      unit: 'ms',
      baseline: { name: 'unloaded p50 (ms)', value: Number(m.normal.p50Ms.toFixed(1)) },
      goal: 'a few seconds at most',
    },
  ];
}

/**
 * The overload figures of both routes (see the module comment), against a fresh
 * `npm start` on a temporary data folder, stopped and removed at the end.
 * @throws Error when the portal does not start or a route is refused unloaded.
 */
export async function overloadFigures(log: (line: string) => void = () => undefined): Promise<Figure[]> {
  const settings = admissionSettingsFromEnv(process.env);
  if (!settings) throw new Error(`${ADMISSION_ENV.switch.name}=off: the overload bench needs the admission control on`);
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-overload-'));
  const { child, stderr } = spawnStart({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_MODE: 'none',
    SEED_DOWNLOADS: '0',
    RATE_LIMIT_SCALE: '10000',
  });
  const figures: Figure[] = [
    {
      name: `admission settings: ${ADMISSION_ENV.rateLimit.name} ${settings.rateLimit}, ${ADMISSION_ENV.burstLimit.name} ${settings.burstLimit}, ${ADMISSION_ENV.concurrency.name} ${settings.concurrency}, ${ADMISSION_ENV.queueLength.name} ${settings.queueLength}, ${ADMISSION_ENV.maxQueueWaitMs.name} (ms)`,
      value: settings.maxQueueWaitMs,
      unit: 'ms',
    },
  ];
  try {
    const base = `http://127.0.0.1:${port}`;
    const id = await seededContentId(base, child, stderr, CONTENT_ALIAS);
    const page = (await (await fetch(`${base}/api/v1/content?condense=true&limit=50`)).json()) as {
      items: { id: string }[];
    };
    const ids = page.items.map((item) => item.id);
    const token = await portalTokenOver(base, 'faculty-uscr');
    const routes: OverloadRoute[] = [
      {
        label: 'read: content detail GET /api/v1/content/{id}',
        method: 'GET',
        headers: {},
        request: () => ({ path: `/api/v1/content/${id}` }),
      },
      {
        label: 'write: rating PUT /api/v1/content-items/{id}/reviews/mine',
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        request: (n) => ({
          path: `/api/v1/content-items/${ids[n % ids.length]}/reviews/mine`,
          body: JSON.stringify({ rating: (n % 5) + 1 }),
        }),
      },
    ];
    for (const route of routes) figures.push(...figuresOf(route, await measureRoute(base, route, log)));
  } finally {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  printFigures(await overloadFigures((line) => console.error(line)));
  process.exit(0);
}
