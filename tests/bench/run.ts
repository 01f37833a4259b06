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
 * 8. The first visit (issue 22; `first-visit.ts`, `load.ts`): Lighthouse per page and
 *    brand (`lighthouse`), bytes before the first render from the manifest and in
 *    Chromium, gzip and brotli (`spa`), time to cards against a static page of the
 *    same size (`cards`), requests and DynamoDB requests per page view (`pageviews`),
 *    `npm start` to first page with its CPU seconds (`startup`), per-group Lambda
 *    bundle size built with the CDK's esbuild settings (`lambdas`, `lambda-sizes.ts`), 50 connections × 30 s on four routes (`autocannon`).
 *    Run counts: `BENCH_LIGHTHOUSE_RUNS` (5), `BENCH_CARDS_RUNS` (5),
 *    `BENCH_FIRST_RENDER_RUNS` (3), `BENCH_AUTOCANNON_CONNECTIONS` (50),
 *    `BENCH_AUTOCANNON_SECONDS` (30), `BENCH_BRANDS` (USCR,VACR), `BENCH_STARTUP_MODES`
 *    (dev,dist). docs/benchmarks.md "How to run" lists them all.
 *
 * 9. Previews (issue 24; `previews.ts`): time from the click to the first page of a
 *    5 MiB PDF in the preview dialog, cold, against downloading the same file in the
 *    same run (`BENCH_PREVIEW_RUNS`, 3).
 *
 * 10. OAI-PMH (issue 24 item 7; `oai-pmh.ts`): ListRecords over 10,000 generated items,
 *    whole harvests in `oai_dc` and `lom`, records/s against the plain search's hits/s of
 *    the same page size in the same run, and live memory sampled after every page.
 *
 * 11. Revisions (issue 25 items 2–3; `revisions.ts`): bytes of the revision a publish
 *    stores for a SEED Labs module (raw JSON and gzip), and the revision list and diff at
 *    200 revisions as ratios to a plain content GET of the same run.
 *
 * 13. My library (issue 26 item 1; `library.ts`): DynamoDB requests and items read per page
 *    of the saved items and of the download history (goal ≤ 2), and their median ms, next
 *    to a plain content GET of the same run.
 *
 * 12. Ratings (issue 26 item 3; `ratings.ts`): 50 concurrent ratings of one item, and the
 *    same raters changing them at once, as ratios to 50 ratings one after another in the
 *    same run; transactions retried after a conflict; the aggregate checked exact
 *    (`BENCH_RATING_RUNS`, 3).
 *
 * 14. Coverage (issue 27 item 2; `coverage.ts`): DynamoDB requests and median ms of the
 *    coverage report of a 200-item collection, as ratios to getCollection of the same run
 *    (goal: one request per item at most).
 *
 * 15. Backup and restore (issue 28 item 1; `backup.ts`): `writeBackup` and `restoreBackup`
 *    on the seeded portal's data folder and on one with 10⁵ downloads (the dashboard
 *    bench's generator), each as a ratio to a plain zip and extraction of the same folder
 *    with the same library and to a plain folder copy; archive size, items/s, the
 *    restore's verification alone, peak RSS growth (`BENCH_BACKUP_DOWNLOADS`,
 *    `2000,100000`).
 *
 * 16. Overload (issue 28 item 4; `overload.ts`): against `npm start` with its admission
 *    control on, the capacity of the content detail (read) and of a rating (write), then
 *    4× that load: answers by status, the share with `Retry-After`, p50/p99 as ratios to
 *    the run at capacity, timeouts, and the time until the portal answers at normal
 *    latency again once the load stops (`BENCH_OVERLOAD_SECONDS`, 15;
 *    `BENCH_OVERLOAD_STEP_SECONDS`, 5).
 *
 * Results print as a table and are written to `tests/bench/results/latest.json`.
 * `BENCH_ONLY=spa,bundles` (sections: search, bundles, dashboard, auth, spa, requests, startup,
 * invitations, cards, pageviews, lambdas, autocannon, lighthouse, previews, oai, revisions, ratings, library, coverage,
 * backup, overload) runs only those sections and
 * replaces only their figures in `latest.json`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { firstRenderJavaScript } from '../support/first-render-javascript.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';
import { backupFigures } from './backup.ts';
import { bundleBenchFigures } from './bundles.ts';
import { cartridgeBenchFigures } from './cartridges.ts';
import { coverageFigures } from './coverage.ts';
import { dashboardFigures } from './dashboard.ts';
import {
  chromiumFirstRenderFigures,
  countDynamoRequests,
  lighthouseFigures,
  pageViewFigures,
  timeToCardsFigures,
} from './first-visit.ts';
import { invitationFigures } from './invitations.ts';
import { lambdaSizeFigures } from './lambda-sizes.ts';
import { libraryFigures } from './library.ts';
import { concurrentVisitorFigures } from './load.ts';
import { oaiBenchFigures, oaiFigures } from './oai-pmh.ts';
import { overloadFigures } from './overload.ts';
import { previewBenchFigures } from './previews.ts';
import { ratingFigures } from './ratings.ts';
import { revisionFigures } from './revisions.ts';
import { searchFigures } from './search.ts';
import { searchHandlerFigures } from './search-handler.ts';
import {
  buildSpaOnce,
  type Figure,
  firstOk,
  freePort,
  loadAverage,
  portalTokenOver,
  processTreeCpuSeconds,
  ROOT,
  spawnStart,
  stopChild,
} from './support.ts';

const figures: Figure[] = [];

/** What one `npm start` took until its first page and its first API answer. */
interface StartMeasure {
  /** ms until `/courseware` answered 200 with its HTML. */
  page: number;
  /** ms until the first content-list page answered 200. */
  api: number;
  /** CPU seconds of the whole process tree until the first page answered. */
  cpuSeconds: number;
  loadAverage: [number, number];
}

/** Starts `npm start`'s command and measures the first page, the first API answer and the CPU used until the page. */
async function measureStart(dataDir: string, webMode: 'dev' | 'dist'): Promise<StartMeasure> {
  const port = await freePort();
  const before = loadAverage();
  const started = Date.now();
  const { child, stderr } = spawnStart({ PORT: String(port), DATA_DIR: dataDir, WEB_MODE: webMode });
  try {
    const page = await firstOk(`http://127.0.0.1:${port}/courseware`, started, child, { html: true });
    const cpuSeconds = child.pid === undefined ? 0 : processTreeCpuSeconds(child.pid);
    const api = await firstOk(`http://127.0.0.1:${port}/api/v1/content?condense=true&limit=10`, started, child);
    return { page, api, cpuSeconds, loadAverage: [before, loadAverage()] };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr()}`);
  } finally {
    await stopChild(child);
  }
}

async function measureBaselineStart(): Promise<{ ms: number; cpuSeconds: number }> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  try {
    const ms = await firstOk(`http://127.0.0.1:${port}/`, started, child);
    return { ms, cpuSeconds: child.pid === undefined ? 0 : processTreeCpuSeconds(child.pid) };
  } finally {
    await stopChild(child);
  }
}

/**
 * `npm start` to the first page (issue 2; issue 22 item 6): per web mode
 * (`BENCH_STARTUP_MODES`, default `dev,dist`), on a fresh data folder (seeding
 * included) and again on the now-seeded folder, the ms until `/courseware` answers
 * 200 with its HTML and the CPU seconds the whole process tree used until then;
 * baseline: a bare Node HTTP server started the same way. The SPA is built first
 * (not counted), so `dist` serves the current build.
 */
async function startupFigures(): Promise<void> {
  const modes = (process.env.BENCH_STARTUP_MODES ?? 'dev,dist').split(',').filter(Boolean);
  const unknownModes = modes.filter((m) => m !== 'dev' && m !== 'dist');
  if (unknownModes.length > 0) throw new Error(`BENCH_STARTUP_MODES: unknown modes ${unknownModes.join(', ')}`);
  if (modes.includes('dist')) await buildSpaOnce();
  const bare = await measureBaselineStart();
  const baseline = { name: 'bare Node HTTP server, first answer (ms)', value: bare.ms };
  const cpuBaseline = { name: 'bare Node HTTP server (CPU s)', value: Number(bare.cpuSeconds.toFixed(2)) };
  for (const webMode of modes as ('dev' | 'dist')[]) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    try {
      const fresh = await measureStart(dataDir, webMode);
      const warm = await measureStart(dataDir, webMode);
      console.error(
        `npm start (WEB_MODE=${webMode}): fresh ${fresh.page} ms, ${fresh.cpuSeconds.toFixed(1)} CPU s (load average ${fresh.loadAverage.join('→')}); ` +
          `seeded ${warm.page} ms, ${warm.cpuSeconds.toFixed(1)} CPU s (load average ${warm.loadAverage.join('→')})`,
      );
      figures.push(
        {
          name: `npm start → first page, fresh data folder (WEB_MODE=${webMode})`,
          value: fresh.page,
          unit: 'ms',
          baseline,
          ...(webMode === 'dist' ? { goal: '≤ 15 s on an idle 2-core machine' } : {}),
          loadAverage: fresh.loadAverage,
        },
        {
          name: `npm start → first API answer, fresh data folder (WEB_MODE=${webMode})`,
          value: fresh.api,
          unit: 'ms',
          baseline,
          loadAverage: fresh.loadAverage,
        },
        {
          name: `npm start → first page, CPU seconds of the process tree, fresh data folder (WEB_MODE=${webMode})`,
          value: Number(fresh.cpuSeconds.toFixed(2)),
          unit: 's',
          baseline: cpuBaseline,
          loadAverage: fresh.loadAverage,
        },
        {
          name: `npm start → first page, seeded data folder (WEB_MODE=${webMode})`,
          value: warm.page,
          unit: 'ms',
          baseline,
          loadAverage: warm.loadAverage,
        },
        {
          name: `npm start → first page, CPU seconds of the process tree, seeded data folder (WEB_MODE=${webMode})`,
          value: Number(warm.cpuSeconds.toFixed(2)),
          unit: 's',
          baseline: cpuBaseline,
          loadAverage: warm.loadAverage,
        },
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
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

/**
 * The JavaScript before the first render from the build manifest (issue 22 item 3;
 * decision records 040 and 043, `firstRenderJavaScript`): what a server-rendered page
 * loads before its visitor's first use, and what the SPA's first render needs (the
 * page's entry plus the SPA's entry and their static imports), gzip (Node's default
 * level) and brotli (quality 11), next to all JavaScript of the build.
 */
async function bundleFigures(): Promise<void> {
  const dist = await buildSpaOnce();
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('web/dist/.vite/manifest.json is missing: set build.manifest');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const { page, entry } = firstRenderJavaScript(dist);
  if (entry.files.some((f) => /nivo|d3-/.test(f.key))) throw new Error('a chart library is in the entry chunk');
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(dist, file)));
  const total = {
    gzip: allJs.reduce((sum, body) => sum + gzipSync(body).length, 0),
    brotli: allJs.reduce((sum, body) => sum + brotliCompressSync(body).length, 0),
  };
  for (const [label, set, goal] of [
    ['a server-rendered page before its first use (page entry + static imports)', page, 'a few KB'],
    ['the SPA’s first render (page entry + SPA entry + static imports)', entry, '≤ 170 KB; no charts'],
  ] as const) {
    for (const encoding of ['gzip', 'brotli'] as const) {
      figures.push({
        name: `JavaScript of ${label}, ${encoding}`,
        value: Math.round((set[encoding] / 1024) * 10) / 10,
        unit: 'KiB',
        baseline: { name: `all JavaScript of the build, ${encoding} (KiB)`, value: Math.round(total[encoding] / 1024) },
        goal,
      });
    }
  }
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
  const { child } = spawnStart({ PORT: String(port), DATA_DIR: dataDir, WEB_MODE: 'none' });
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

/**
 * Courseware search at 1,000, 10,000 and 50,000 generated items (issue 4): search
 * p50/p95/p99 over the mixed query set with the naive scan of the same run as the
 * baseline, each sort order's p95 against relevance order's (issue 24 item 3), index
 * build, snapshot size, load and memory.
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
    if (atGoal) {
      // Issue 24 item 3: each order's p95 against relevance order's in the same interleaved run.
      for (const [sort, sorted] of Object.entries(size.bySort)) {
        figures.push({
          name: `search p95 sorted by ${sort}, ${n} items, ÷ relevance p95 of the same run`,
          value: Number(sorted.p95Ratio.toFixed(2)),
          unit: '×',
          baseline: { name: 'relevance p95 (ms)', value: Number(size.bySort.relevance.p95Ms.toFixed(3)) },
          goal: '≤ 1.2',
        });
      }
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
 * Common Cartridge export (issue 27 item 6, decision record 078): the cartridge of the
 * largest seeded module and of a 1 GB collection, its throughput against the zip of the
 * same files in the same run, and its peak memory growth (`cartridges.ts`).
 */
async function cartridgeFigures(): Promise<void> {
  for (const size of await cartridgeBenchFigures()) {
    figures.push(
      {
        name: `cartridge throughput, ${size.label} (${size.files} files)`,
        value: Number(size.cartridge.mbPerSecond.toFixed(1)),
        unit: 'MB/s',
        baseline: { name: 'zip bundle of the same files (MB/s)', value: Number(size.zip.mbPerSecond.toFixed(1)) },
        goal: 'ratio ≥ 0.8',
      },
      {
        name: `cartridge peak RSS growth, ${size.label}`,
        value: Number((size.cartridge.peakRss / 2 ** 20).toFixed(1)),
        unit: 'MiB',
        goal: '≤ 64 MB',
      },
    );
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
    const ratio = f.baseline?.value
      ? ` (×${(f.value / f.baseline.value).toFixed(1)} of ${f.baseline.name}: ${f.baseline.value})`
      : '';
    const goal = f.goal ? `  goal ${f.goal}` : '';
    const load = f.loadAverage ? `  [load average ${f.loadAverage[0].toFixed(2)}→${f.loadAverage[1].toFixed(2)}]` : '';
    return `${f.name}: ${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)} ${f.unit}${ratio}${goal}${load}`;
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
/** A progress line of a long section (each run with its load average), on standard error. */
const progress = (line: string) => console.error(line);
/** The sections, in run order; `BENCH_ONLY=spa,bundles` runs only those (all by default). */
const SECTIONS: Record<string, () => Promise<void>> = {
  search: searchBenchFigures,
  bundles: bundleZipFigures,
  cartridges: cartridgeFigures,
  dashboard: dashboardBenchFigures,
  auth: authCostFigure,
  spa: async () => {
    await bundleFigures();
    figures.push(...(await chromiumFirstRenderFigures()));
  },
  requests: requestFigures,
  startup: startupFigures,
  invitations: invitationBenchFigures,
  cards: async () => {
    figures.push(...(await timeToCardsFigures(progress)));
  },
  pageviews: async () => {
    figures.push(...(await pageViewFigures(progress)));
  },
  lambdas: async () => {
    figures.push(...(await lambdaSizeFigures(ROOT)));
  },
  autocannon: async () => {
    figures.push(...(await concurrentVisitorFigures(progress)));
  },
  lighthouse: async () => {
    figures.push(...(await lighthouseFigures(progress)));
  },
  previews: async () => {
    figures.push(...(await previewBenchFigures(progress)));
  },
  oai: async () => {
    figures.push(...oaiFigures(await oaiBenchFigures()));
  },
  revisions: async () => {
    figures.push(...(await revisionFigures()));
  },
  library: async () => {
    figures.push(...(await libraryFigures()));
  },
  ratings: async () => {
    figures.push(...(await ratingFigures()));
  },
  coverage: async () => {
    figures.push(...(await coverageFigures()));
  },
  backup: async () => {
    figures.push(...(await backupFigures(progress)));
  },
  overload: async () => {
    figures.push(...(await overloadFigures(progress)));
  },
};
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const unknown = only.filter((name) => !(name in SECTIONS));
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: unknown sections ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
for (const [name, run] of Object.entries(SECTIONS)) if (only.length === 0 || only.includes(name)) await run();
report();
process.exit(0);
