import { EntityId } from '#shared/contracts/common';
import { normalizePageHref, PAGE_HREF_PATTERN } from '#shared/contracts/page-href';
import { LIMITS, PAGE_LIMITS } from '#shared/limits';

/**
 * What the catch-all route looks up for a path (spec §2.2 "Catch-all dynamic
 * pages"; decision record 026 "Dynamic routes"). Pure, so the loader and the screen
 * agree.
 */
export interface DynamicLookup {
  /** True for paths with a `news` or `events` segment: no lookup, not found (spec: they "skip this lookup"). */
  readonly skip: boolean;
  /** The first segment, lower-cased, when it has an id's shape (26 Crockford characters): content by id. */
  readonly contentId: string | null;
  /** The whole path without slashes at either end, lower-cased, when it has a second segment and could be a URL alias. */
  readonly contentPath: string | null;
  /** The lower-case path as pages are stored (`normalizePageHref`), when it can be a page link; else null. */
  readonly pageHref: string | null;
}

/** Segments of a path that mark news and event addresses. */
const SKIPPED_SEGMENTS = new Set(['news', 'events']);
/** A content URL alias: lower-case letters, digits and hyphens in segments joined by `/` (decision record 005). */
const ALIAS = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

/**
 * The lookups of `pathname` (the browser's path, as `useLocation` gives it): the
 * path is split into its non-empty segments (so a trailing slash changes nothing)
 * and lower-cased (the lookups are by lower-case path, spec §2.2 and §2.6). A path
 * with a segment `news` or `events` (any case) is skipped. Content is looked up by
 * the first segment when it is an id, and by the full path (an alias such as
 * `seed-labs/software-security`) when there is a second segment; a CMS page by the
 * normalised path when it matches the page link pattern (others could never be a
 * page, and the API would answer 400). Percent-encoded characters match nothing.
 */
export function dynamicLookup(pathname: string): DynamicLookup {
  const segments = pathname
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.toLowerCase());
  if (segments.some((segment) => SKIPPED_SEGMENTS.has(segment))) {
    return { skip: true, contentId: null, contentPath: null, pageHref: null };
  }
  const first = segments[0] ?? '';
  const full = segments.join('/');
  const href = normalizePageHref(`/${full}`);
  return {
    skip: false,
    contentId: EntityId.safeParse(first).success ? first : null,
    contentPath: segments.length > 1 && ALIAS.test(full) && full.length <= LIMITS.idOrAliasMaxChars ? full : null,
    pageHref: PAGE_HREF_PATTERN.test(href) && href.length <= PAGE_LIMITS.hrefMaxChars ? href : null,
  };
}
