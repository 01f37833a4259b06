import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * What the benchmark sections share: the figure record, the load average, medians,
 * free ports, and starting `npm start`'s command (`infra/local/start.ts`) as a child
 * process the way a developer does.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** One benchmark figure, printed by `npm run bench` and written to `tests/bench/results/latest.json`. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same measure of a reference in the same run (the ratio is what compares across machines). */
  baseline?: { name: string; value: number };
  goal?: string;
  /** The 1-minute load average (`/proc/loadavg`) at the start and at the end of the measurement. */
  loadAverage?: [number, number];
  /** Each run behind a median, with the 1-minute load average when it ended. */
  runs?: { value: number; loadAverage: number }[];
}

/** The 1-minute load average from `/proc/loadavg` (0 where the file does not exist). */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
}

/** Runs `act` and returns its result with the 1-minute load average before and after it. */
export async function withLoadAverage<T>(act: () => Promise<T>): Promise<{ result: T; loadAverage: [number, number] }> {
  const before = loadAverage();
  const result = await act();
  return { result, loadAverage: [before, loadAverage()] };
}

/** The median of `values` (the mean of the middle two for an even count). @throws Error when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A positive whole number from the environment variable `name`, else `fallback`. @throws Error on any other value. */
export function countFromEnv(name: string, fallback: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text) || Number(text) === 0)
    throw new Error(`${name} must be a whole number above 0, not "${text}"`);
  return Number(text);
}

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Waits (up to 10 minutes: a first start seeds) until the portal at `base` (`http://127.0.0.1:<port>`)
 * answers its content list, then returns the id of the seeded item at `alias`.
 * @throws Error with the portal's `stderr` when it exits or does not answer in time; Error
 *   when the seeded portal has no item at `alias`.
 */
export async function seededContentId(
  base: string,
  child: ChildProcess,
  stderr: () => string,
  alias: string,
): Promise<string> {
  await firstOk(`${base}/api/v1/content?limit=1`, Date.now(), child, { timeoutMs: 600_000 }).catch((error) => {
    throw new Error(`${(error as Error).message}\n${stderr()}`);
  });
  const detail = (await (await fetch(`${base}/api/v1/content/${encodeURIComponent(alias)}`)).json()) as {
    content?: { id?: string };
  };
  const id = detail.content?.id;
  if (!id) throw new Error(`the seeded portal has no content at ${alias}`);
  return id;
}

/**
 * Polls `url` until it answers 200 (and, with `html`, a `text/html` body holding an
 * `<html` tag); returns ms since `started` (a `Date.now()`).
 * @throws Error when `child` exits first or nothing answers within `timeoutMs`.
 */
export async function firstOk(
  url: string,
  started: number,
  child: ChildProcess,
  options: { timeoutMs?: number; html?: boolean } = {},
): Promise<number> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) {
        const body = await res.text();
        const isHtml = (res.headers.get('content-type') ?? '').includes('text/html') && /<html/i.test(body);
        if (!options.html || isHtml) return Date.now() - started;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops a child with SIGINT (the portal's clean shutdown) and waits for it to exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

/**
 * The environment of a fresh shell: this process's, less what an in-process portal
 * set (endpoints of its emulators, table and bucket names), which a child would
 * otherwise take for a LocalStack to use.
 */
export function freshEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) {
    if (name.startsWith('AWS_ENDPOINT_URL') || ['TABLE_NAME', 'PRIVATE_BUCKET', 'PUBLIC_BUCKET'].includes(name)) {
      delete env[name];
    }
  }
  return env;
}

/**
 * Starts `npm start`'s command (`tsx infra/local/start.ts`) with `env` added to a
 * fresh environment; its standard error is kept for the error message of a failed start.
 */
export function spawnStart(env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  const child = spawn(TSX, ['infra/local/start.ts'], {
    cwd: ROOT,
    env: freshEnvironment(env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, stderr: () => stderr };
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    clockTicks = Number(out.stdout?.trim()) || 100;
  }
  return clockTicks;
}

/**
 * CPU seconds (user + system) the process `pid` and all its descendants used so far,
 * from `/proc/<pid>/stat`: each live process's own time plus the time of its children
 * that have exited and been waited for (`cutime`, `cstime`).
 * @returns 0 where `/proc` does not exist.
 */
export function processTreeCpuSeconds(pid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const entry of entries) {
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) is in parentheses and may hold spaces: the fields after it start at 3.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
      stats.set(Number(entry), { ppid, ticks });
    } catch {
      // the process ended while the folder was read
    }
  }
  const tree = new Set<number>([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, { ppid }] of stats) {
      if (!tree.has(child) && tree.has(ppid)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const member of tree) ticks += stats.get(member)?.ticks ?? 0;
  return ticks / ticksPerSecond();
}

let spaBuilt: Promise<string> | undefined;

/**
 * Builds the SPA's production bundle into `web/dist` (the folder `npm start` with
 * `WEB_MODE=dist` and the CDK app use), once per benchmark run; returns its path.
 * With `BENCH_REUSE_WEB_DIST=1` an existing `web/dist` is used as it is.
 * @throws Error when the build fails.
 */
export function buildSpaOnce(): Promise<string> {
  spaBuilt ??= (async () => {
    const dist = path.join(ROOT, 'web/dist');
    if (process.env.BENCH_REUSE_WEB_DIST === '1' && existsSync(path.join(dist, 'index.html'))) return dist;
    const build = spawn(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const code = await new Promise<number | null>((r) => build.once('exit', r));
    if (code !== 0) throw new Error(`vite build exited with ${code}`);
    return dist;
  })();
  return spaBuilt;
}

/**
 * Prints each figure on one line: its name, value and unit, the ratio to its baseline
 * with the baseline's name and value, and the load average around it (the stand-alone
 * runs of the bench sections, e.g. `npx tsx tests/bench/library.ts`).
 */
export function printFigures(figures: readonly Figure[]): void {
  for (const figure of figures) {
    const ratio = figure.baseline
      ? ` (×${(figure.value / figure.baseline.value).toFixed(2)} of ${figure.baseline.name}: ${figure.baseline.value})`
      : '';
    const load = figure.loadAverage ? ` [load average ${figure.loadAverage.join(' → ')}]` : '';
    console.log(`${figure.name}: ${figure.value} ${figure.unit}${ratio}${load}`);
  }
}

/**
 * The median milliseconds of `runs` runs of `act`, after one warm-up run that is not
 * counted (the bench sections' in-process timings: revisions, library).
 */
export async function medianMs(act: () => Promise<unknown>, runs: number): Promise<number> {
  const values: number[] = [];
  await act();
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await act();
    values.push(performance.now() - started);
  }
  return median(values);
}

/**
 * Signs in as `persona` through the dev identity provider of the portal at `base` (a
 * separate `npm start`) and returns a portal token for `Authorization: Bearer`.
 * @throws Error when the login does not redirect with a token or authenticate fails.
 */
export async function portalTokenOver(base: string, persona: string): Promise<string> {
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
