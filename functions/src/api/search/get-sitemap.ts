import { contentPath } from '#shared/content-address';
import { hiddenByFlag } from '#shared/flagged-paths';
import { PAGE_LIMITS } from '#shared/limits';
import type { NewsEventKind } from '../../data/keys.ts';
import { listNewsEvents } from '../../data/news-events.ts';
import { listPages } from '../../data/pages.ts';
import { newOrUpdatedCutoff } from '../../domain/new-or-updated.ts';
import { listStatuses } from '../../domain/visibility.ts';
import { runtimeConfig } from '../../html/shell.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { NO_SEARCH_FILTER } from '../../search/port.ts';
import { buildSitemap, type SitemapEntry } from '../../search/sitemap.ts';
import { currentCatalogIndex } from '../../search/snapshot-search.ts';
import { xmlRoute } from './xml-route.ts';

/** The media type of the sitemap. */
export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** Items asked for per page of the news, events and pages lists. */
const LIST_PAGE = PAGE_LIMITS.listMax;

/** The newest of some ISO instants (they compare as strings), null for none. */
function newest(stamps: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const stamp of stamps) if (stamp && (best === null || stamp > best)) best = stamp;
  return best;
}

/** Every published news item or event, latest date first, as `{ path, modifiedTimestamp }` (one Query per 100). */
async function publishedNewsEvents(kind: NewsEventKind): Promise<{ path: string; lastmod: string }[]> {
  const segment = kind === 'news' ? 'news' : 'events';
  const found: { path: string; lastmod: string }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listNewsEvents(kind, { status: 'published', limit: LIST_PAGE, pageToken });
    for (const item of page.items) {
      // The address the first HTML and the SPA link to (functions/src/html/pages.ts `newsEventHref`).
      found.push({ path: `/${segment}/${encodeURIComponent(item.link || item.id)}`, lastmod: item.modifiedTimestamp });
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return found;
}

/**
 * `GET /api/v1/search/sitemap`, served as `/sitemap.xml` (issue 24 item 7; decision
 * record 055): every public page a visitor can open, with its last change — home;
 * the courseware list; each published content item at its canonical address
 * (`contentPath`, as the first HTML's canonical link) from the search catalog index;
 * each contributor with published courseware (`/contributors/<id>`, last changed
 * with their newest item); the news and events lists and each published item;
 * each published CMS page. Switched-off features (spec §2.2, `hiddenByFlag`) are left
 * out as the SPA hides them. Never an unpublished, unlisted or archived item.
 */
export const getSitemap = xmlRoute('getSitemap', SITEMAP_CONTENT_TYPE, async (event) => {
  const { flags } = runtimeConfig();
  const origin = siteOrigin(event);
  const index = await currentCatalogIndex();
  const query = {
    text: '',
    statuses: listStatuses(null),
    sort: 'updated',
    offset: 0,
    newOrUpdatedSince: newOrUpdatedCutoff(new Date()),
  } as const;
  const content = index.search({ ...query, filter: NO_SEARCH_FILTER, limit: Math.max(index.size, 1) });
  const contributors = flags.courseware
    ? content.facets.contributorIds.map(({ value }) => ({
        path: `/contributors/${value}`,
        lastmod:
          index.search({ ...query, filter: { ...NO_SEARCH_FILTER, contributorIds: [value] }, limit: 1 }).items[0]
            ?.modifiedTimestamp ?? null,
      }))
    : [];
  const news = flags.news && !hiddenByFlag('/news', flags) ? await publishedNewsEvents('news') : [];
  const events = flags.event && !hiddenByFlag('/events', flags) ? await publishedNewsEvents('event') : [];
  const pages: { path: string; lastmod: string }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listPages({ limit: LIST_PAGE, pageToken });
    for (const item of page.items) {
      if (item.status === 'published' && !hiddenByFlag(item.href, flags)) {
        pages.push({ path: item.href, lastmod: item.modifiedTimestamp });
      }
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);

  const contentLastmod = content.items[0]?.modifiedTimestamp ?? null;
  const entries: SitemapEntry[] = [];
  const add = (path: string, lastmod: string | null) => entries.push({ loc: `${origin}${path}`, lastmod });
  add('/', newest([contentLastmod, ...news.map((item) => item.lastmod), ...events.map((item) => item.lastmod)]));
  if (flags.courseware) add('/courseware', contentLastmod);
  for (const item of content.items) add(contentPath(item), item.modifiedTimestamp);
  for (const contributor of contributors) add(contributor.path, contributor.lastmod);
  if (flags.news && !hiddenByFlag('/news', flags)) add('/news', newest(news.map((item) => item.lastmod)));
  for (const item of news) add(item.path, item.lastmod);
  if (flags.event && !hiddenByFlag('/events', flags)) add('/events', newest(events.map((item) => item.lastmod)));
  for (const item of events) add(item.path, item.lastmod);
  for (const page of pages) add(page.path, page.lastmod);
  return buildSitemap(entries);
});
