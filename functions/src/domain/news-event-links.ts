import { NEWS_EVENT_LIMITS } from '#shared/limits';
import { aliasFromName } from './alias.ts';

/*
 * Generated news and event links (decision record 024), apart from the read-side rules
 * of `news-events.ts` so that the readers (the list routes, the html group) do not
 * bundle the slug library (issue 22 item 7; decision record 041).
 */

/** Longest suffix a generated link may get (`-` and up to 7 digits), kept free below the 1024 limit. */
const SUFFIX_ROOM = 8;

/**
 * The base of a generated news link (decision record 024): the title slugified like a
 * content alias (lower case, `[a-z0-9-]` only, accents folded, runs of hyphens
 * collapsed — `aliasFromName`), cut so that a `-<n>` suffix still fits in
 * {@link NEWS_EVENT_LIMITS.linkMaxChars}; `fallback` (the item's id) when the title has
 * no usable character. Always matches the contract's link pattern.
 */
export function linkBaseFromTitle(title: string, fallback: string): string {
  const slug = aliasFromName(title)
    .slice(0, NEWS_EVENT_LIMITS.linkMaxChars - SUFFIX_ROOM)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * Candidate links in the order they are tried: `base`, `base-2`, `base-3`, … —
 * `count` of them starting at the `from`-th (1 is `base` itself).
 * @throws RangeError for `from` < 1 or `count` < 1.
 */
export function linkCandidates(base: string, from: number, count: number): string[] {
  if (!Number.isInteger(from) || from < 1 || !Number.isInteger(count) || count < 1) {
    throw new RangeError('from and count must be whole numbers of at least 1.');
  }
  return Array.from({ length: count }, (_, i) => (from + i === 1 ? base : `${base}-${from + i}`));
}

/**
 * The last-resort link when every numbered candidate is taken: the base cut to leave
 * room, a hyphen and the item's id (unique by construction, at most
 * {@link NEWS_EVENT_LIMITS.linkMaxChars}).
 */
export function linkWithId(base: string, id: string): string {
  const room = NEWS_EVENT_LIMITS.linkMaxChars - id.length - 1;
  const head = base.slice(0, room).replace(/-+$/, '');
  return head ? `${head}-${id}` : id;
}
