import type { SavedSearchQuery } from '#shared/contracts/saved-search';
import { SAVED_SEARCHES_PAGE_PATH, UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PAGE_PATH } from '#shared/contracts/saved-search';
import type { Brand } from '#shared/enums';
import { savedSearchParams } from '#shared/saved-search-address';
import { BRAND_NAMES, type ComposedEmail } from './message-email.ts';

/**
 * Saved searches with alerts (issue 24 item 8; decision record 061): the points new
 * items are counted from, the ISO week a digest belongs to, the unsubscribe token,
 * the links and the digest e-mail. Pure, apart from the random secret of
 * {@link newUnsubscribeSecret}.
 */

/** A saved search as the rules read it (the stored record's fields they need). */
export interface SavedSearchPoints {
  readonly seenTimestamp: string;
  readonly digestTimestamp: string;
}

/**
 * The instant after which an item is new on the "Saved searches" screen and in the
 * account menu: `seenTimestamp` (ISO).
 */
export function screenSince(search: SavedSearchPoints): string {
  return search.seenTimestamp;
}

/**
 * The instant after which an item goes into the next digest: the later of
 * `seenTimestamp` and `digestTimestamp` (what the user marked seen is not mailed again).
 */
export function digestSince(search: SavedSearchPoints): string {
  return search.seenTimestamp > search.digestTimestamp ? search.seenTimestamp : search.digestTimestamp;
}

/**
 * The ISO 8601 week of `date` (UTC) as `YYYY-Www`, e.g. `2026-W48`: the digest sends
 * at most one e-mail per user per week, whatever the schedule does.
 */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the year (ISO 8601).
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** When the digest runs: Mondays at 08:00 UTC (EventBridge cron `0 8 ? * MON *`). */
export const DIGEST_SCHEDULE = { weekDay: 'MON', hourUtc: 8, minute: 0 } as const;

/**
 * The start of the weekly slot `now` falls in: the latest Monday 08:00 UTC at or
 * before `now` (what the local loop compares, to run once per slot as EventBridge does).
 */
export function digestSlotOf(now: Date): Date {
  const slot = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate(),
      DIGEST_SCHEDULE.hourUtc,
      DIGEST_SCHEDULE.minute,
    ),
  );
  const sinceMonday = (slot.getUTCDay() + 6) % 7;
  slot.setUTCDate(slot.getUTCDate() - sinceMonday);
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 7);
  return slot;
}

export {
  newUnsubscribeSecret,
  parseUnsubscribeToken,
  UNSUBSCRIBE_SECRET_BYTES,
  unsubscribeSecretMatches,
  unsubscribeToken,
} from './unsubscribe-tokens.ts';

/** The portal path of a saved search's results: `/courseware?<its text, filter and sort>` (`/courseware` for none). */
export function savedSearchPath(query: SavedSearchQuery): string {
  const params = savedSearchParams(query).toString();
  return params ? `/courseware?${params}` : '/courseware';
}

/** The address of a saved search's results: `<origin>/courseware?<its text, filter and sort>`. */
export function savedSearchLink(origin: string, query: SavedSearchQuery): string {
  const url = new URL('/courseware', origin);
  url.search = savedSearchParams(query).toString();
  return url.href;
}

/** The SPA page that confirms an unsubscribe with a button: `<origin>/saved-searches/unsubscribe?token=…`. */
export function unsubscribePageLink(origin: string, token: string): string {
  const url = new URL(UNSUBSCRIBE_PAGE_PATH, origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** The RFC 8058 one-click address of the `List-Unsubscribe` header: the API route, POSTed by the mail reader. */
export function unsubscribeApiLink(origin: string, token: string): string {
  const url = new URL(UNSUBSCRIBE_API_PATH, origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** One saved search of a digest: its name, its results' address, the new items listed and how many there are. */
export interface DigestSearch {
  readonly name: string;
  readonly link: string;
  /** The newest new items, at most `SAVED_SEARCH_LIMITS.digestItemsPerSearch`. */
  readonly items: readonly { readonly name: string; readonly link: string }[];
  /** Every new item of the search (≥ `items.length`). */
  readonly total: number;
}

/** What a digest e-mail says: to whom, which searches, and the links to manage and to stop it. */
export interface DigestEmailInput {
  readonly brand: Brand;
  readonly displayName: string;
  readonly searches: readonly DigestSearch[];
  readonly origin: string;
  readonly token: string;
}

/**
 * The weekly digest (issue 24 item 8): one e-mail per user listing, per saved search
 * with new items, the newest ones with their links and how many more there are, then
 * where to manage the searches and the one-click unsubscribe link.
 */
export function composeSavedSearchDigest(input: DigestEmailInput): ComposedEmail {
  const brandName = BRAND_NAMES[input.brand];
  const total = input.searches.reduce((sum, search) => sum + search.total, 0);
  const lines = [
    `Hello ${input.displayName},`,
    '',
    `${total === 1 ? 'One new or updated courseware item matches' : `${total} new or updated courseware items match`} your saved searches on the ${brandName} courseware portal.`,
  ];
  for (const search of input.searches) {
    lines.push('', `${search.name} (${search.total} new)`, search.link);
    for (const item of search.items) lines.push(`  - ${item.name}`, `    ${item.link}`);
    const more = search.total - search.items.length;
    if (more > 0) lines.push(`  and ${more} more: ${search.link}`);
  }
  lines.push(
    '',
    `Manage your saved searches: ${new URL(SAVED_SEARCHES_PAGE_PATH, input.origin).href}`,
    `Stop these e-mails: ${unsubscribePageLink(input.origin, input.token)}`,
    '',
  );
  return {
    subject: `${total === 1 ? '1 new item matches' : `${total} new items match`} your saved searches`,
    text: lines.join('\n'),
  };
}
