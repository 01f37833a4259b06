import { Feed } from 'feed';
import { contentPath } from '#shared/content-address';
import type { ContentSummary } from '#shared/contracts/content';
import { CONTENT_CATEGORY_LABELS } from '#shared/enums';
import { knownLicence } from '#shared/licences';

/**
 * The Atom 1.0 feed of courseware (RFC 4287; issue 24 item 7, decision record 055),
 * built with the `feed` package: a pure function from the published items of a
 * search to the document.
 */

/** Entries a feed holds at most: the most recently updated published items of its search. */
export const FEED_MAX_ENTRIES = 50;

/** The `scheme` of an entry's category that is a content category (`lesson`, `module`, …). */
export const CATEGORY_SCHEME_PATH = '/courseware?cat=';
/** The `scheme` of an entry's category that is a tag. */
export const TAG_SCHEME_PATH = '/courseware?tag=';

/** One published item of a feed: its card fields and what the feed adds from its stored record. */
export interface FeedItem {
  readonly summary: ContentSummary;
  /** The item's own licence text (`Content.licence`; empty is the portal's default, `#shared/licences`). */
  readonly licence: string;
  /** The item's copyright notice, when it has one. */
  readonly copyrightNotice: string | null;
  /** Its contributors' display names, in index order; empty when it names none. */
  readonly authors: readonly string[];
}

/** What a feed is about. */
export interface FeedOptions {
  /** `https://host` of the site, no trailing slash. */
  readonly origin: string;
  readonly siteName: string;
  /** The search's own query string as the SPA writes it (`toSearchParams`), '' for the whole repository. */
  readonly searchQuery: string;
  /** A short description of the search ("“ciphers”, Lesson"), '' for the whole repository. */
  readonly searchLabel: string;
  /** When the feed last changed when it has no entry (ISO 8601): the catalog's build time. */
  readonly emptyUpdated: string;
}

/** Text as the content of an Atom `type="html"` element: the `feed` package writes titles and summaries so. */
function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The item's rights: its licence named in full with its address when known, else its text; then its copyright notice. */
export function rightsOf(licence: string, copyrightNotice: string | null): string {
  const known = knownLicence(licence);
  const named = known ? `${known.name} (${known.short}), ${known.url}` : licence.trim();
  return [named, copyrightNotice?.trim()].filter((part): part is string => Boolean(part)).join('. ');
}

/**
 * The Atom document of `items` (already the published items of the search, most recently
 * updated first, at most {@link FEED_MAX_ENTRIES}): the feed's id is the search page's
 * address (`<origin>/courseware?<search>`), which is also its `alternate` link; its
 * `self` link is the feed's own address (`<origin>/api/v1/search/feed?<search>`); it
 * was updated when its newest entry was (else `emptyUpdated`). Each entry's id is the
 * item's id address (`<origin>/courseware/<id>`, which never changes when the item is
 * renamed), its link the item's page (`contentPath`), `updated` and `published` its
 * modified and created instants, its summary the plain-text description, its authors
 * the contributors (else the site), its categories the content categories and tags,
 * its rights the item's own licence.
 */
export function buildAtomFeed(items: readonly FeedItem[], options: FeedOptions): string {
  const { origin, siteName, searchQuery, searchLabel } = options;
  const query = searchQuery ? `?${searchQuery}` : '';
  const pageUrl = `${origin}/courseware${query}`;
  const newest = items[0]?.summary.modifiedTimestamp ?? options.emptyUpdated;
  const feed = new Feed({
    id: pageUrl,
    title: searchLabel ? `${siteName} courseware: ${searchLabel}` : `${siteName} courseware`,
    description: searchLabel
      ? `New and updated courseware of ${siteName} matching ${searchLabel}.`
      : `New and updated courseware of ${siteName}.`,
    link: pageUrl,
    feed: `${origin}/api/v1/search/feed${query}`,
    updated: new Date(newest),
    generator: siteName,
    language: 'en',
    author: { name: siteName, link: `${origin}/` },
  });
  for (const { summary, licence, copyrightNotice, authors } of items) {
    feed.addItem({
      id: `${origin}/courseware/${summary.id}`,
      title: escapeHtml(summary.name),
      link: `${origin}${contentPath(summary)}`,
      date: new Date(summary.modifiedTimestamp),
      published: new Date(summary.createdTimestamp),
      ...(summary.summary ? { description: escapeHtml(summary.summary) } : {}),
      author: (authors.length > 0 ? authors : [siteName]).map((name) => ({ name })),
      category: [
        ...summary.categories.map((category) => ({
          term: category,
          name: CONTENT_CATEGORY_LABELS[category],
          scheme: `${origin}${CATEGORY_SCHEME_PATH}`,
        })),
        ...summary.tags.map((tag) => ({ term: tag, name: tag, scheme: `${origin}${TAG_SCHEME_PATH}` })),
      ],
      copyright: rightsOf(licence, copyrightNotice),
    });
  }
  return feed.atom1();
}
