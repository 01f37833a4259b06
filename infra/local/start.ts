import './quiet-node20-warning.ts';
import path from 'node:path';
import { AdmissionSettingsError, admissionSettingsFromEnv } from './admission.ts';
import { DataDirInUseError, LOCAL_SDK_REQUEST_TIMEOUT_MS } from './emulators.ts';
import { FAULTS_ENV, type FaultSettings, FaultSettingsError, parseFaults } from './faults.ts';
import { PortInUseError } from './net.ts';
import {
  PortalSetupError,
  type RunningPortal,
  type StartPortalOptions,
  startPortal,
  WEB_DIR,
  WEB_DIST_DIR,
} from './portal.ts';
import { RuntimeConfigError } from './runtime-config.ts';
import { webBuildState } from './web-build.ts';

/**
 * `npm start`: the whole portal on this machine (decision record 002), serving the
 * production build of the SPA (built first when missing or stale, issue 22 item 6).
 * `npm run dev` (`--dev`): the same with Vite's live-reload middleware instead.
 *
 * | variable  | default     | meaning                                                             |
 * |-----------|-------------|---------------------------------------------------------------------|
 * | PORT      | 3000        | port of the portal (SPA, /api, /env.json, /public)                  |
 * | HOST      | 127.0.0.1   | interface to bind; the portal is announced as http://localhost:PORT |
 * | DATA_DIR  | .data       | folder kept between runs; `:memory:` keeps nothing                  |
 * | WEB_MODE  | dist        | dist (web/dist, built if missing or stale), dev (Vite, HMR), none   |
 * |           |             | (`npm run dev` passes `--dev`: dev unless WEB_MODE says otherwise)  |
 * | SEED      | if-empty    | if-empty: import the seed data into an empty table; never           |
 * | CATALOG_POLL_MS | 200   | how often the local catalog indexer reads the catalog revision      |
 * | SEARCH_CATALOG_CHECK_MS | 250 | how often the search group checks the catalog snapshot (0: every search) |
 * | API_ADMISSION, API_THROTTLE_RATE, API_THROTTLE_BURST, API_GROUP_CONCURRENCY, API_GROUP_QUEUE, |
 * | API_QUEUE_WAIT_MS | see `admission.ts` | the local gateway's overload limits (decision record 085) |
 *
 * Plus the `/env.json` variables (`runtime-config.ts`), the identity variables
 * (`identity-environment.ts`: PORTAL_ISSUER, PORTAL_SIGNING_KEY_FILE, VCR_*, SSO_*;
 * set to the dev identity provider unless given) and `AWS_ENDPOINT_URL` /
 * `AWS_ENDPOINT_URL_<SERVICE>` to use a LocalStack instead of an embedded emulator.
 */

/** Errors whose message is the whole story: printed as is, without a stack. */
const EXPECTED_ERRORS = [
  PortInUseError,
  DataDirInUseError,
  RuntimeConfigError,
  PortalSetupError,
  AdmissionSettingsError,
];

class SettingError extends Error {}

function choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const value = process.env[name] || fallback;
  if (!allowed.includes(value as T))
    throw new SettingError(`${name} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

function milliseconds(name: string, fallback: number): number {
  const text = process.env[name] || String(fallback);
  if (!/^\d{1,7}$/.test(text) || Number(text) === 0) {
    throw new SettingError(`${name} must be a whole number of milliseconds above 0, not "${text}"`);
  }
  return Number(text);
}

/** `FAULTS` (decision record 083): null when unset. */
function faultSettings(): FaultSettings | null {
  try {
    return parseFaults(process.env[FAULTS_ENV]);
  } catch (error) {
    if (error instanceof FaultSettingsError) throw new SettingError(error.message);
    throw error;
  }
}

function settings(): StartPortalOptions {
  const portText = process.env.PORT || '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new SettingError(`PORT must be a port number, not "${portText}"`);
  const dataDir = process.env.DATA_DIR || '.data';
  return {
    port,
    host: process.env.HOST || '127.0.0.1',
    dataDir: dataDir === ':memory:' ? null : path.resolve(dataDir),
    web: choice('WEB_MODE', ['dist', 'dev', 'none'], process.argv.includes('--dev') ? 'dev' : 'dist'),
    seed: choice('SEED', ['if-empty', 'never'], 'if-empty'),
    catalogPollMs: milliseconds('CATALOG_POLL_MS', 200),
    admission: admissionSettingsFromEnv(process.env),
    faults: faultSettings(),
    sdkRequestTimeoutMs: milliseconds('SDK_REQUEST_TIMEOUT_MS', LOCAL_SDK_REQUEST_TIMEOUT_MS),
    log: (line) => console.log(line),
  };
}

async function main(): Promise<void> {
  const options = settings();

  if (options.web === 'dist') await buildWebUnlessCurrent();

  const portal = await startPortal(options);
  const { urls } = portal;
  const rows: [string, string | undefined][] = [
    ['Portal', urls.portal],
    ['API', urls.api],
    ['OpenAPI', urls.openApi],
    ['Runtime config', urls.envJson],
    ['Dev login', urls.devLogin],
    ['SES inbox', urls.sesInbox],
    ['DynamoDB', urls.dynamodb],
    ['S3', urls.s3],
    ['Step Functions', urls.sfn],
    ['SES', urls.ses],
    ...Object.entries(urls)
      .filter(([name]) => name.startsWith('stateMachine:'))
      .map(([name, arn]): [string, string] => [`State machine ${name.slice('stateMachine:'.length)}`, arn]),
    ['Data', options.dataDir ?? 'in memory (DATA_DIR=:memory:)'],
    ['API limits', admissionLine(options.admission ?? null)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('');
  for (const [label, value] of rows) if (value) console.log(`  ${label.padEnd(width)}  ${value}`);
  // performance.now() counts from the start of the process.
  console.log(`\nReady in ${Math.round(performance.now())} ms (web: ${options.web}). Ctrl-C stops.`);

  handleShutdown(portal);
}

/** The gateway's limits in one line (decision record 085). */
function admissionLine(settings: StartPortalOptions['admission']): string {
  if (!settings) return 'none (API_ADMISSION=off)';
  return `${settings.rateLimit} req/s, burst ${settings.burstLimit}; per group ${settings.concurrency} at once, queue ${settings.queueLength}, wait ≤ ${settings.maxQueueWaitMs} ms`;
}

/**
 * Builds `web/dist` (`vite build`) when it is missing or older than a source of the
 * build (`web-build.ts`), printing why, a progress line every 10 s, and the time it took.
 */
async function buildWebUnlessCurrent(): Promise<void> {
  const state = await webBuildState();
  if (state.current) return;
  const started = performance.now();
  console.log(
    `${path.relative(process.cwd(), WEB_DIST_DIR) || WEB_DIST_DIR} ${state.reason}: building the SPA (vite build, about a minute)…`,
  );
  const progress = setInterval(
    () => console.log(`  still building the SPA (${Math.round((performance.now() - started) / 1000)} s)…`),
    10_000,
  );
  try {
    const { build } = await import('vite');
    await build({ root: WEB_DIR, configFile: path.join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    clearInterval(progress);
  }
  console.log(`Built the SPA in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

function handleShutdown(portal: RunningPortal): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean shutdown.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    portal.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof SettingError || EXPECTED_ERRORS.some((type) => error instanceof type)) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
