import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The hashed build files under `/assets/`, compressed once and kept, as CloudFront
 * keeps the compressed copy of a cached object at its edge (issue 22 item 4). The
 * first request of a file gets the on-the-fly compression of `portal.ts` (brotli
 * quality 4); meanwhile the file is compressed at brotli's best quality (11; about a
 * sixth smaller for the SPA's JavaScript) or gzip level 9 on libuv's thread pool, off
 * the event loop, and every later request gets those bytes with no work at all. The
 * names carry their content's hash, so a kept copy can never be stale.
 */

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Below this, CloudFront (and `portal.ts`) send a file as it is. */
const MIN_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

/** Answers a GET or HEAD of a hashed asset from the kept copy; false when it has none (yet). */
export type CompressedAssets = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

/**
 * The kept compressed copies of the files under `<distDir>/assets/`.
 * @returns a function that answers from a kept copy (true) or starts making one and
 *   leaves the request to the caller (false).
 */
export function createCompressedAssets(distDir: string): CompressedAssets {
  const assetsDir = path.join(distDir, 'assets');
  const kept = new Map<string, Buffer | Promise<unknown>>();

  return (req, res, pathname) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !pathname.startsWith('/assets/')) return false;
    const type = TYPES[path.extname(pathname)];
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!type || !encoding) return false;
    const file = path.join(assetsDir, decodeURIComponent(pathname.slice('/assets/'.length)));
    if (!file.startsWith(`${assetsDir}${path.sep}`)) return false;

    const key = `${encoding}:${file}`;
    const copy = kept.get(key);
    if (copy === undefined) {
      // A file that cannot be read is left to the static server's 404; nothing is kept.
      const making = readFile(file)
        .then(async (bytes) => {
          if (bytes.length < MIN_BYTES) kept.delete(key);
          else kept.set(key, await compressors[encoding](bytes));
        })
        .catch(() => kept.delete(key));
      kept.set(key, making);
      return false;
    }
    if (!Buffer.isBuffer(copy)) return false;
    res.writeHead(200, {
      'content-type': type,
      'content-encoding': encoding,
      'content-length': copy.length,
      'cache-control': IMMUTABLE,
      vary: 'accept-encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : copy);
    return true;
  };
}

/** brotli when the client takes it, else gzip, else none (`q=0` refuses one). */
function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
