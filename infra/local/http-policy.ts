import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { securityHeaders } from '../stacks/security-headers.ts';

/**
 * What CloudFront adds to every answer, done by the local server: the security
 * headers of the web stack's response headers policy (`security-headers.ts`, the one
 * source of both), and CORS on `/api/*` for the portal's own origins only.
 */

/** Methods of the route table, and what a browser may send besides the safelisted headers. */
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'authorization, content-type';
/** How long a browser may cache a preflight answer: 10 minutes. */
export const CORS_MAX_AGE_SECONDS = 600;

export interface LocalHttpPolicyOptions {
  /** The portal's own origins; CORS admits these only. */
  origins: readonly string[];
  /** The S3 emulator's origin: browsers upload to it with presigned URLs. */
  s3Origin: string;
  /** Vite dev mode: its HMR websocket origins and the hashes of its inline preamble scripts. */
  dev?: { connectSources: readonly string[]; scriptHashes: readonly string[] };
}

export interface LocalHttpPolicy {
  /** The security headers every answer carries. */
  readonly headers: Readonly<Record<string, string>>;
  /** Sets the security headers (and for `/api/*`, the CORS ones). True when it answered a preflight itself. */
  apply(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
}

export function createLocalHttpPolicy(options: LocalHttpPolicyOptions): LocalHttpPolicy {
  const headers = securityHeaders({
    connectSources: [options.s3Origin, ...(options.dev?.connectSources ?? [])],
    devScriptSources: options.dev?.scriptHashes,
  });
  const allowed = new Set(options.origins);

  function apply(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (pathname !== '/api' && !pathname.startsWith('/api/')) return false;

    res.setHeader('vary', 'Origin');
    const origin = req.headers.origin;
    const admitted = origin !== undefined && allowed.has(origin);
    if (admitted) res.setHeader('access-control-allow-origin', origin);
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (!preflight) return false;
    // A preflight never reaches a route, like API Gateway with CORS configured; a
    // foreign origin gets the same 204 without any CORS header, so the browser refuses.
    if (admitted) {
      res.setHeader('access-control-allow-methods', CORS_ALLOWED_METHODS);
      res.setHeader('access-control-allow-headers', CORS_ALLOWED_HEADERS);
      res.setHeader('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
    }
    res.writeHead(204, { 'content-length': 0 });
    res.end();
    return true;
  }

  return { headers, apply };
}

/**
 * `'sha256-…'` sources of the inline scripts (those without `src`) of an HTML page:
 * in dev, Vite's React refresh preamble, so script-src needs no 'unsafe-inline'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
