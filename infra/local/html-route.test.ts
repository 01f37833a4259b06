import { describe, expect, it } from 'vitest';
import { HTML_REWRITE_FUNCTION } from '../stacks/viewer-functions.ts';
import { htmlRouteUrl, sitemapRouteUrl } from './portal.ts';

/** What CloudFront's default behaviour makes of a page address (the deployed function's own code). */
function cloudFrontUri(uri: string): string {
  const run = new Function('event', `${HTML_REWRITE_FUNCTION}\nreturn handler(event);`) as (event: unknown) => {
    uri: string;
  };
  return run({ request: { uri, method: 'GET', headers: {} } }).uri;
}

describe('page addresses on the local dist server (issue 22 item 2)', () => {
  it.each([
    '/',
    '/courseware',
    '/courseware/seed-labs/buffer-overflow-v1.2',
    '/news/some-news',
    '/01jd0000000000000000000000',
  ])('sends GET %s to the html route CloudFront sends it to', (pathname) => {
    expect(htmlRouteUrl('GET', pathname)).toBe(cloudFrontUri(pathname));
  });

  it('keeps the query string', () => {
    expect(htmlRouteUrl('GET', '/courseware?q=linux&edu=highschool')).toBe(
      '/api/v1/html/courseware?q=linux&edu=highschool',
    );
  });

  it.each([
    ['GET', '/api/v1/content'],
    ['GET', '/assets/index-3f2a1b.js'],
    ['GET', '/public/portraits/a.jpg'],
    ['GET', '/dev/login'],
    ['GET', '/env.json'],
    ['GET', '/template.csv'],
    ['POST', '/courseware'],
    ['HEAD', '/courseware'],
  ])('leaves %s %s to the other parts of the server', (method, url) => {
    expect(htmlRouteUrl(method, url)).toBeNull();
  });
});

describe('/sitemap.xml on the local server (issue 24 item 7; decision record 055)', () => {
  it('sends GET /sitemap.xml to the route CloudFront sends it to, and nothing else', () => {
    expect(sitemapRouteUrl('GET', '/sitemap.xml')).toBe(cloudFrontUri('/sitemap.xml'));
    expect(sitemapRouteUrl('GET', '/sitemap.xml')).toBe('/api/v1/search/sitemap');
    expect(sitemapRouteUrl('POST', '/sitemap.xml')).toBeNull();
    expect(sitemapRouteUrl('GET', '/courseware/sitemap.xml')).toBeNull();
    expect(htmlRouteUrl('GET', '/sitemap.xml')).toBeNull();
  });
});
