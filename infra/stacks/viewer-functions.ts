import { INLINE_PUBLIC_FILE_TYPES } from '#shared/contracts/file';

/**
 * Sources of the CloudFront Functions (cloudfront-js-2.0) of the web distribution.
 * Kept as plain strings so the tests can run the exact code that is deployed.
 */

/**
 * SPA history mode: a request for anything that is not a static file of the build
 * gets `/index.html`. "Static file" means a known extension, not merely a dot, so a
 * route such as `/content/intro-v1.2` still reaches the SPA. Done per behaviour
 * instead of with distribution-wide error responses, which would turn the API's
 * 404s into index.html.
 */
export const SPA_REWRITE_FUNCTION = `
var STATIC_FILE = /\\.(?:html|js|mjs|css|map|json|txt|xml|webmanifest|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|pdf|csv|mp4|webm)$/i;
function handler(event) {
  var request = event.request;
  if (!STATIC_FILE.test(request.uri)) {
    request.uri = '/index.html';
  }
  return request;
}
`.trim();

/**
 * `/public/<key>` is served from object `<key>` of the public bucket, so handlers
 * store plain keys and the browser addresses them as `publicFilesBaseUrl + '/' + key`.
 */
export const PUBLIC_PREFIX_FUNCTION = `
function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/public\\//, '/');
  return request;
}
`.trim();

/**
 * Viewer response of `/public/*` (issue 21 item 1, decision record 031): a public
 * file is shown in the browser only when its media type is a raster image
 * (`INLINE_PUBLIC_FILE_TYPES`); anything else — a PDF, a text file, and whatever an
 * object's type might claim — is answered with `Content-Disposition: attachment`, so
 * it is saved, never rendered in the portal's origin. `nosniff` keeps a browser from
 * second-guessing the type.
 */
export const PUBLIC_RESPONSE_FUNCTION = `
var INLINE = ${JSON.stringify(Object.fromEntries(INLINE_PUBLIC_FILE_TYPES.map((type) => [type, true])))};
function handler(event) {
  var response = event.response;
  var headers = response.headers;
  var type = headers['content-type'] ? headers['content-type'].value.split(';')[0].trim().toLowerCase() : '';
  if (!INLINE[type]) {
    headers['content-disposition'] = { value: 'attachment' };
  }
  headers['x-content-type-options'] = { value: 'nosniff' };
  return response;
}
`.trim();

/** Where the html group's routes start (`getHomeHtml`, `getPageHtml` of the route table). */
export const HTML_ROUTE_PREFIX = '/api/v1/html';

/** The site's sitemap address (issue 24 item 7; decision record 055). */
export const SITEMAP_PATH = '/sitemap.xml';
/** The search group's route that answers {@link SITEMAP_PATH} (`getSitemap` of the route table). */
export const SITEMAP_ROUTE_PATH = '/api/v1/search/sitemap';
/** The search group's Atom feed route (`searchFeed`), which needs the viewer's host too (decision record 055). */
export const FEED_ROUTE_PATH = '/api/v1/search/feed';

/**
 * Viewer request of the default behaviour (issue 22 item 2; decision record 038):
 * every page address goes to the html group's route on the API origin —
 * `/` (and `/index.html`) to `/api/v1/html`, `/<path>` to `/api/v1/html/<path>` —
 * with the viewer's own host as `x-viewer-host` (API Gateway is reached under its
 * own host name), so canonical links name the site. `/sitemap.xml` goes to the search
 * group's sitemap route (decision record 055). Static files of the build have
 * behaviours of their own and never come here.
 */
export const HTML_REWRITE_FUNCTION = `
function handler(event) {
  var request = event.request;
  var host = request.headers.host ? request.headers.host.value : '';
  request.headers['x-viewer-host'] = { value: host };
  if (request.uri === '${SITEMAP_PATH}') {
    request.uri = '${SITEMAP_ROUTE_PATH}';
    return request;
  }
  var uri = request.uri === '/index.html' ? '/' : request.uri;
  request.uri = uri === '/' ? '${HTML_ROUTE_PREFIX}' : '${HTML_ROUTE_PREFIX}' + uri;
  return request;
}
`.trim();

/**
 * Viewer request of the Atom feed's behaviour (`/api/v1/search/feed`; decision record
 * 055): the viewer's own host as `x-viewer-host`, as for the pages, so the feed's
 * links name the site and not API Gateway's host. The address is left as it is.
 */
export const VIEWER_HOST_FUNCTION = `
function handler(event) {
  var request = event.request;
  request.headers['x-viewer-host'] = { value: request.headers.host ? request.headers.host.value : '' };
  return request;
}
`.trim();
