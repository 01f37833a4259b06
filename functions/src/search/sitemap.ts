import { XMLBuilder } from 'fast-xml-parser';

/**
 * The site's sitemap (the sitemaps.org 0.9 protocol; issue 24 item 7, decision record
 * 055), built with fast-xml-parser's XMLBuilder (which escapes text): a pure function
 * from the public pages to the document.
 */

/** The sitemaps.org namespace of a `urlset`. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Addresses one sitemap file may list (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** Writes the sitemap's object form as indented XML, attributes under the `@_` prefix. */
const SITEMAP_BUILDER = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });

/** One page of a sitemap: its absolute address and when it last changed (ISO 8601), when known. */
export interface SitemapEntry {
  readonly loc: string;
  readonly lastmod: string | null;
}

/**
 * The `urlset` document of `entries`, in their order, the first address of each kept
 * once, at most {@link SITEMAP_MAX_URLS}; `lastmod` written as the instant in UTC.
 */
export function buildSitemap(entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: { loc: string; lastmod?: string }[] = [];
  for (const entry of entries) {
    if (seen.has(entry.loc) || seen.size >= SITEMAP_MAX_URLS) continue;
    seen.add(entry.loc);
    urls.push(entry.lastmod ? { loc: entry.loc, lastmod: new Date(entry.lastmod).toISOString() } : { loc: entry.loc });
  }
  return SITEMAP_BUILDER.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: { '@_xmlns': SITEMAP_NAMESPACE, url: urls },
  }) as string;
}
