import type { ContentBundle, DownloadUrl, FileAccess, RequestedBundle } from '#shared/contracts/download';
import type { FileStatusBody } from '#shared/contracts/file';
import { getSession } from '../../../lib/auth/session-store.ts';
import { emptyReviewPage } from '../../../testing/fixtures.ts';
import { type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';

export const BUNDLE_ID = '01jd7k2m3n4p5q6r7s8t9v0b01';
export const BUNDLE_NAME = 'SEED_Labs_Software_Security_2026-11-21_bundle.zip';

/** A presigned GET as the API answers it for `id`. */
export function downloadUrl(id: string, name: string): DownloadUrl {
  return {
    id,
    name,
    publicUrl: `http://localhost:4566/courseware-private/content/${id}?X-Amz-Signature=abc`,
    expiresAt: '2026-11-21T10:02:00.000Z',
  };
}

type Answer<T> = T | MockResponse | ((url: URL) => T | MockResponse);

function isResponse(value: unknown): value is MockResponse {
  return typeof value === 'object' && value !== null && 'body' in value;
}

function answer<T>(value: Answer<T>, url: URL): MockResponse {
  const resolved = typeof value === 'function' ? (value as (url: URL) => T | MockResponse)(url) : value;
  return isResponse(resolved) ? resolved : { body: resolved };
}

const notFound = { status: 404, body: { statusCode: 404, message: 'Not found.' } };

/**
 * What a content page asks besides its item and files (issue 26): its reviews (none
 * yet), the reader's own review (none), the reader's saved ids (none); its usage is
 * left to the 404, which the usage line shows as nothing.
 */
function pageParts(path: string): MockResponse | null {
  if (path.endsWith('/reviews')) return { body: emptyReviewPage() };
  if (path.endsWith('/reviews/mine')) return { body: { review: null, summary: emptyReviewPage().summary } };
  if (path === '/api/v1/library/saved-ids') return { body: { contentIds: [] } };
  return null;
}

/**
 * The download routes (and the calls a sign-in makes) as the contract describes
 * them, one overridable answer per operation; `log` lists `METHOD /path?query` in
 * order. Anything else answers `other(url)`, else 404.
 */
export function mockDownloadApi(
  options: {
    access?: Answer<FileAccess>;
    downloadUrl?: Answer<DownloadUrl>;
    requestBundle?: Answer<RequestedBundle>;
    fileStatus?: Answer<FileStatusBody>;
    contentBundle?: Answer<ContentBundle>;
    other?: (url: URL, method: string) => MockResponse | null;
  } = {},
) {
  const log: string[] = [];
  const spy = mockApi((url, init) => {
    const { method } = requestOf(init);
    const path = url.pathname;
    log.push(`${method} ${path}${url.search}`);
    if (path === '/api/v1/claims') return { body: { items: getSession().principal?.claims ?? [] } };
    if (path === '/api/v1/messages') return { body: { items: [] } };
    if (path === '/api/v1/file-access' && options.access) return answer(options.access, url);
    if (path === '/api/v1/content-bundle' && options.contentBundle) return answer(options.contentBundle, url);
    if (path === '/api/v1/files/bundles' && method === 'POST' && options.requestBundle) {
      const response = answer(options.requestBundle, url);
      return { status: response.status ?? 202, body: response.body };
    }
    const download = /^\/api\/v1\/files\/(\w+)\/download-url$/.exec(path);
    if (download && options.downloadUrl) return answer(options.downloadUrl, url);
    if (/^\/api\/v1\/files\/\w+$/.test(path) && method === 'GET' && options.fileStatus) {
      return answer(options.fileStatus, url);
    }
    return options.other?.(url, method) ?? pageParts(path) ?? notFound;
  });
  return { spy, log, calls: (prefix: string) => log.filter((entry) => entry.startsWith(prefix)) };
}
