import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import compression from 'compression';
import sirv from 'sirv';
import { PUBLIC_FILES_PATH } from '#shared/public-files';
import { BUNDLE_STATE_MACHINE_ENV } from '../../functions/src/adapters/workflows.ts';
import { HTML_SHELL_FILE_ENV, portalRuntimeConfig, RUNTIME_CONFIG_ENV } from '../../functions/src/html/shell.ts';
import { FEEDBACK_EMAIL_ENV } from '../../functions/src/lib/env.ts';
import type { SeedReport } from '../../functions/src/seed/import.ts';
import {
  HTML_ROUTE_PREFIX,
  PUBLIC_PREFIX_FUNCTION,
  PUBLIC_RESPONSE_FUNCTION,
  SITEMAP_PATH,
  SITEMAP_ROUTE_PATH,
  SPA_REWRITE_FUNCTION,
} from '../stacks/viewer-functions.ts';
import { type AdmissionControl, type AdmissionSettings, createAdmissionControl } from './admission.ts';
import { createCompressedAssets } from './asset-compression.ts';
import { type LocalCatalogIndexer, startLocalCatalogIndexer } from './catalog-indexer.ts';
import { createDevIdentityProvider, isDevIdentityPath } from './dev-identity-provider.ts';
import { bucketName, externalEndpointsFromEnv, type RunningEmulators, startEmulators, tableName } from './emulators.ts';
import { describeFaults, type FaultSettings, type FaultSwitch } from './faults.ts';
import { type Authorizer, createGateway } from './gateway.ts';
import { type LocalHousekeeping, startLocalHousekeeping } from './housekeeping.ts';
import { createLocalHttpPolicy, inlineScriptHashes } from './http-policy.ts';
import { applyIdentityEnvironment, keysDirOf } from './identity-environment.ts';
import { createJwtAuthorizer } from './jwt-authorizer.ts';
import { closeServer, listen } from './net.ts';
import { type LocalOutboxConsumer, startLocalOutboxConsumer } from './outbox-consumer.ts';
import { runtimeConfigFromEnv } from './runtime-config.ts';
import type { LocalTaskHandler } from './stepfunctions.ts';
import { type LocalThumbnails, startLocalThumbnails } from './thumbnails.ts';
import { registerWorkflows } from './workflows.ts';

/**
 * The portal on one machine (ARCHITECTURE.md "Same code, two homes", decision
 * record 002): one Node HTTP server that answers like CloudFront in front of the
 * three origins —
 *
 * - `/api/*`   → the local gateway (route table → API Gateway v2 events → handlers);
 * - `/env.json` → the SPA's RuntimeConfig from environment variables (`no-cache`);
 * - `/public/<key>` → object `<key>` of the public bucket;
 * - `/dev/*`   → the dev identity provider (login page, personas, upstream tokens);
 * - anything else → the SPA (Vite dev middleware, the `web/dist` build, or nothing);
 *
 * with the emulators started on free loopback ports, except services the standard
 * `AWS_ENDPOINT_URL*` variables point elsewhere. Every answer carries the security
 * headers of the CloudFront policy; `/api/*` answers CORS for the portal's own
 * origins only. Text answers (HTML, JavaScript, CSS, JSON, SVG, the API's JSON) of
 * 1 KiB or more are compressed, brotli or gzip by `Accept-Encoding`, as CloudFront's
 * `compress` does (issue 22 item 4). The identity settings (`identity-environment.ts`) are set in the
 * environment unless the user set them.
 */

export interface StartPortalOptions {
  /** 0 for a free port. */
  port: number;
  /** Interface to bind; 127.0.0.1 unless given. */
  host?: string;
  /** Folder that keeps the data between runs (`<dir>/dynamodb`, `<dir>/s3`); in memory when null. */
  dataDir: string | null;
  /** `if-empty`: import the seed data when the table holds no item yet. */
  seed: 'if-empty' | 'never';
  /** The SPA: Vite dev middleware, the built `web/dist`, or none. */
  web: 'dev' | 'dist' | 'none';
  /** Progress and error lines; silent when absent. */
  log?: (line: string) => void;
  /** Local functions of the workflows' Task states; `LOCAL_TASK_HANDLERS` when absent. */
  taskHandlers?: Record<string, LocalTaskHandler>;
  /** The JWT authorizer of non-public routes; `jwt-authorizer.ts` (verifyPortalToken) unless given. */
  authorize?: Authorizer;
  /** The built SPA served in `dist` mode; `web/dist` unless given (tests). */
  webDistDir?: string;
  /** Milliseconds between two polls of the catalog revision by the local catalog indexer; 200 unless given. */
  catalogPollMs?: number;
  /** Milliseconds between two housekeeping runs (TTL emulation, upload sweep, feedback re-send); 30000 unless given. */
  housekeepingMs?: number;
  /**
   * Render card thumbnails in the background (decision record 060); true unless given.
   * Test portals leave it off unless a suite needs it: each PDF costs 1–2 s of CPU.
   */
  thumbnails?: boolean;
  /**
   * The local gateway's stage throttling and per-group concurrency (decision record
   * 085; `npm start` reads them from `API_*`, `admissionSettingsFromEnv`). @default none:
   * test portals run every request at once unless a suite asks for limits
   */
  admission?: AdmissionSettings | null;
  /**
   * Faults to inject into the embedded emulators from the moment the portal answers
   * (`FAULTS`, decision record 083); none unless given. `RunningPortal.faults` changes
   * them later.
   */
  faults?: FaultSettings | null;
  /**
   * Milliseconds one attempt of a handler's AWS SDK call may take before it fails and
   * is retried (`SDK_REQUEST_TIMEOUT_MS`; decision record 083): `LOCAL_SDK_REQUEST_TIMEOUT_MS` of `emulators.ts` (10 s)
   * unless given, longer than on AWS because the emulators are slower. Applies to the
   * handlers' shared clients of this process.
   */
  sdkRequestTimeoutMs?: number;
}

export interface RunningPortal {
  /** The portal's address, `http://localhost:<port>` on loopback. */
  url: string;
  /** Every address it serves or uses: portal, api, openApi, envJson, devLogin, sesInbox, dynamodb, s3, sfn, ses, and each state machine ARN. */
  urls: Record<string, string>;
  /**
   * Settles when the work started after the server began answering is done: on a
   * fresh table, every business unit and the synthetic download history (issue 22
   * item 6). Already settled when there is none. Rejects with the first failure
   * (which is also logged); tests that use the seeded data await it.
   */
  background: Promise<void>;
  /** The gateway's admission control (its settings and counts), or null without one. */
  admission: AdmissionControl | null;
  /** The fault switch of the embedded emulators (issue 28 item 2, decision record 083): set, read counters. */
  faults: FaultSwitch;
  /** Closes the server, waits for the background work, then closes Vite and the emulators. */
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** `SEARCH_CATALOG_CHECK_MS` of the local stack unless set: the search group's freshness check interval. */
export const LOCAL_CATALOG_CHECK_MS = 250;
export const WEB_DIR = path.join(ROOT, 'web');
export const WEB_DIST_DIR = path.join(WEB_DIR, 'dist');
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Runs a CloudFront Function of the web stack on a request path, so the local
 * server rewrites paths with exactly the code CloudFront runs.
 */
function viewerFunction(source: string): (uri: string) => string {
  const handler = new Function(`${source}\nreturn handler;`)() as (event: { request: { uri: string } }) => {
    uri: string;
  };
  return (uri) => handler({ request: { uri } }).uri;
}
/** `/public/<key>` → `/<key>` */
const publicObjectPath = viewerFunction(PUBLIC_PREFIX_FUNCTION);
/** Anything but a static file of the build → `/index.html` (history-mode routes). */
const spaRewrite = viewerFunction(SPA_REWRITE_FUNCTION);

/**
 * Runs a viewer-response CloudFront Function of the web stack on a response's
 * headers (lower-case names), so the local server answers with exactly the headers
 * CloudFront would.
 */
function viewerResponseFunction(
  source: string,
): (statusCode: number, headers: Record<string, string | number>) => Record<string, string | number> {
  type Headers = Record<string, { value: string }>;
  const handler = new Function(`${source}\nreturn handler;`)() as (event: {
    response: { statusCode: number; headers: Headers };
  }) => { headers: Headers };
  return (statusCode, headers) => {
    const event = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value: String(value) }]));
    const { headers: answered } = handler({ response: { statusCode, headers: event } });
    return Object.fromEntries(Object.entries(answered).map(([name, { value }]) => [name, value]));
  };
}
/** Public files: only raster images inline, anything else as an attachment (decision record 031). */
const publicResponse = viewerResponseFunction(PUBLIC_RESPONSE_FUNCTION);

/** A setting that cannot work as given (a missing SPA build or Vite config); the message says what to do. */
export class PortalSetupError extends Error {
  override name = 'PortalSetupError';
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** From and To of the content feedback e-mail on the local stack, unless the environment sets them. */
export const LOCAL_FEEDBACK_EMAIL = { sender: 'portal@example.com', recipient: 'courseware-team@example.com' } as const;

/**
 * Starts the portal. The port is bound first, so a taken port fails before
 * anything else starts.
 * @throws PortInUseError (`net.ts`) when the port is taken; DataDirInUseError
 * (`emulators.ts`) when another instance uses `dataDir`; RuntimeConfigError when the
 * environment makes no valid `/env.json`; PortalSetupError when `web/vite.config.ts`
 * or `web/dist` is missing for the chosen web mode.
 */
export async function startPortal(options: StartPortalOptions): Promise<RunningPortal> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  process.env.VALIDATE_RESPONSES = 'true';
  // The content feedback e-mail (decision record 018) lands in the local SES inbox with these addresses.
  process.env[FEEDBACK_EMAIL_ENV.sender] ||= LOCAL_FEEDBACK_EMAIL.sender;
  process.env[FEEDBACK_EMAIL_ENV.recipient] ||= LOCAL_FEEDBACK_EMAIL.recipient;

  let handler: RequestHandler = (_req, res) => sendText(res, 503, 'The portal is starting.');
  const compress = textCompression();
  const server = createServer((req, res) => {
    compress(req, res, () => {
      Promise.resolve(handler(req, res)).catch((error: unknown) => {
        log(`request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
        else res.destroy();
      });
    });
  });
  const port = await listen(server, options.port, host);
  const loopback = LOOPBACK_HOSTS.has(host) || host === '0.0.0.0' || host === '::';
  const url = `http://${loopback ? 'localhost' : host}:${port}`;
  // A browser may name the loopback portal either way; both are its own origin.
  const origins = loopback ? [url, `http://127.0.0.1:${port}`] : [url];
  const identity = applyIdentityEnvironment(url, keysDirOf(options.dataDir));

  let emulators: RunningEmulators | undefined;
  let catalogIndexer: LocalCatalogIndexer | undefined;
  let thumbnails: LocalThumbnails | undefined;
  let housekeeping: LocalHousekeeping | undefined;
  let outboxConsumer: LocalOutboxConsumer | undefined;
  let s3: S3Client | undefined;
  let web: WebPart | undefined;
  let stopped: Promise<void> | undefined;
  let background: Promise<void> = Promise.resolve();
  let backgroundRunning = false;
  const bundleStateMachineBefore = process.env[BUNDLE_STATE_MACHINE_ENV];
  // Stops taking requests first, then what serves them, then the emulators they use.
  const stop = () => {
    stopped ??= (async () => {
      const closed = closeServer(server);
      await web?.close?.(); // ends the HMR sockets, which the server waits for
      await closed;
      // Seed writes in flight would fail half-way without their emulators.
      if (backgroundRunning) {
        log(
          'seed: waiting for the background work to finish (killing the process instead: the next start completes it)',
        );
      }
      await background.catch(() => undefined);
      await catalogIndexer?.stop();
      await thumbnails?.stop();
      await housekeeping?.stop();
      await outboxConsumer?.stop();
      s3?.destroy();
      await emulators?.stop();
      identity.restore();
      if (bundleStateMachineBefore === undefined) delete process.env[BUNDLE_STATE_MACHINE_ENV];
      else process.env[BUNDLE_STATE_MACHINE_ENV] = bundleStateMachineBefore;
    })();
    return stopped;
  };
  try {
    const envJson = JSON.stringify(runtimeConfigFromEnv(process.env, url));
    // The html group embeds the same configuration and answers with the served build's index.html.
    process.env[RUNTIME_CONFIG_ENV] = envJson;
    if (options.web === 'dist')
      process.env[HTML_SHELL_FILE_ENV] = path.join(options.webDistDir ?? WEB_DIST_DIR, 'index.html');
    else delete process.env[HTML_SHELL_FILE_ENV];
    const htmlContext = { configJson: envJson, shellFile: process.env[HTML_SHELL_FILE_ENV] };
    const external = externalEndpointsFromEnv();
    for (const [service, endpoint] of Object.entries(external)) log(`${service}: using ${endpoint} (not started here)`);

    emulators = await startEmulators({
      dataDir: options.dataDir,
      external,
      sdkRequestTimeoutMs: options.sdkRequestTimeoutMs,
    });
    const stateMachines = emulators.stepFunctions
      ? await registerWorkflows(emulators.stepFunctions, { taskHandlers: options.taskHandlers })
      : {};
    if (!emulators.stepFunctions) log('sfn: external; deploy the workflows there yourself');
    // The bundle request handler starts this state machine (decision record 022).
    if (stateMachines.bundle) process.env[BUNDLE_STATE_MACHINE_ENV] = stateMachines.bundle;

    const seeding =
      options.seed === 'if-empty' ? await seedIfEmpty(emulators.endpoints.dynamodb, options.dataDir, log) : undefined;

    // Search: a write is searchable within a second here (the indexer polls every
    // 200 ms, the search group checks the snapshot every 250 ms), and a search module
    // that served another data folder in this process starts afresh.
    const search = await import('../../functions/src/search/snapshot-search.ts');
    process.env[search.SEARCH_CATALOG_CHECK_ENV] ??= String(LOCAL_CATALOG_CHECK_MS);
    search.resetSnapshotSearch();
    catalogIndexer = await startLocalCatalogIndexer({ pollMs: options.catalogPollMs, log });
    // Card thumbnails, rendered outside the requests (issue 24 item 2, decision record 060).
    if (options.thumbnails ?? true) thumbnails = await startLocalThumbnails({ log });
    housekeeping = startLocalHousekeeping({ intervalMs: options.housekeepingMs, log });
    // E-mail of the outbox is sent here, outside the requests (decision record 033).
    outboxConsumer = await startLocalOutboxConsumer({ log });

    s3 = new S3Client({
      endpoint: emulators.endpoints.s3,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const publicFiles = s3;
    const spa = await webPart(options.web, server, options.webDistDir ?? WEB_DIST_DIR);
    web = spa;
    const admission = options.admission ? createAdmissionControl(options.admission) : null;
    const gateway = createGateway({ log, authorize: options.authorize ?? createJwtAuthorizer(), admission });
    const devIdentity = await createDevIdentityProvider({ origins, keysDir: keysDirOf(options.dataDir) });
    const policy = createLocalHttpPolicy({
      origins,
      s3Origin: new URL(emulators.endpoints.s3).origin,
      dev: spa.dev,
    });

    handler = (req, res) => {
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      if (policy.apply(req, res, pathname)) return;
      if (pathname === '/api' || pathname.startsWith('/api/'))
        return portalRuntimeConfig.run(htmlContext, () => gateway.handle(req, res));
      if (pathname === '/env.json') return sendEnvJson(res, envJson);
      if (pathname.startsWith(`${PUBLIC_FILES_PATH}/`)) return servePublicFile(publicFiles, req, res, pathname);
      if (isDevIdentityPath(pathname)) return devIdentity.handle(req, res);
      // As CloudFront's default behaviour, in both web modes: /sitemap.xml is the search group's sitemap (decision record 055).
      const sitemap = sitemapRouteUrl(req.method, req.url ?? '/');
      if (sitemap) {
        req.url = sitemap;
        return portalRuntimeConfig.run(htmlContext, () => gateway.handle(req, res));
      }
      // As CloudFront's default behaviour: page addresses get their first HTML from the html group (decision record 038).
      const page = options.web === 'dist' ? htmlRouteUrl(req.method, req.url ?? '/') : null;
      if (page) {
        req.url = page;
        // This portal's configuration, whatever another portal in the same process set (tests run both brands).
        return portalRuntimeConfig.run(htmlContext, () => gateway.handle(req, res));
      }
      return spa.handle(req, res);
    };
    if (seeding) {
      backgroundRunning = true;
      background = seeding().finally(() => {
        backgroundRunning = false;
      });
      // Logged here; whoever awaits `background` still sees the failure.
      background.catch((error: unknown) =>
        log(`seed: background work failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      );
    }

    const urls: Record<string, string> = {
      portal: url,
      api: `${url}/api/v1`,
      openApi: `${url}/api/v1/openapi.json`,
      envJson: `${url}/env.json`,
      devLogin: `${url}/dev/login`,
      ...(emulators.sesInboxUrl ? { sesInbox: emulators.sesInboxUrl } : {}),
      ...emulators.endpoints,
      ...Object.fromEntries(Object.entries(stateMachines).map(([name, arn]) => [`stateMachine:${name}`, arn])),
    };
    if (options.faults) {
      await emulators.faults.set(options.faults);
      log(`faults: injecting ${describeFaults(options.faults)} into the embedded emulators`);
    }
    return {
      url,
      urls,
      faults: emulators.faults,
      get background() {
        return background;
      },
      admission,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The html route a request of the SPA's pages goes to, as CloudFront's default
 * behaviour sends it (`HTML_REWRITE_FUNCTION`): a GET of a path that is not
 * `/api`, `/assets`, `/public`, `/dev` or a static file of the build (`SPA_REWRITE_FUNCTION`'s
 * list of file types) becomes `/api/v1/html<path>` with its query; anything else null.
 */
export function htmlRouteUrl(method: string | undefined, url: string): string | null {
  if (method !== 'GET') return null;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (/^\/(api|assets|public|dev)(\/|$)/.test(pathname) || spaRewrite(pathname) !== '/index.html') return null;
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  return `${HTML_ROUTE_PREFIX}${pathname === '/' || pathname === '/index.html' ? '' : pathname}${query}`;
}

/**
 * The search group's sitemap route for a GET of `/sitemap.xml`, as CloudFront's default
 * behaviour sends it (`HTML_REWRITE_FUNCTION`; decision record 055), in both web modes;
 * anything else null.
 */
export function sitemapRouteUrl(method: string | undefined, url: string): string | null {
  if (method !== 'GET') return null;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  return pathname === SITEMAP_PATH ? SITEMAP_ROUTE_PATH : null;
}

function sendText(res: ServerResponse, statusCode: number, text: string): void {
  res.writeHead(statusCode, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** `/env.json`, revalidated on every load like the one the web stack deploys (`no-cache`). */
function sendEnvJson(res: ServerResponse, envJson: string): void {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(envJson),
    'cache-control': 'no-cache',
  });
  res.end(envJson);
}

/**
 * CloudFront's `compress: true` on the local server (issue 22 item 4): answers whose
 * type is compressible (text, JavaScript, JSON, SVG, …) and of at least 1 KiB, as
 * CloudFront does, are sent brotli-compressed (quality 4) or gzipped by the request's
 * `Accept-Encoding`, with `vary: accept-encoding`. Ranged answers (206, or any with a
 * `content-range`) go as they are, as CloudFront sends them.
 */
function textCompression(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const middleware = compression({
    threshold: 1024,
    filter: (req, res) =>
      res.statusCode !== 206 && res.getHeader('content-range') === undefined && compression.filter(req, res),
  });
  return middleware as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

/** Environment variable: synthetic downloads seeded on a fresh table (0: none). */
export const SEED_DOWNLOADS_ENV = 'SEED_DOWNLOADS';
/** Synthetic downloads seeded on a fresh table unless {@link SEED_DOWNLOADS_ENV} says otherwise (a few seconds). */
export const DEFAULT_SEED_DOWNLOADS = 2000;

/**
 * {@link SEED_DOWNLOADS_ENV} as a count.
 * @throws Error when it is set to anything but a whole number.
 */
export function seedDownloadsFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SEED_DOWNLOADS;
  if (!/^\d+$/.test(value.trim())) throw new Error(`${SEED_DOWNLOADS_ENV} must be a whole number, not "${value}".`);
  return Number(value.trim());
}

/** In a data folder: the seed work after the first page has not finished yet (a stop came first). */
const SEED_PENDING_FILE = 'seed-pending';

/**
 * The first start with an empty table (issue 22 item 6): imports now what the first
 * page shows (knowledge, contributors, files, content, search catalog, personas,
 * pages; `runSeed` with `businessUnits: 'later'`) and returns the rest, to run once
 * the server answers: every business unit, then a synthetic download history of
 * {@link SEED_DOWNLOADS_ENV} events so the dashboard is never empty, each with its
 * lines in the log. Returns undefined when there is nothing to do: the table holds
 * items and no earlier background run was cut short (a `seed-pending` file in the
 * data folder says one was; it is run again, and it is idempotent).
 * @throws Error when the import fails.
 */
async function seedIfEmpty(
  dynamodbEndpoint: string,
  dataDir: string | null,
  log: (line: string) => void,
): Promise<(() => Promise<void>) | undefined> {
  const downloads = seedDownloadsFromEnv(process.env[SEED_DOWNLOADS_ENV]);
  const pendingFile = dataDir ? path.join(dataDir, SEED_PENDING_FILE) : null;
  const client = new DynamoDBClient({ endpoint: dynamodbEndpoint });
  let empty: boolean;
  try {
    const { Count } = await client.send(new ScanCommand({ TableName: tableName(), Limit: 1, Select: 'COUNT' }));
    empty = !Count;
  } finally {
    client.destroy();
  }
  let report: SeedReport | undefined;
  if (empty) {
    // Imported only when needed: it loads the data layer and reads the seed files.
    const { runSeed } = await import('../../functions/src/seed/import.ts');
    report = await runSeed({ log, businessUnits: 'later' });
    const counts = (['knowledge', 'contributors', 'files', 'content'] as const)
      .map((kind) => `${report?.[kind].created} ${kind}`)
      .join(', ');
    log(
      `seed: imported ${counts} into an empty table in ${report.durationMs} ms (search catalog revision ${report.catalog.revision})`,
    );
    if (pendingFile) await writeFile(pendingFile, `${new Date().toISOString()}\n`);
  } else if (!pendingFile || !existsSync(pendingFile)) {
    return undefined;
  } else {
    log('seed: the last start stopped before the seed was complete: completing it in the background');
  }

  return async () => {
    const started = Date.now();
    log(
      `seed: business units${downloads > 0 ? ` and ${downloads} synthetic downloads` : ''} are written in the background; the portal answers meanwhile`,
    );
    const { seedEveryBusinessUnit } = await import('../../functions/src/seed/import.ts');
    const businessUnits = await seedEveryBusinessUnit({ log });
    if (downloads > 0) {
      const { HistoryRefusedError, seedDownloadHistory } = await import('../../functions/src/seed/download-history.ts');
      log(`seed: writing the synthetic download history (${downloads} downloads)…`);
      try {
        await seedDownloadHistory({ count: downloads, log });
      } catch (error) {
        // A history cut short by a stop is kept as it is (its counters are final values).
        if (!(error instanceof HistoryRefusedError)) throw error;
        log(`seed: synthetic download history skipped: ${error.message}`);
      }
    }
    if (dataDir && report) {
      const reportPath = path.join(dataDir, 'seed-report.json');
      await writeFile(reportPath, `${JSON.stringify({ ...report, businessUnits }, null, 2)}\n`);
      log(`seed: the full report, every mapped item named, is in ${reportPath}`);
    }
    if (pendingFile) await rm(pendingFile, { force: true });
    log(`seed: background work done in ${Date.now() - started} ms`);
  };
}

/**
 * Like the CloudFront `/public/*` behaviour (same viewer functions): GET and HEAD of
 * public-bucket objects, with ranges and ETags; only raster images inline. The public
 * bucket holds only uploads that passed `completeUpload` (decision record 031).
 */
async function servePublicFile(s3: S3Client, req: IncomingMessage, res: ServerResponse, pathname: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return sendText(res, 405, 'Method Not Allowed');
  }
  let key: string;
  try {
    key = decodeURIComponent(publicObjectPath(pathname).slice(1));
  } catch {
    return sendText(res, 400, 'Bad Request');
  }
  if (!key) return sendText(res, 404, 'Not Found');
  const input = {
    Bucket: bucketName('public'),
    Key: key,
    Range: req.headers.range,
    IfNoneMatch: req.headers['if-none-match'],
  };
  try {
    const object =
      req.method === 'HEAD' ? await s3.send(new HeadObjectCommand(input)) : await s3.send(new GetObjectCommand(input));
    const headers: Record<string, string | number> = {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'cache-control': object.CacheControl ?? 'public, max-age=300',
      'accept-ranges': 'bytes',
    };
    if (object.ContentLength !== undefined) headers['content-length'] = object.ContentLength;
    if (object.ETag) headers.etag = object.ETag;
    if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
    if (object.ContentRange) headers['content-range'] = object.ContentRange;
    if (object.ContentDisposition) headers['content-disposition'] = object.ContentDisposition;
    const status = object.ContentRange ? 206 : 200;
    res.writeHead(status, publicResponse(status, headers));
    const body = 'Body' in object ? (object.Body as Readable | undefined) : undefined;
    if (body) body.pipe(res);
    else res.end();
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 304) {
      res.writeHead(304);
      res.end();
    } else if (status === 404 || status === 403) {
      sendText(res, 404, 'Not Found');
    } else if (status === 416) {
      sendText(res, 416, 'Range Not Satisfiable');
    } else {
      throw error;
    }
  }
}

interface WebPart {
  handle: RequestHandler;
  close?: () => Promise<void>;
  /** Vite dev only: what its pages need beyond the CloudFront CSP. */
  dev?: { connectSources: string[]; scriptHashes: string[] };
}

/** The SPA part of the server, by web mode. */
async function webPart(mode: StartPortalOptions['web'], server: Server, distDir: string): Promise<WebPart> {
  const notFound: RequestHandler = (_req, res) => sendText(res, 404, 'Not Found');
  if (mode === 'none') return { handle: notFound };

  if (mode === 'dist') {
    if (!existsSync(path.join(distDir, 'index.html'))) {
      throw new PortalSetupError(
        `${path.relative(ROOT, distDir)}/index.html is missing: build the SPA first (npm run build)`,
      );
    }
    const serve = sirv(distDir, {
      etag: true,
      dotfiles: false,
      setHeaders(res, pathname) {
        // Vite puts content-hashed files under /assets/; everything else (index.html) is revalidated.
        res.setHeader(
          'cache-control',
          pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const compressedAssets = createCompressedAssets(distDir);
    return {
      handle: (req, res) => {
        const [pathname = '/', query] = (req.url ?? '/').split('?');
        if (compressedAssets(req, res, pathname)) return;
        req.url = spaRewrite(pathname) + (query === undefined ? '' : `?${query}`);
        serve(req, res, () => notFound(req, res));
      },
    };
  }

  const configFile = path.join(WEB_DIR, 'vite.config.ts');
  if (!existsSync(configFile)) {
    throw new PortalSetupError('web/vite.config.ts is missing: set WEB_MODE=none to run without the SPA');
  }
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    root: WEB_DIR,
    configFile,
    // HMR on the portal's own port: a second instance never collides with the first.
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
  // Vite injects the React refresh preamble into index.html as an inline script: the
  // CSP admits exactly that script by its hash, never 'unsafe-inline'. Its HMR socket
  // runs on the portal's own port (ws: is named because not every browser counts it as 'self').
  const indexHtml = await vite.transformIndexHtml('/', await readFile(path.join(WEB_DIR, 'index.html'), 'utf8'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    handle: (req, res) => vite.middlewares(req, res, () => notFound(req, res)),
    close: () => vite.close(),
    dev: {
      connectSources: [`ws://localhost:${port}`, `ws://127.0.0.1:${port}`],
      scriptHashes: inlineScriptHashes(indexHtml),
    },
  };
}
