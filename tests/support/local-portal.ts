import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { IdentityProvider, PersonaName } from '#shared/contracts/identity';
import { type RunningPortal, type StartPortalOptions, startPortal } from '../../infra/local/portal.ts';

/**
 * The whole portal in-process for integration and browser tests: the embedded
 * emulators and the HTTP server on free loopback ports, handlers imported into the
 * test's process (so they share its `process.env`).
 *
 * ```ts
 * let portal: LocalPortal;
 * beforeAll(async () => { portal = await startLocalPortal({ seed: true }); });
 * afterAll(() => portal.stop());
 * // fetch(`${portal.baseUrl}/api/v1/content`)
 * const token = await portalTokenFor(portal, 'editor'); // Authorization: Bearer <token>
 * ```
 *
 * Unseeded, it starts in about 0.2 s, in memory. Seeded, it runs on a private copy
 * of a seeded data folder that is built once (about 8 s) and kept in the system's
 * temporary folder under a fingerprint of `functions/` and `shared/`, so that later
 * suites, and later runs without code changes, start in well under a second.
 *
 * One portal per test file at a time: the handlers' SDK clients are created once
 * per process, and a restarted portal gets its emulator ports back for them.
 */

export interface LocalPortalOptions {
  /** Start with the seed data imported (spec data of `functions/seed-data`). Default false. */
  seed?: boolean;
  /** Unseeded only: `memory` (default, fastest) or `temp`, a temporary data folder removed by `stop()`. */
  storage?: 'memory' | 'temp';
  /** The SPA: `none` (default), `dist` (needs a built `web/dist`), or `dev` (Vite middleware). */
  web?: StartPortalOptions['web'];
  /** Receives the portal's lines (handler errors, …); they are kept in `logs` either way. */
  log?: (line: string) => void;
  authorize?: StartPortalOptions['authorize'];
  /** With `web: 'dist'`: the built SPA to serve (default `web/dist`). */
  webDistDir?: string;
  /** Render card thumbnails in the background (decision record 060). Default false: 1–2 s of CPU per PDF. */
  thumbnails?: boolean;
  /** The gateway's overload limits (decision record 085). Default none: every request runs at once. */
  admission?: StartPortalOptions['admission'];
  /**
   * Run on this existing data folder instead (no seeding, no copy); `stop()` leaves it in
   * place. For tests that stop a portal and start another on what it left (backup and restore).
   */
  dataDir?: string;
  /** With `seed`: `stop()` leaves the seeded copy in place (the caller removes it). Default false. */
  keepData?: boolean;
  /** The portal's port; default 0 (a free one). */
  port?: number;
  /** One attempt of a handler's SDK call, in ms (decision record 083); the local stack's 10 s unless given. */
  sdkRequestTimeoutMs?: number;
}

export interface LocalPortal {
  /** `http://localhost:<port>`, no trailing slash. */
  baseUrl: string;
  /** Every address the portal serves or uses (api, openApi, envJson, sesInbox, dynamodb, s3, sfn, ses). */
  urls: Record<string, string>;
  /** The portal's lines so far, e.g. a handler's stack trace behind a 500. */
  logs: string[];
  /** The temporary data folder, or null in memory. */
  dataDir: string | null;
  /** The gateway's admission control (settings, counts), or null without limits. */
  admission: RunningPortal['admission'];
  /** The fault switch of the embedded emulators (decision record 083). */
  faults: RunningPortal['faults'];
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SNAPSHOT_PREFIX = 'portal-seeded-';

export async function startLocalPortal(options: LocalPortalOptions = {}): Promise<LocalPortal> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  let dataDir: string | null = null;
  if (options.dataDir) {
    dataDir = options.dataDir;
  } else if (options.seed) {
    const snapshot = await seededSnapshot();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
    await cp(snapshot, dataDir, { recursive: true });
  } else if (options.storage === 'temp') {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  }
  const removeDataDir = async () => {
    if (dataDir && !options.dataDir && !options.keepData) await rm(dataDir, { recursive: true, force: true });
  };

  const logs: string[] = [];
  try {
    const portal = await startPortal({
      port: options.port ?? 0,
      host: '127.0.0.1',
      dataDir,
      seed: 'never',
      web: options.web ?? 'none',
      authorize: options.authorize,
      webDistDir: options.webDistDir,
      thumbnails: options.thumbnails ?? false,
      admission: options.admission ?? null,
      sdkRequestTimeoutMs: options.sdkRequestTimeoutMs,
      log: (line) => {
        logs.push(line);
        options.log?.(line);
      },
    });
    return {
      baseUrl: portal.url,
      urls: portal.urls,
      logs,
      dataDir,
      admission: portal.admission,
      faults: portal.faults,
      async stop() {
        await portal.stop();
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}

/**
 * Signs in at the dev identity provider as a persona, as a browser would: follows
 * `/dev/login?persona=<persona>&redirect_url=<portal>/` and returns the upstream
 * token of the redirect (`t` for provider vcr, `s` for sso).
 * @throws Error when the provider does not redirect back with a token.
 */
export async function signInAs(
  portal: Pick<LocalPortal, 'baseUrl'>,
  persona: PersonaName,
  provider: IdentityProvider = 'vcr',
): Promise<string> {
  const query = new URLSearchParams({ persona, redirect_url: `${portal.baseUrl}/` });
  if (provider !== 'vcr') query.set('provider', provider);
  const response = await fetch(`${portal.baseUrl}/dev/login?${query}`, { redirect: 'manual' });
  const location = response.headers.get('location');
  const token = location ? new URL(location, portal.baseUrl).searchParams.get(provider === 'vcr' ? 't' : 's') : null;
  if (response.status !== 302 || !token) {
    throw new Error(`Signing in as ${persona} answered ${response.status}: ${await response.text()}`);
  }
  return token;
}

/**
 * A portal token for a persona: {@link signInAs} (provider vcr), then
 * `POST /api/v1/authenticate` `{ provider: 'vcr', token }`. The portal must hold the
 * personas (`seed: true`).
 * @throws Error when authenticate does not answer 200 with a token.
 */
export async function portalTokenFor(portal: Pick<LocalPortal, 'baseUrl'>, persona: PersonaName): Promise<string> {
  const upstream = await signInAs(portal, persona);
  const response = await fetch(`${portal.baseUrl}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'vcr', token: upstream }),
  });
  const body = (await response.json().catch(() => null)) as { token?: unknown; message?: unknown } | null;
  if (response.status !== 200 || typeof body?.token !== 'string') {
    throw new Error(`Authenticating ${persona} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

/**
 * A data folder holding the seed import, built on first use and reused while the
 * code and data that shape it are unchanged. Concurrent builders (test workers)
 * each build their own and the first rename wins.
 */
async function seededSnapshot(): Promise<string> {
  const snapshot = path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${await sourceFingerprint()}`);
  if (existsSync(path.join(snapshot, '.complete'))) return snapshot;

  const building = await mkdtemp(path.join(os.tmpdir(), 'portal-seeding-'));
  try {
    const portal = await startPortal({ port: 0, dataDir: building, seed: 'if-empty', web: 'none', thumbnails: false });
    try {
      // Business units and the download history are written after the server answers.
      await portal.background;
    } finally {
      await portal.stop();
    }
    await writeFile(path.join(building, '.complete'), new Date().toISOString());
    await rename(building, snapshot);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    if (!existsSync(path.join(snapshot, '.complete'))) throw error;
  }
  await removeStaleSnapshots(snapshot);
  return snapshot;
}

/** A hash of the path, size and modification time of every file under `functions/` and `shared/`. */
async function sourceFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of ['functions', 'shared']) {
    const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) {
      const { size, mtimeMs } = await stat(file);
      hash.update(`${path.relative(ROOT, file)}\0${size}\0${mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Snapshots of older code, unless touched in the last hour (another run may still copy one). */
async function removeStaleSnapshots(current: string): Promise<void> {
  const tmp = os.tmpdir();
  for (const name of await readdir(tmp)) {
    const folder = path.join(tmp, name);
    if (!name.startsWith(SNAPSHOT_PREFIX) || folder === current) continue;
    const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > 3_600_000) await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A portal token of `administrator` impersonating `target` (spec §4 "Impersonation"):
 * both sign in ({@link portalTokenFor}), then `POST /api/v1/authenticate` with the
 * administrator's token and the target's user id (the `sub` of its token).
 * @throws Error when the impersonation does not answer 200 with a token.
 */
export async function impersonationTokenFor(
  portal: Pick<LocalPortal, 'baseUrl'>,
  administrator: PersonaName,
  target: PersonaName,
): Promise<string> {
  const adminToken = await portalTokenFor(portal, administrator);
  const targetToken = await portalTokenFor(portal, target);
  const targetId = (
    JSON.parse(Buffer.from(targetToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub: string;
    }
  ).sub;
  const response = await fetch(`${portal.baseUrl}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'vcr', token: adminToken, impersonateUserId: targetId }),
  });
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (response.status !== 200 || typeof body?.token !== 'string') {
    throw new Error(`Impersonating ${target} as ${administrator} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}
