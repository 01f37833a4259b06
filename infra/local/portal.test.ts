import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '#shared/contracts/runtime-config';
import { BUCKETS, TABLE } from '#shared/table';
import { type LocalPortal, startLocalPortal } from '../../tests/support/local-portal.ts';
import { DataDirInUseError } from './emulators.ts';
import { inlineScriptHashes } from './http-policy.ts';
import { closeServer, listen, loopbackUrl } from './net.ts';
import { type RunningPortal, startPortal } from './portal.ts';
import { RuntimeConfigError, runtimeConfigFromEnv } from './runtime-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/**
 * For a test whose body starts (and stops) whole portals or `npm start`: each start is
 * CPU-bound work that a loaded 2-core machine makes several times longer (10 s at load 8
 * for a restart), so such a test gets the time a hook that starts a portal gets
 * (`hookTimeout` in vitest.config.ts), not the 30 s of a test (issue 23 item 8). It still
 * waits only on the start, the stop or the process's exit.
 */
const STARTS_PORTALS = { timeout: 120_000 };

const s3Of = (portal: { urls: Record<string, string> }) =>
  new S3Client({ endpoint: portal.urls.s3, forcePathStyle: true });
const documentsOf = (portal: { urls: Record<string, string> }) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: portal.urls.dynamodb }));

describe('the portal server', () => {
  let portal: LocalPortal;
  beforeAll(async () => {
    process.env.FEATURE_K12_ADVISORY = 'false';
    try {
      portal = await startLocalPortal();
    } finally {
      delete process.env.FEATURE_K12_ADVISORY;
    }
  });
  afterAll(() => portal.stop());

  it('answers /env.json with a RuntimeConfig that validates and is never cached', async () => {
    const response = await fetch(`${portal.baseUrl}/env.json?ts=${Date.now()}`);
    const config = RuntimeConfig.parse(await response.json());

    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(config).toMatchObject({
      brand: 'USCR',
      siteName: 'US Cyber Range',
      apiBaseUrl: '/api/v1',
      publicFilesBaseUrl: '/public',
      homepageBaseUrl: portal.baseUrl,
    });
    expect(config.flags.k12Advisory).toBe(false);
    expect(config.flags.courseware).toBe(true);
  });

  it('routes /api/ to the gateway, which answers an unknown route like API Gateway', async () => {
    const response = await fetch(`${portal.baseUrl}/api/v1/no-such-route`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('serves the OpenAPI document of the meta group', async () => {
    const response = await fetch(portal.urls.openApi ?? '');

    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('openapi');
  });

  it('serves objects of the public bucket under /public/, with ranges', async () => {
    const png = Buffer.from([0x89, ...Buffer.from('PNG fake bytes')]);
    const s3 = s3Of(portal);
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKETS.public.localName,
        Key: 'portraits/ada lovelace.png',
        Body: png,
        ContentType: 'image/png',
      }),
    );
    s3.destroy();

    const whole = await fetch(`${portal.baseUrl}/public/portraits/ada%20lovelace.png`);
    const part = await fetch(`${portal.baseUrl}/public/portraits/ada%20lovelace.png`, {
      headers: { range: 'bytes=1-3' },
    });
    const missing = await fetch(`${portal.baseUrl}/public/portraits/nobody.png`);

    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(png);
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('PNG');
    expect(missing.status).toBe(404);
  });

  it('serves nothing else when the web mode is none', async () => {
    expect((await fetch(`${portal.baseUrl}/courseware`)).status).toBe(404);
  });

  it('lists the addresses it serves and uses', () => {
    expect(Object.keys(portal.urls)).toEqual(
      expect.arrayContaining(['portal', 'api', 'openApi', 'envJson', 'sesInbox', 'dynamodb', 's3', 'sfn', 'ses']),
    );
    expect(portal.urls.openApi).toBe(`${portal.baseUrl}/api/v1/openapi.json`);
  });
});

describe('the runtime configuration', () => {
  it('names every variable with a bad value', () => {
    const build = () =>
      runtimeConfigFromEnv({ BRAND: 'XX', FEATURE_NEWS: 'maybe', API_BASE_URL: 'ftp://x' }, 'http://localhost:3000');

    expect(build).toThrow(RuntimeConfigError);
    expect(build).toThrow(/BRAND[\s\S]*FEATURE_NEWS|FEATURE_NEWS[\s\S]*BRAND/);
    expect(build).toThrow(/API_BASE_URL/);
  });

  it('takes the VACR brand, its site name, and empty variables as null', () => {
    const config = runtimeConfigFromEnv({ BRAND: 'VACR', HOMEPAGE_BASE_URL: '' }, 'http://localhost:3000');

    expect(config).toMatchObject({ brand: 'VACR', siteName: 'Virginia Cyber Range', homepageBaseUrl: null });
  });
});

/** GET with an explicit Accept-Encoding (fetch would decode on its own): status, headers and the raw bytes. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the SPA from a build', () => {
  let dist: string;
  let portal: RunningPortal;
  // Large enough to be compressed (CloudFront and the local server: 1 KiB or more).
  const script = `${'export const greeting = "hello, courseware";\n'.repeat(200)}console.log(greeting);\n`;
  const styles = `${'.card { margin: 0 auto; padding: 1rem; }\n'.repeat(100)}`;
  const page = `<!doctype html><title>portal</title><script type="module" src="/assets/index-AbCd1234.js"></script>${'<!-- filler -->'.repeat(100)}`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-EfGh5678.css'), styles);
    portal = await startPortal({ port: 0, dataDir: null, seed: 'never', web: 'dist', webDistDir: dist });
  });
  afterAll(async () => {
    await portal.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for good and revalidates the page, falling back to it for app routes', async () => {
    const asset = await fetch(`${portal.url}/assets/index-AbCd1234.js`);
    const route = await fetch(`${portal.url}/courseware/some/intro-v1.2`);
    const missingAsset = await fetch(`${portal.url}/assets/missing-00000000.js`);

    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>portal</title>');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(missingAsset.status).toBe(404);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends hashed assets %s-compressed by Accept-Encoding and cached immutable (issue 22 item 4)',
    async (encoding, decode) => {
      const js = await rawGet(`${portal.url}/assets/index-AbCd1234.js`, encoding);
      const css = await rawGet(`${portal.url}/assets/index-EfGh5678.css`, `${encoding}, identity`);

      for (const [answer, source] of [
        [js, script],
        [css, styles],
      ] as const) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.body.length).toBeLessThan(Buffer.byteLength(source) / 4);
        expect(decode(answer.body).toString('utf8')).toBe(source);
      }
      // Later requests get the copy compressed once at the best level (it has a length): the same bytes decoded.
      await expect
        .poll(async () => (await rawGet(`${portal.url}/assets/index-AbCd1234.js`, encoding)).headers['content-length'])
        .toBeDefined();
      const kept = await rawGet(`${portal.url}/assets/index-AbCd1234.js`, encoding);
      expect(kept.headers['content-encoding']).toBe(encoding);
      expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(kept.headers.vary).toMatch(/accept-encoding/i);
      expect(kept.headers['content-security-policy']).toBeDefined();
      expect(Number(kept.headers['content-length'])).toBe(kept.body.length);
      expect(decode(kept.body).toString('utf8')).toBe(script);
    },
  );

  it('prefers brotli, sends identity to a client that takes nothing else, and never caches the HTML or env.json', async () => {
    const html = await rawGet(`${portal.url}/courseware/some/intro-v1.2`, 'gzip, deflate, br');
    const plain = await rawGet(`${portal.url}/assets/index-AbCd1234.js`, 'identity');
    const envJson = await rawGet(`${portal.url}/env.json`, 'br');

    expect(html.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(html.body).toString('utf8')).toBe(page);
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
    expect(envJson.headers['cache-control']).toBe('no-cache');
    RuntimeConfig.parse(
      JSON.parse(
        envJson.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(envJson.body).toString()
          : envJson.body.toString(),
      ),
    );
  });

  it("compresses the API's JSON answers", async () => {
    const openApi = await rawGet(`${portal.url}/api/v1/openapi.json`, 'gzip');

    expect(openApi.status).toBe(200);
    expect(openApi.headers['content-type']).toMatch(/^application\/json/);
    expect(openApi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(openApi.body).toString('utf8'))).toHaveProperty('openapi');
  });
});

describe('a seeded portal', () => {
  let portal: LocalPortal;
  beforeAll(async () => {
    portal = await startLocalPortal({ seed: true });
  });
  afterAll(() => portal.stop());

  it('answers with the imported content and knowledge', async () => {
    const content = (await (await fetch(`${portal.baseUrl}/api/v1/content`)).json()) as { items: unknown[] };
    const knowledge = (await (await fetch(`${portal.baseUrl}/api/v1/knowledge`)).json()) as { items: unknown[] };

    expect(content.items.length).toBeGreaterThan(0);
    expect(knowledge.items.length).toBeGreaterThan(0);
  });
});

describe('the SPA in development', () => {
  let portal: LocalPortal;
  beforeAll(async () => {
    portal = await startLocalPortal({ web: 'dev' });
  });
  afterAll(() => portal.stop());

  it('is served by Vite in middleware mode, with the SPA fallback, beside the API', async () => {
    const page = await fetch(`${portal.baseUrl}/`);
    const route = await fetch(`${portal.baseUrl}/courseware/some/alias`);
    const api = await fetch(`${portal.baseUrl}/api/v1/no-such-route`);

    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    expect(await route.text()).toContain('/@vite/client');
    expect(await api.json()).toEqual({ message: 'Not Found' });
  });

  it("admits Vite's inline preamble by its hash and its HMR socket, never 'unsafe-inline' scripts", async () => {
    const page = await fetch(`${portal.baseUrl}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    const hashes = inlineScriptHashes(await page.text());
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';

    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toMatch(new RegExp(`connect-src [^;]*ws://localhost:${new URL(portal.baseUrl).port}`));
  });

  it('takes HMR connections on its own port and still stops while one is open', async () => {
    const { port } = new URL(portal.baseUrl);
    const upgraded = await new Promise<boolean>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-protocol': 'vite-hmr',
        },
      });
      req.on('upgrade', () => resolve(true));
      req.on('response', () => resolve(false));
      req.on('error', reject);
      req.end();
    });

    // A stop that hangs on the socket never resolves: the runner's test timeout fails it.
    await portal.stop();

    expect(upgraded).toBe(true);
  });
});

describe('the data folder', STARTS_PORTALS, () => {
  let dataDir: string;
  const running: RunningPortal[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  });
  afterEach(async () => {
    for (const portal of running.splice(0)) await portal.stop();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = async () => {
    const portal = await startPortal({ port: 0, dataDir, seed: 'never', web: 'none' });
    running.push(portal);
    return portal;
  };

  it('keeps items and objects across a restart', async () => {
    const first = await start();
    const documents = documentsOf(first);
    await documents.send(
      new PutCommand({ TableName: TABLE.localName, Item: { pk: 'PROBE#1', sk: 'A', note: 'kept' } }),
    );
    const s3 = s3Of(first);
    await s3.send(new PutObjectCommand({ Bucket: BUCKETS.private.localName, Key: 'probe.txt', Body: 'kept too' }));
    documents.destroy();
    s3.destroy();
    await first.stop();
    running.splice(0);

    const second = await start();
    const again = documentsOf(second);
    const s3Again = s3Of(second);
    const { Item } = await again.send(new GetCommand({ TableName: TABLE.localName, Key: { pk: 'PROBE#1', sk: 'A' } }));
    const object = await s3Again.send(new GetObjectCommand({ Bucket: BUCKETS.private.localName, Key: 'probe.txt' }));

    expect(Item).toEqual({ pk: 'PROBE#1', sk: 'A', note: 'kept' });
    expect(await object.Body?.transformToString()).toBe('kept too');
    // The same ports again, so SDK clients created at module scope by the handlers keep working.
    expect(second.urls.dynamodb).toBe(first.urls.dynamodb);
    again.destroy();
    s3Again.destroy();
  });

  it('lets two instances with their own data folders run side by side', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
    try {
      const first = await start();
      const second = await startPortal({ port: 0, dataDir: other, seed: 'never', web: 'none' });
      running.push(second);

      expect(second.url).not.toBe(first.url);
      expect(second.urls.dynamodb).not.toBe(first.urls.dynamodb);
      expect((await fetch(`${first.url}/env.json`)).status).toBe(200);
      expect((await fetch(`${second.url}/env.json`)).status).toBe(200);
    } finally {
      for (const portal of running.splice(0)) await portal.stop();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a data folder another running instance uses, naming it', async () => {
    await start();

    const error = await start().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toBe(
      `Data folder ${dataDir} is already in use by another running instance. Set DATA_DIR to another folder.`,
    );
  });
});

describe('a service given by AWS_ENDPOINT_URL_DYNAMODB', STARTS_PORTALS, () => {
  it('is used as given, not started, and still gets the table', async () => {
    const external = dynalite({ createTableMs: 0 });
    const url = loopbackUrl(await listen(external, 0, '127.0.0.1'));
    process.env.AWS_ENDPOINT_URL_DYNAMODB = url;
    let portal: RunningPortal | undefined;
    try {
      portal = await startPortal({ port: 0, dataDir: null, seed: 'never', web: 'none' });
      const client = new DynamoDBClient({ endpoint: url });
      const { TableNames } = await client.send(new ListTablesCommand({}));
      client.destroy();

      expect(portal.urls.dynamodb).toBe(url);
      expect(TableNames).toContain(TABLE.localName);
    } finally {
      await portal?.stop();
      delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
      await closeServer(external);
    }
  });
});

/** Runs `tsx infra/local/start.ts` with `env`; resolves with its exit code and output. */
function runStart(env: Record<string, string>, whenReady?: (child: ReturnType<typeof spawn>) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(TSX, ['infra/local/start.ts'], {
      cwd: ROOT,
      // Without the endpoints this process's own stacks put in its environment.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_ENDPOINT_URL'))),
        WEB_MODE: 'none',
        SEED: 'never',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    let ready = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Once: a second signal during the shutdown would mean "exit now".
      if (whenReady && !ready && stdout.includes('Ready in')) {
        ready = true;
        whenReady(child);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start', STARTS_PORTALS, () => {
  it('exits 1 with one line when the port is taken', async () => {
    const holder = createServer();
    const port = await listen(holder, 0, '127.0.0.1');
    try {
      const { code, stderr } = await runStart({ PORT: String(port), DATA_DIR: ':memory:' });

      expect(stderr).toBe(`Port ${port} is already in use. Set PORT to a free port.\n`);
      expect(code).toBe(1);
    } finally {
      await closeServer(holder);
    }
  });

  it('prints its addresses, and stops cleanly with exit code 0 on SIGTERM', async () => {
    const { code, stdout, stderr } = await runStart({ PORT: '0', DATA_DIR: ':memory:' }, (child) =>
      child.kill('SIGTERM'),
    );

    expect(stdout).toMatch(/Portal\s+http:\/\/localhost:\d+/);
    expect(stdout).toMatch(/OpenAPI\s+http:\/\/localhost:\d+\/api\/v1\/openapi\.json/);
    expect(stdout).toMatch(/SES inbox\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toMatch(/Ready in \d+ ms/);
    expect(stdout).toContain('SIGTERM: stopping');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
