import { create } from 'xmlbuilder2';

/**
 * The site's sitemap (the sitemaps.org 0.9 protocol; issue 24 item 7, decision record
 * 055), built with xmlbuilder2: a pure function from the public pages to the document.
 */

/** The sitemaps.org namespace of a `urlset`. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Addresses one sitemap file may list (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

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
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(SITEMAP_NAMESPACE, 'urlset');
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.loc) || seen.size >= SITEMAP_MAX_URLS) continue;
    seen.add(entry.loc);
    const url = root.ele('url');
    url.ele('loc').txt(entry.loc);
    if (entry.lastmod) url.ele('lastmod').txt(new Date(entry.lastmod).toISOString());
  }
  return root.end({ prettyPrint: true });
}
