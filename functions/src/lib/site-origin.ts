import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The header CloudFront's viewer functions put the viewer's `Host` in: API Gateway is
 * reached under its own host name. A name of our own, so no proxy on the way claims it
 * (decision records 038 and 055).
 */
export const VIEWER_HOST_HEADER = 'x-viewer-host';

/**
 * `https://host` of the site a request came to, no trailing slash: the viewer's host
 * (`x-viewer-host`, set by CloudFront's viewer functions of the page addresses, the feed
 * and the sitemap), else the request's `Host` (the local server), else API Gateway's
 * domain name; `http` only when `x-forwarded-proto` says so.
 */
export function siteOrigin(event: APIGatewayProxyEventV2): string {
  const headers = event.headers ?? {};
  const host = headers[VIEWER_HOST_HEADER] ?? headers.host ?? event.requestContext?.domainName ?? 'localhost';
  const proto = (headers['x-forwarded-proto'] ?? 'https').split(',')[0]?.trim() === 'http' ? 'http' : 'https';
  return `${proto}://${host.split(',')[0]?.trim()}`;
}
