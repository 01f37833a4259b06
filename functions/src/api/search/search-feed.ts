import { contributorDisplayName } from '#shared/contracts/contributor';
import {
  type CoursewareSearch,
  parseCoursewareSearch,
  searchRequestOf,
  toSearchParams,
} from '#shared/courseware-search';
import { CONTENT_CATEGORY_LABELS, EDUCATION_LEVEL_LABELS, EXPERIENCE_LEVEL_LABELS } from '#shared/enums';
import { getContentByIds } from '../../data/content.ts';
import { getContributorsByIds } from '../../data/contributors.ts';
import { newOrUpdatedCutoff } from '../../domain/new-or-updated.ts';
import { listStatuses } from '../../domain/visibility.ts';
import { runtimeConfig } from '../../html/shell.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { buildAtomFeed, FEED_MAX_ENTRIES, type FeedItem } from '../../search/atom-feed.ts';
import { currentCatalogIndex } from '../../search/snapshot-search.ts';
import { xmlRoute } from './xml-route.ts';

/** The media type of the feed. */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** A short name of a search for the feed's title: its text, then the chosen categories, levels and tags. */
export function searchLabel(search: CoursewareSearch, request: ReturnType<typeof searchRequestOf>): string {
  const { filter } = request;
  const parts = [
    ...(request.text ? [`“${request.text}”`] : []),
    ...filter.contentCategories.map((value) => CONTENT_CATEGORY_LABELS[value]),
    ...filter.educationLevels.map((value) => EDUCATION_LEVEL_LABELS[value]),
    ...filter.experienceLevels.map((value) => EXPERIENCE_LEVEL_LABELS[value]),
    ...filter.tags.map((tag) => `#${tag}`),
  ];
  const others = filter.ksaIds.length + filter.kuIds.length + filter.tksIds.length + filter.contributorIds.length;
  if (others > 0) parts.push(`${others} more ${others === 1 ? 'filter' : 'filters'}`);
  if (search.new) parts.push('new or updated');
  return parts.join(', ');
}

/**
 * `GET /api/v1/search/feed` (issue 24 item 7; decision record 055): the Atom feed of
 * the published courseware matching the search of the query string, read exactly as
 * the SPA reads its address (`parseCoursewareSearch`, `searchRequestOf`), most
 * recently updated first, at most {@link FEED_MAX_ENTRIES} entries; no search is the
 * whole repository. Always a visitor's view (published items only), from the search
 * catalog index; each entry's licence, copyright notice and contributors are read from
 * its stored record (BatchGetItem), and an item no longer published there is left out
 * (the snapshot follows a write within seconds).
 */
export const searchFeed = xmlRoute('searchFeed', ATOM_CONTENT_TYPE, async (event) => {
  const search = parseCoursewareSearch(new URLSearchParams(event.rawQueryString ?? ''));
  const request = searchRequestOf(search, { limit: FEED_MAX_ENTRIES, sort: 'updated' });
  const { nextPageToken: _, ...filter } = request.filter;
  const index = await currentCatalogIndex();
  const result = index.search({
    text: request.text,
    filter,
    statuses: listStatuses(null),
    sort: 'updated',
    offset: 0,
    // Room for items the snapshot still lists as published but whose record no longer is.
    limit: FEED_MAX_ENTRIES * 2,
    newOrUpdatedSince: newOrUpdatedCutoff(new Date()),
  });
  const records = new Map(
    (await getContentByIds(result.items.map((item) => item.id))).map((record) => [record.id, record]),
  );
  const contributorIds = [...new Set([...records.values()].flatMap((record) => record.contributors.map((c) => c.id)))];
  const names = new Map(
    (contributorIds.length > 0 ? await getContributorsByIds(contributorIds) : []).map((contributor) => [
      contributor.id,
      contributorDisplayName(contributor),
    ]),
  );
  const items: FeedItem[] = [];
  for (const summary of result.items) {
    if (items.length === FEED_MAX_ENTRIES) break;
    const record = records.get(summary.id);
    if (record?.status !== 'published') continue;
    items.push({
      summary,
      licence: record.licence,
      copyrightNotice: record.copyrightNotice,
      authors: [...record.contributors]
        .sort((a, b) => a.index - b.index)
        .map((ref) => names.get(ref.id))
        .filter((name): name is string => Boolean(name)),
    });
  }
  const config = runtimeConfig();
  return buildAtomFeed(items, {
    origin: siteOrigin(event),
    siteName: config.siteName,
    searchQuery: toSearchParams(search).toString(),
    searchLabel: searchLabel(search, request),
    emptyUpdated: index.version.builtAt,
  });
});
