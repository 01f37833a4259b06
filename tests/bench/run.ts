/**
 * `npm run bench`: the figures the foundation issue asks for, measured on this
 * machine, each next to a baseline measured in the same run (LOCAL-STACK.md trap 6:
 * emulator speed says nothing about AWS, so only ratios and counts are meaningful).
 *
 * 1. Time from `npm start` (the real command, as a child process) to the first page
 *    and the first API answer, on a fresh data folder (seeding included) and again
 *    on the now-seeded folder; baseline: a bare Node HTTP server started the same way.
 * 2. DynamoDB requests per content-detail request (by id, by alias) and per
 *    content-list page, counted by a middleware on the handlers' own SDK client.
 * 3. The SPA's entry JavaScript, gzip: the entry chunk plus every chunk it imports
 *    statically (from the build manifest), and — the figure a visitor pays — every
 *    JavaScript file a real Chromium downloads before `/courseware` shows its cards.
 *
 * 4. The cost of authentication per request (issue 3): requests/s of a read route
 *    that never touches the emulators (the OpenID discovery document) with a valid
 *    portal token — which every request then verifies (RS256) — against the same
 *    route without one, in one run, load from this process against `npm start` in
 *    another.
 *
 * 5. Bundles (issue 6): zip throughput of 100 MB and 1 GB bundles of mixed files as a
 *    ratio to a plain stream copy of the same bytes through the same S3 emulator, and
 *    the zipping task's peak memory growth (`bundles.ts`; `BENCH_BUNDLE_SKIP_1GB=1`
 *    skips the 1 GB bundle).
 *
 * 6. Dashboards (issue 7): a whole dashboard load (the nine requests of "File
 *    downloads", at once) and the CSV export's rows/s at 10⁵ and 10⁶ generated
 *    download events, each size on a fresh data folder (`dashboard.ts`); the 10⁶
 *    load as a ratio to the 10⁵ one, the export next to bare Queries of the same
 *    partitions. `BENCH_DASHBOARD_SIZES=20000,100000` measures other sizes.
 *
 * 7. Invitations under a burst (issue 21 item 5; `invitations.ts`): the per-request
 *    latency of 50 concurrent invitations over HTTP as a ratio to single ones, the
 *    time until the burst's e-mails are all delivered, and the load average.
 *    `BENCH_INVITATION_CONCURRENCY=200` measures another burst.
 *
 * 8. Lambda bundles (issue 22 item 7; `lambda-sizes.ts`): each function's minified bundle
 *    built with the CDK's esbuild settings, goal ≤ 250 KB.
 *
 * Results print as a table and are written to `tests/bench/results/latest.json`.
 * `BENCH_ONLY=spa,bundles` (sections: search, bundles, dashboard, auth, spa, requests, startup, invitations, lambda)
 * runs only those sections and replaces only their figures in `latest.json`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { dynamoDbClient } from '../../functions/src/adapters/aws-clients.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { bundleBenchFigures } from './bundles.ts';
import { dashboardFigures } from './dashboard.ts';
import { invitationFigures } from './invitations.ts';
import { lambdaSizeFigures } from './lambda-sizes.ts';
import { searchFigures } from './search.ts';
import { searchHandlerFigures } from './search-handler.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  goal?: string;
}
const figures: Figure[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `url` until it answers 200; returns ms since `started`. */
async function firstOk(url: string, started: number, child: ChildProcess, timeoutMs = 180_000): Promise<number> {
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) {
        await res.arrayBuffer();
        return Date.now() - started;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

/**
 * The environment of a fresh shell: this process's, less what the in-process portal
 * set (endpoints of its emulators, table and bucket names), which a child would
 * otherwise take for a LocalStack to use.
 */
function freshEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) {
    if (name.startsWith('AWS_ENDPOINT_URL') || ['TABLE_NAME', 'PRIVATE_BUCKET', 'PUBLIC_BUCKET'].includes(name)) {
      delete env[name];
    }
  }
  return env;
}

/** Starts `npm start`'s command and measures the first page and the first API answer. */
async function measureStart(dataDir: string, webMode: 'dev' | 'dist'): Promise<{ page: number; api: number }> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(TSX, ['infra/local/start.ts'], {
    cwd: ROOT,
    env: freshEnvironment({ PORT: String(port), DATA_DIR: dataDir, WEB_MODE: webMode }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const page = await firstOk(`http://127.0.0.1:${port}/courseware`, started, child);
    const api = await firstOk(`http://127.0.0.1:${port}/api/v1/content?condense=true&limit=10`, started, child);
    return { page, api };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`);
  } finally {
    await stopChild(child);
  }
}

async function measureBaselineStart(): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  try {
    return await firstOk(`http://127.0.0.1:${port}/`, started, child);
  } finally {
    await stopChild(child);
  }
}

async function startupFigures(): Promise<void> {
  const baseline = { name: 'bare Node HTTP server, first answer', value: await measureBaselineStart() };
  for (const webMode of ['dev', 'dist'] as const) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    try {
      const fresh = await measureStart(dataDir, webMode);
      const warm = await measureStart(dataDir, webMode);
      figures.push(
        {
          name: `npm start → first page, fresh data folder (WEB_MODE=${webMode})`,
          value: fresh.page,
          unit: 'ms',
          baseline,
        },
        {
          name: `npm start → first API answer, fresh data folder (WEB_MODE=${webMode})`,
          value: fresh.api,
          unit: 'ms',
          baseline,
        },
        {
          name: `npm start → first page, seeded data folder (WEB_MODE=${webMode})`,
          value: warm.page,
          unit: 'ms',
          baseline,
        },
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

/** True for a read of the catalog revision item: the local catalog indexer's poll, not a handler's request. */
function isCatalogRevisionPoll(input: unknown): boolean {
  const pk = (input as { Key?: Record<string, unknown> } | undefined)?.Key?.pk;
  return pk === 'CATALOG' || (typeof pk === 'object' && pk !== null && (pk as { S?: unknown }).S === 'CATALOG');
}

/**
 * Counts the DynamoDB requests the handlers make while `act` runs. The local catalog
 * indexer's poll of the revision item (it stands in for the table stream on AWS) runs
 * in the same process and is left out.
 */
async function countDynamoRequests(act: () => Promise<void>): Promise<number> {
  let count = 0;
  const name = `bench-counter-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next) => async (args) => {
      if (!isCatalogRevisionPoll(args.input)) count += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await act();
  } finally {
    dynamoDbClient.middlewareStack.remove(name);
  }
  return count;
}

async function requestFigures(): Promise<void> {
  let portal: LocalPortal | undefined;
  try {
    portal = await startLocalPortal({ seed: true });
    const base = portal.baseUrl;
    const get = async (url: string) => {
      const res = await fetch(`${base}${url}`);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const alias =
      'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';
    const detail = (await get(`/api/v1/content/${encodeURIComponent(alias)}`)) as { content: { id: string } };
    const id = detail.content.id;

    const rounds = 20;
    const perRequest = async (url: string) =>
      (await countDynamoRequests(async () => {
        for (let i = 0; i < rounds; i += 1) await get(url);
      })) / rounds;

    const byId = await perRequest(`/api/v1/content/${id}`);
    const byAlias = await perRequest(`/api/v1/content/${encodeURIComponent(alias)}`);
    const listPage = await perRequest('/api/v1/content?condense=true&limit=10');
    const adminPage = await perRequest('/api/v1/content?limit=300');
    const children = await perRequest(`/api/v1/content-children/${id}`);
    figures.push(
      { name: 'DynamoDB requests per content detail, by id', value: byId, unit: 'requests', goal: '≤ 2' },
      { name: 'DynamoDB requests per content detail, by alias', value: byAlias, unit: 'requests', goal: '≤ 2' },
      { name: 'DynamoDB requests per content-list page (10, condensed)', value: listPage, unit: 'requests' },
      { name: 'DynamoDB requests per content-list page (300, full)', value: adminPage, unit: 'requests' },
      { name: 'DynamoDB requests per children page', value: children, unit: 'requests' },
    );
  } finally {
    await portal?.stop();
  }
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

async function bundleFigures(): Promise<void> {
  const build = spawn(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((r) => build.once('exit', r));
  if (code !== 0) throw new Error(`vite build exited with ${code}`);

  const dist = path.join(ROOT, 'web/dist');
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('web/dist/.vite/manifest.json is missing: set build.manifest');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');

  const staticClosure = new Set<string>();
  const visit = (key: string) => {
    if (staticClosure.has(key)) return;
    staticClosure.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const gzipBytes = (key: string) => gzipSync(readFileSync(path.join(dist, manifest[key]?.file ?? ''))).length;
  const entryGzip = [...staticClosure].reduce((sum, key) => sum + gzipBytes(key), 0);
  const allJs = Object.keys(manifest).filter((k) => manifest[k]?.file.endsWith('.js'));
  const totalGzip = allJs.reduce((sum, key) => sum + gzipBytes(key), 0);
  const chartsInEntry = [...staticClosure].some((k) => /nivo|d3-/.test(k));
  if (chartsInEntry) throw new Error('a chart library is in the entry chunk');

  figures.push({
    name: 'SPA entry JavaScript (entry + static imports), gzip',
    value: Math.round(entryGzip / 1024),
    unit: 'KiB',
    baseline: { name: 'all JavaScript of the build, gzip (KiB)', value: Math.round(totalGzip / 1024) },
    goal: '≤ 170 KB; no charts in the entry',
  });
}

/** Signs in as a persona through the dev identity provider and returns a portal token. */
async function portalTokenOver(base: string, persona: string): Promise<string> {
  const login = await fetch(`${base}/dev/login?persona=${persona}&redirect_url=${encodeURIComponent(`${base}/`)}`, {
    redirect: 'manual',
  });
  const upstream = new URL(login.headers.get('location') ?? '', base).searchParams.get('t');
  if (!upstream) throw new Error(`the dev login answered ${login.status} without a token`);
  const res = await fetch(`${base}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'vcr', token: upstream }),
  });
  if (!res.ok) throw new Error(`authenticate answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: 8 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function authCostFigure(): Promise<void> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-auth-'));
  const child = spawn(TSX, ['infra/local/start.ts'], {
    cwd: ROOT,
    env: freshEnvironment({ PORT: String(port), DATA_DIR: dataDir, WEB_MODE: 'none' }),
    stdio: 'ignore',
  });
  try {
    const base = `http://localhost:${port}`;
    await firstOk(`${base}/api/v1/content?limit=1`, Date.now(), child);
    const token = await portalTokenOver(base, 'faculty-uscr');
    const url = `${base}/api/v1/auth/.well-known/openid-configuration`;
    await requestsPerSecond(url, {}); // warm-up
    const anonymous = await requestsPerSecond(url, {});
    const authenticated = await requestsPerSecond(url, { authorization: `Bearer ${token}` });
    figures.push({
      name: 'Authenticated requests/s on a read route (token verified every request), relative to the same route anonymous',
      value: Math.round(authenticated),
      unit: 'req/s',
      baseline: { name: 'the same route without a token (req/s)', value: Math.round(anonymous) },
      goal: 'ratio ≥ 0.8',
    });
  } finally {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** gzip bytes of every `.js` response Chromium receives until the courseware cards are visible. */
async function firstRenderFigure(): Promise<void> {
  const portal = await startLocalPortal({ seed: true, web: 'dist' });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const bodies: Promise<number>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) {
        bodies.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto(`${portal.baseUrl}/courseware`);
    await page.getByRole('link', { name: 'Buffer Overflow Attack Lab (Set-UID Version)', exact: true }).waitFor();
    const total = (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0);
    figures.push({
      name: 'JavaScript downloaded before /courseware shows its cards (Chromium), gzip',
      value: Math.round(total / 1024),
      unit: 'KiB',
      goal: '≤ 170 KB',
    });
  } finally {
    await browser.close();
    await portal.stop();
  }
}

/**
 * Courseware search at 1,000, 10,000 and 50,000 generated items (issue 4): search
 * p50/p95/p99 over the mixed query set with the naive scan of the same run as the
 * baseline, index build, snapshot size, load and memory.
 */
async function searchBenchFigures(): Promise<void> {
  const handlerResult = await searchHandlerFigures();
  for (const p of ['p50', 'p95', 'p99'] as const) {
    figures.push({
      name: `search handler (Lambda entry, snapshot check included) ${p}, ${handlerResult.documents.toLocaleString('en-US')} items (${handlerResult.queries} queries)`,
      value: Number(handlerResult.handler[`${p}Ms`].toFixed(3)),
      unit: 'ms',
      ...(p === 'p50' ? {} : { goal: p === 'p95' ? '≤ 5 ms' : '≤ 20 ms' }),
    });
  }
  figures.push({
    name: `search handler, first search of a container (snapshot read and load), ${handlerResult.documents.toLocaleString('en-US')} items`,
    value: Math.round(handlerResult.coldMs),
    unit: 'ms',
  });
  const result = await searchFigures();
  for (const size of result.sizes) {
    const n = size.documents.toLocaleString('en-US');
    const atGoal = size.documents === 10_000;
    for (const p of ['p50', 'p95', 'p99'] as const) {
      figures.push({
        name: `search ${p}, ${n} items (${result.queries} mixed queries)`,
        value: Number(size.search[`${p}Ms`].toFixed(3)),
        unit: 'ms',
        baseline: { name: `naive scan ${p}`, value: Number(size.baseline[`${p}Ms`].toFixed(3)) },
        ...(atGoal && p !== 'p50' ? { goal: p === 'p95' ? '≤ 5 ms' : '≤ 20 ms' } : {}),
      });
    }
    figures.push({ name: `search index build, ${n} items`, value: Math.round(size.buildMs), unit: 'ms' });
    figures.push({
      name: `search index load from snapshot, ${n} items`,
      value: Math.round(size.loadMs),
      unit: 'ms',
      ...(atGoal ? { goal: '≤ 300 ms' } : {}),
    });
    figures.push({
      name: `search snapshot size (gzip), ${n} items`,
      value: Math.round(size.snapshotGzBytes / 1024),
      unit: 'KiB',
    });
    figures.push({
      name: `search index memory, ${n} items (${result.memoryMethod})`,
      value: Math.round(size.memoryBytes / 2 ** 20),
      unit: 'MiB',
    });
  }
}

/**
 * Bundle zipping (issue 6, decision record 022): per bundle size, the zip throughput
 * next to a plain GetObject → Upload copy of the same objects in the same run, and
 * the zipping task's peak memory growth (RSS, and heap + array buffers).
 */
async function bundleZipFigures(): Promise<void> {
  for (const size of await bundleBenchFigures()) {
    const what = `${size.label} bundle (${size.files} mixed files)`;
    figures.push(
      {
        name: `bundle zip throughput, ${what}`,
        value: Number(size.zip.mbPerSecond.toFixed(1)),
        unit: 'MB/s',
        baseline: { name: 'stream copy of the same objects (MB/s)', value: Number(size.copy.mbPerSecond.toFixed(1)) },
        goal: 'ratio ≥ 0.5',
      },
      {
        name: `bundle zip peak RSS growth, ${what}`,
        value: Number((size.zip.peakRss / 2 ** 20).toFixed(1)),
        unit: 'MiB',
        goal: '≤ 64 MB, the same at both sizes',
      },
      {
        name: `bundle zip peak heap + array buffers growth, ${what}`,
        value: Number((size.zip.peakHeap / 2 ** 20).toFixed(1)),
        unit: 'MiB',
      },
    );
  }
}

/**
 * Dashboards (issue 7, decision record 023): per history size, the wall time of a
 * whole dashboard load and the items it read, with the smallest size as the
 * baseline of the others (goal: ratio ≤ 1.5), and the export's rows/s next to bare
 * Queries of the same month partitions.
 */
async function dashboardBenchFigures(): Promise<void> {
  const sizes = (process.env.BENCH_DASHBOARD_SIZES ?? '100000,1000000').split(',').map(Number);
  const result = await dashboardFigures(sizes, (line) => console.error(line));
  const [smallest] = result.sizes;
  if (!smallest) return;
  const label = (events: number) => `${events.toLocaleString('en-US')} generated downloads`;
  for (const size of result.sizes) {
    const isBaseline = size === smallest;
    figures.push(
      {
        name: `dashboard load p50 (9 requests at once, ${size.range.from}…${size.range.to}), ${label(size.events)}`,
        value: Math.round(size.load.p50Ms),
        unit: 'ms',
        ...(isBaseline
          ? {}
          : {
              baseline: {
                name: `the same load at ${label(smallest.events)} (ms)`,
                value: Math.round(smallest.load.p50Ms),
              },
              goal: 'ratio ≤ 1.5',
            }),
      },
      {
        name: `dashboard load p95, ${label(size.events)}`,
        value: Math.round(size.load.p95Ms),
        unit: 'ms',
      },
      {
        name: `DynamoDB items read per dashboard load, ${label(size.events)}`,
        value: size.itemsRead,
        unit: 'items',
        ...(isBaseline
          ? {}
          : { baseline: { name: `items read at ${label(smallest.events)}`, value: smallest.itemsRead } }),
      },
      {
        name: `most items a dashboard load can read with this history's subjects, at any number of events (10⁷ on paper), ${label(size.events)}`,
        value: size.itemsBound,
        unit: 'items',
      },
      {
        name: `CSV export through the handler (${size.export.rows.toLocaleString('en-US')} rows, ${size.export.pages} pages), ${label(size.events)}`,
        value: Math.round(size.export.rowsPerSecond),
        unit: 'rows/s',
        baseline: {
          name: 'bare Queries of the same partitions (rows/s)',
          value: Math.round(size.export.baselineRowsPerSecond),
        },
      },
      {
        name: `history generation (${size.itemsWritten.toLocaleString('en-US')} items written), ${label(size.events)}`,
        value: Math.round(size.itemsWritten / (size.generateMs / 1000)),
        unit: 'items/s',
      },
    );
  }
}

/**
 * Invitations (issue 21 item 5, decision record 033): per-request latency of a burst
 * of concurrent invitations as a ratio to single ones, in the same run.
 */
async function invitationBenchFigures(): Promise<void> {
  const result = await invitationFigures(Number(process.env.BENCH_INVITATION_CONCURRENCY ?? 50));
  const load = `load average ${result.loadAverage[0].toFixed(1)}→${result.loadAverage[1].toFixed(1)} on ${os.cpus().length} cores`;
  figures.push(
    {
      name: `invitation latency p50, ${result.concurrency} at once (${load})`,
      value: Math.round(result.burstP50Ms),
      unit: 'ms',
      baseline: { name: 'one at a time, p50 (ms)', value: Math.round(result.singleP50Ms) },
    },
    { name: `invitation latency max, ${result.concurrency} at once`, value: Math.round(result.burstMaxMs), unit: 'ms' },
    {
      name: `all ${result.concurrency} invitation e-mails in the SES inbox, from the burst's start`,
      value: Math.round(result.burstDeliveredMs),
      unit: 'ms',
    },
  );
}

function report(): void {
  const rows = figures.map((f) => {
    const ratio = f.baseline
      ? ` (×${(f.value / f.baseline.value).toFixed(1)} of ${f.baseline.name}: ${f.baseline.value})`
      : '';
    const goal = f.goal ? `  goal ${f.goal}` : '';
    return `${f.name}: ${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)} ${f.unit}${ratio}${goal}`;
  });
  console.log(['', 'Benchmark figures', ...rows, ''].join('\n'));
  const dir = path.join(ROOT, 'tests/bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  // A partial run (BENCH_ONLY) replaces its own figures and keeps the others of the last run.
  const kept =
    only.length > 0 && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { figures: Figure[] }).figures.filter(
          (old) => !figures.some((f) => f.name === old.name),
        )
      : [];
  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    figures: [...kept, ...figures],
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
/** The sections, in run order; `BENCH_ONLY=spa,bundles` runs only those (all by default). */
const SECTIONS: Record<string, () => Promise<void>> = {
  search: searchBenchFigures,
  bundles: bundleZipFigures,
  dashboard: dashboardBenchFigures,
  auth: authCostFigure,
  spa: async () => {
    await bundleFigures();
    await firstRenderFigure();
  },
  requests: requestFigures,
  startup: startupFigures,
  invitations: invitationBenchFigures,
  lambda: async () => {
    figures.push(...(await lambdaSizeFigures(ROOT)));
  },
};
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const unknown = only.filter((name) => !(name in SECTIONS));
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: unknown sections ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
for (const [name, run] of Object.entries(SECTIONS)) if (only.length === 0 || only.includes(name)) await run();
report();
process.exit(0);
