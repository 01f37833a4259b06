/**
 * The dashboard at growing download histories (issue 7 "Benchmark"; decision record
 * 023): for each size, a fresh on-disk dynalite (the local stack's, `DATA_DIR`-style)
 * is seeded with the catalog and `seedDownloadHistory({ count })`; then, in three
 * rounds that take every size in turn, a fresh process starts the emulators on that
 * folder and the `statistics` group's Lambda entry, invoked in-process with API
 * Gateway v2 events and an editor's portal token, answers
 *
 * - the dashboard load: the nine requests the "File downloads" view makes for the
 *   default range (182 days before today to tomorrow), all at once as the SPA sends
 *   them; wall time per load and the DynamoDB items each request read (the sum of
 *   `ScannedCount`, the figure that decides the cost on AWS);
 * - the CSV export: every raw event of the default range, 1,000 a page, through the
 *   handler (rows/s), next to the same pages read by a bare Query of the same month
 *   partitions through the same SDK client (the baseline: what the handler adds is
 *   validation, the token and mapping to spec §3's shape).
 *
 * 10⁷ "on paper": the counters a dashboard request can read are bounded by the
 * periods of the range (splitRange) × the subjects that exist (business units of the
 * history's faculty, regions, categories, top-most content), not by the events;
 * {@link counterBound} computes that bound, which every size meets.
 *
 * Runnable alone: `npx tsx tests/bench/dashboard.ts [sizes…]` (default 100000 1000000).
 */

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { dynamoDbClient, dynamoDocumentClient } from '../../functions/src/adapters/aws-clients.ts';
import { handler } from '../../functions/src/api/statistics/index.ts';
import { tableName } from '../../functions/src/data/dynamo.ts';
import { statisticCounterPartition, statisticEventsPartition } from '../../functions/src/data/keys.ts';
import { monthsOf, splitRange } from '../../functions/src/data/statistics.ts';
import { getUserAccount } from '../../functions/src/data/users.ts';
import { DOWNLOAD_STATISTIC_CATEGORY } from '../../functions/src/domain/download-statistics.ts';
import { principalFor } from '../../functions/src/domain/entitlement.ts';
import { seedId } from '../../functions/src/domain/ids.ts';
import { signPortalToken } from '../../functions/src/lib/auth/portal-tokens.ts';
import { portalTokenTestEnv, resetPortalTokenCaches } from '../../functions/src/lib/auth/test-support.ts';
import { seedDownloadHistory } from '../../functions/src/seed/download-history.ts';
import { runSeed } from '../../functions/src/seed/import.ts';
import { loadEvent, withHeaders, withPathParameters, withQuery } from '../../functions/src/test-support/events.ts';
import { lambdaContext } from '../../functions/src/test-support/stack.ts';
import { startEmulators } from '../../infra/local/emulators.ts';
import { TABLE } from '../../shared/table.ts';
import { defaultRange } from '../../web/src/features/dashboard/utils/dates.ts';
import type { Latency } from './search.ts';

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** The instant the histories end at (fixed, so every run generates the same history). */
const NOW = new Date('2026-11-21T12:00:00.000Z');
/** Dashboard loads measured after the warm-up loads. */
const LOADS = 15;
const WARM_UP_LOADS = 3;

/** One request of the "File downloads" view (downloads-view.tsx, top-table.tsx). */
interface DashboardRequest {
  readonly name: string;
  readonly metric: string;
  readonly query: Readonly<Record<string, string>>;
}

/** The requests of the view for one range, as the SPA sends them. */
export function dashboardRequests(from: string, to: string): DashboardRequest[] {
  const range = { from, to };
  const table = (group?: string, limit?: number) => ({
    ...range,
    resolution: 'day',
    view: 'table',
    ...(group ? { group } : {}),
    ...(limit ? { limit: String(limit) } : {}),
  });
  return [
    { name: 'daily downloads (chart)', metric: 'total', query: { ...range, resolution: 'day', view: 'chart' } },
    { name: 'downloads per region (table)', metric: 'region', query: table() },
    { name: 'downloads per business-unit category (table)', metric: 'businessUnitCategory', query: table() },
    {
      name: 'users per region (chart, month)',
      metric: 'users',
      query: { ...range, resolution: 'month', view: 'chart' },
    },
    ...(['K12', 'college', 'university', 'government'] as const).map((group) => ({
      name: `top ${group} (table, 10)`,
      metric: 'businessUnit',
      query: table(group, 10),
    })),
    { name: 'top content (table, 5)', metric: 'content', query: table(undefined, 5) },
  ];
}

/** Figures of one request at one size. */
export interface RequestFigures {
  readonly name: string;
  /** Median of its time inside the measured loads (ms; the requests overlap). */
  readonly p50Ms: number;
  /** DynamoDB items read per answer (all pages), the sum of ScannedCount. */
  readonly itemsRead: number;
}

/** Figures at one history size. */
export interface DashboardSizeFigures {
  readonly events: number;
  /** Items the generator wrote: raw events, counters, user markers, business units. */
  readonly itemsWritten: number;
  readonly generateMs: number;
  /** Measuring processes whose loads and export rates are summarised here. */
  readonly rounds: number;
  readonly range: { readonly from: string; readonly to: string };
  /** Wall time of a whole dashboard load (all requests at once). */
  readonly load: Latency;
  readonly requests: readonly RequestFigures[];
  /** Items read by one dashboard load. */
  readonly itemsRead: number;
  /** The most items a load can read with this history's subjects, at any number of events ({@link counterBound}). */
  readonly itemsBound: number;
  readonly export: {
    readonly rows: number;
    readonly pages: number;
    readonly rowsPerSecond: number;
    /** The same month partitions read with bare Queries of 1,000 items (rows/s). */
    readonly baselineRowsPerSecond: number;
  };
}

/** Everything {@link dashboardFigures} measures. */
export interface DashboardBenchFigures {
  readonly machine: { readonly loadBefore: number; readonly loadAfter: number; readonly cpus: number };
  readonly sizes: readonly DashboardSizeFigures[];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
  };
}

/** Adds `ScannedCount` of every DynamoDB answer to `counter.items` while installed; answers the remover. */
function countItemsRead(counter: { items: number }): () => void {
  const name = `bench-items-read-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as { ScannedCount?: number; Count?: number };
      counter.items += output.ScannedCount ?? output.Count ?? 0;
      return result;
    },
    { step: 'initialize', name },
  );
  return () => dynamoDbClient.middlewareStack.remove(name);
}

async function editorToken(): Promise<string> {
  const account = await getUserAccount(seedId('user', 'editor'));
  if (!account) throw new Error('No seeded editor account.');
  return signPortalToken({
    userId: account.user.id,
    displayName: account.user.displayName,
    email: account.user.email,
    picture: account.user.picture,
    provider: 'vcr',
    ...principalFor(account, 'USCR'),
  });
}

async function invoke(event: APIGatewayProxyEventV2): Promise<{ items: unknown[]; nextPageToken: string | null }> {
  const result = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
  if (result.statusCode !== 200) throw new Error(`statistics answered ${result.statusCode}: ${result.body}`);
  return JSON.parse(result.body as string) as { items: unknown[]; nextPageToken: string | null };
}

/** Every page of one bucket request (charts page; top tables ask for one page). */
async function answer(request: DashboardRequest, token: string): Promise<number> {
  let pages = 0;
  let pageToken: string | null = null;
  do {
    const query: Record<string, string> = { ...request.query, ...(pageToken ? { pageToken } : {}) };
    const event = withHeaders(
      withPathParameters(withQuery(loadEvent('statistics/list-statistic-buckets'), query), {
        category: DOWNLOAD_STATISTIC_CATEGORY,
        metric: request.metric,
      }),
      { authorization: `Bearer ${token}` },
    );
    const page = await invoke(event);
    pages += 1;
    pageToken = request.query.limit ? null : page.nextPageToken;
  } while (pageToken);
  return pages;
}

async function measureLoads(requests: readonly DashboardRequest[], token: string) {
  for (let i = 0; i < WARM_UP_LOADS; i += 1) await Promise.all(requests.map((request) => answer(request, token)));
  const loads: number[] = [];
  const perRequest = requests.map(() => [] as number[]);
  for (let i = 0; i < LOADS; i += 1) {
    const started = performance.now();
    await Promise.all(
      requests.map(async (request, index) => {
        await answer(request, token);
        perRequest[index]?.push(performance.now() - started);
      }),
    );
    loads.push(performance.now() - started);
  }
  const itemsRead: number[] = [];
  for (const request of requests) {
    const counter = { items: 0 };
    const remove = countItemsRead(counter);
    try {
      await answer(request, token);
    } finally {
      remove();
    }
    itemsRead.push(counter.items);
  }
  return { loads, perRequest, itemsRead };
}

async function measureExport(from: string, to: string, token: string) {
  let rows = 0;
  let pages = 0;
  let pageToken: string | null = null;
  const started = performance.now();
  do {
    const event = withHeaders(
      withQuery(loadEvent('statistics/list-raw-statistics'), {
        from,
        to,
        limit: '1000',
        ...(pageToken ? { pageToken } : {}),
      }),
      { authorization: `Bearer ${token}` },
    );
    const page = await invoke(event);
    rows += page.items.length;
    pages += 1;
    pageToken = page.nextPageToken;
  } while (pageToken);
  const seconds = (performance.now() - started) / 1000;

  let baselineRows = 0;
  const baselineStarted = performance.now();
  for (const month of monthsOf(from, to)) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const output = await dynamoDocumentClient.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :last',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
          ExpressionAttributeValues: {
            ':pk': statisticEventsPartition(DOWNLOAD_STATISTIC_CATEGORY, month),
            ':first': `${from}T00:00:00.000Z`,
            ':last': `${to}T23:59:59.999Z#\uffff`,
          },
          Limit: 1000,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      baselineRows += output.Items?.length ?? 0;
      startKey = output.LastEvaluatedKey;
    } while (startKey);
  }
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  if (baselineRows !== rows) throw new Error(`the export gave ${rows} rows, a bare Query ${baselineRows}`);
  return { rows, pages, rowsPerSecond: rows / seconds, baselineRowsPerSecond: baselineRows / baselineSeconds };
}

/** What one measuring process answers for one data folder. */
interface Measurement {
  readonly loads: number[];
  readonly perRequest: number[][];
  readonly itemsRead: number[];
  readonly itemsBound: number;
  readonly export: DashboardSizeFigures['export'];
}

/**
 * Generates a history of `count` downloads into `dataDir` (the catalog seeded first,
 * `runSeed`, then `seedDownloadHistory` ending at a fixed instant), with the emulators
 * of this process, stopped afterwards; the backup bench (`backup.ts`) uses it too.
 * @returns what `seedDownloadHistory` reports (events, counters, markers, business units, ms).
 * @throws Error when the emulators do not start or the seed fails.
 */
export async function generateDownloadHistoryInto(dataDir: string, count: number, log: (line: string) => void) {
  const emulators = await startEmulators({ dataDir });
  try {
    await runSeed({ log: () => undefined });
    return await seedDownloadHistory({ count, now: NOW, log });
  } finally {
    await emulators.stop();
  }
}

/** Measures a dashboard load and the export on the history in `dataDir` (this process's own emulators). */
async function measureIn(dataDir: string): Promise<Measurement> {
  Object.assign(process.env, portalTokenTestEnv(), { VALIDATE_RESPONSES: 'false' });
  delete process.env.BRAND;
  resetPortalTokenCaches();
  const emulators = await startEmulators({ dataDir });
  try {
    const token = await editorToken();
    const range = defaultRange(NOW);
    const requests = dashboardRequests(range.from, range.to);
    const { loads, perRequest, itemsRead } = await measureLoads(requests, token);
    const exported = await measureExport(range.from, range.to, token);
    return { loads, perRequest, itemsRead, itemsBound: await counterBound(range.from, range.to), export: exported };
  } finally {
    await emulators.stop();
  }
}

/**
 * The environment of a fresh process: this one's, less what emulators of this
 * process set (endpoints, table and bucket names), which a child would otherwise
 * take for a LocalStack to use.
 */
function childEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
  for (const name of Object.keys(env)) {
    if (name.startsWith('AWS_ENDPOINT_URL') || ['TABLE_NAME', 'PRIVATE_BUCKET', 'PUBLIC_BUCKET'].includes(name)) {
      delete env[name];
    }
  }
  return env;
}

/** Runs {@link measureIn} in a new Node process (a cold container, no garbage of other sizes). */
async function measureInChild(dataDir: string): Promise<Measurement> {
  const { stdout } = await execFileAsync(TSX, [fileURLToPath(import.meta.url), 'measure', dataDir], {
    cwd: ROOT,
    env: childEnvironment(),
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(stdout) as Measurement;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Rounds of measurement; each round measures every size once, in turn. */
const ROUNDS = 3;

/**
 * Measures the dashboard at each history size (default 10⁵ and 10⁶ downloads): each
 * history is generated once into its own fresh data folder; then {@link ROUNDS}
 * rounds measure every size in turn, each in a fresh process, so that whatever else
 * the machine does falls on all sizes alike. Load percentiles are over every load
 * of every round; the export rates are medians of the rounds. The folders are
 * removed at the end.
 * @throws Error when a request does not answer 200, the export disagrees with a bare
 *   Query, or the rounds read different numbers of items.
 */
export async function dashboardFigures(
  sizes: readonly number[] = [100_000, 1_000_000],
  log: (line: string) => void = () => undefined,
): Promise<DashboardBenchFigures> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const folders: {
    count: number;
    dataDir: string;
    generated: Awaited<ReturnType<typeof generateDownloadHistoryInto>>;
  }[] = [];
  try {
    for (const count of sizes) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-dashboard-'));
      folders.push({ count, dataDir, generated: await generateDownloadHistoryInto(dataDir, count, log) });
    }
    const rounds = folders.map(() => [] as Measurement[]);
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, folder] of folders.entries()) {
        log(`dashboard bench: round ${round} of ${ROUNDS}, ${folder.count} downloads`);
        rounds[index]?.push(await measureInChild(folder.dataDir));
      }
    }
    const range = defaultRange(NOW);
    const names = dashboardRequests(range.from, range.to).map((request) => request.name);
    const results = folders.map(({ generated }, index): DashboardSizeFigures => {
      const measured = rounds[index] ?? [];
      const [first] = measured;
      if (!first) throw new Error('No measurement.');
      for (const other of measured) {
        if (JSON.stringify(other.itemsRead) !== JSON.stringify(first.itemsRead)) {
          throw new Error(`The rounds read different items: ${first.itemsRead} vs ${other.itemsRead}`);
        }
      }
      return {
        events: generated.events,
        itemsWritten: generated.events + generated.counters + generated.markers + generated.businessUnits,
        generateMs: generated.durationMs,
        rounds: measured.length,
        range,
        load: latency(measured.flatMap((one) => one.loads)),
        requests: names.map((name, request) => ({
          name,
          p50Ms: latency(measured.flatMap((one) => one.perRequest[request] ?? [])).p50Ms,
          itemsRead: first.itemsRead[request] ?? 0,
        })),
        itemsRead: first.itemsRead.reduce((sum, items) => sum + items, 0),
        itemsBound: first.itemsBound,
        export: {
          rows: first.export.rows,
          pages: first.export.pages,
          rowsPerSecond: median(measured.map((one) => one.export.rowsPerSecond)),
          baselineRowsPerSecond: median(measured.map((one) => one.export.baselineRowsPerSecond)),
        },
      };
    });
    return { machine: { loadBefore, loadAfter: os.loadavg()[0] ?? 0, cpus: os.cpus().length }, sizes: results };
  } finally {
    for (const { dataDir } of folders) await rm(dataDir, { recursive: true, force: true });
  }
}

/** Counters read per subject by a table read of [from, to], by time frame (splitRange), e.g. `{ day: 3, week: 4, month: 5 }`. */
export function periodsPerSubject(from: string, to: string): Record<string, number> {
  const periods: Record<string, number> = {};
  const days = (first: string, last: string) => (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;
  for (const run of splitRange(from, to)) {
    const count =
      run.timeFrame === 'day'
        ? days(run.first, run.last)
        : run.timeFrame === 'week'
          ? (Date.parse(run.last) - Date.parse(run.first)) / (7 * 86_400_000) + 1
          : run.timeFrame === 'month'
            ? monthsOf(`${run.first}-01`, `${run.last}-01`).length
            : Number(run.last) - Number(run.first) + 1;
    periods[run.timeFrame] = (periods[run.timeFrame] ?? 0) + count;
  }
  return periods;
}

/** Distinct subjects of a metric (and group) over the whole history: the subjects of its year counters. */
async function subjectsOf(metric: string, group?: string): Promise<number> {
  const subjects = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#subject': 'subject' },
        ExpressionAttributeValues: {
          ':pk': statisticCounterPartition(DOWNLOAD_STATISTIC_CATEGORY, metric, 'year', group),
        },
        ProjectionExpression: '#subject',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of output.Items ?? []) subjects.add(item.subject as string);
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return subjects.size;
}

/**
 * The most counters one dashboard load can read with this history's subjects,
 * however many downloads there are ("10⁷ on paper"): a table read reads at most one
 * counter per subject and period of splitRange; the daily chart one per day; the
 * monthly users chart one per month and region.
 */
export async function counterBound(from: string, to: string): Promise<number> {
  const perSubject = Object.values(periodsPerSubject(from, to)).reduce((sum, n) => sum + n, 0);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const months = monthsOf(from, to).length;
  const regions = await subjectsOf('region');
  let bound = days + months * regions;
  for (const metric of ['region', 'businessUnitCategory', 'content']) bound += perSubject * (await subjectsOf(metric));
  for (const group of ['K12', 'college', 'university', 'government']) {
    bound += perSubject * (await subjectsOf('businessUnit', group));
  }
  return bound;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (process.argv[2] === 'measure') {
    // A measuring child of dashboardFigures: its only output is the measurement.
    const log = console.log;
    console.log = () => undefined;
    const measurement = await measureIn(process.argv[3] ?? '');
    log(JSON.stringify(measurement));
    process.exit(0);
  }
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const figures = await dashboardFigures(sizes.length > 0 ? sizes : undefined, (line) => console.error(line));
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
