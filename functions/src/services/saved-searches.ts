import type {
  CreateSavedSearchRequest,
  SavedSearch,
  SavedSearchList,
  UnsubscribeResult,
  UpdateSavedSearchRequest,
} from '#shared/contracts/saved-search';
import { SAVED_SEARCH_LIMITS, UNSUBSCRIBE_LINK_INVALID_MESSAGE } from '#shared/contracts/saved-search';
import { outboxItemOf } from '../data/messages.ts';
import {
  updateSavedSearch as changeSavedSearch,
  type DigestAdvance,
  getSavedSearch,
  getSavedSearchSettings,
  listAlertingSavedSearches,
  listSavedSearchesOf,
  recordSavedSearchDigest,
  deleteSavedSearch as removeSavedSearch,
  type SavedSearchRecord,
  createSavedSearch as storeSavedSearch,
  turnOffSavedSearchAlerts,
} from '../data/saved-searches.ts';
import { getUsersByIds } from '../data/users.ts';
import { newId } from '../domain/ids.ts';
import { newOrUpdatedCutoff } from '../domain/new-or-updated.ts';
import {
  composeSavedSearchDigest,
  type DigestSearch,
  digestSince,
  isoWeekOf,
  newUnsubscribeSecret,
  parseUnsubscribeToken,
  savedSearchLink,
  savedSearchPath,
  screenSince,
  unsubscribeApiLink,
  unsubscribeSecretMatches,
  unsubscribeToken,
} from '../domain/saved-searches.ts';
import { deploymentBrand, messageEmailAddresses, portalOriginOfEnv } from '../lib/deployment.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { logger } from '../lib/logger.ts';
import { unheldLease } from '../messages/outbox.ts';
import type { CatalogIndex } from '../search/port.ts';
import { type NewMatches, newMatchesOf, type ResolvedKnowledge } from '../search/saved-search-matches.ts';
import { currentCatalogIndex } from '../search/snapshot-search.ts';
import { resolveKnowledgeFilter } from '../search/work-role-filter.ts';

/**
 * Saved searches with alerts (issue 24 item 8; decision record 061): the use cases of
 * the `search` group's saved-search routes and of the weekly digest. A caller reaches
 * only their own searches: every key is built from the caller's id, so another
 * user's search is simply not found (404).
 */

function ownerOf(caller: Caller): string {
  if (!caller) throw new UnauthorizedError('Sign in to continue.');
  return caller.sub;
}

/**
 * The new items of a saved query (decision record 061) with its work role and KSA/TKS
 * filters resolved as the search resolves them (decision record 079): a saved work role
 * no role has any more matches nothing.
 */
async function savedMatchesOf(
  index: CatalogIndex,
  query: SavedSearchRecord['query'],
  since: string,
  options: { readonly limit: number; readonly windowStart: string },
): Promise<NewMatches> {
  let knowledge: ResolvedKnowledge;
  try {
    const { expansions: _expansions, ...resolved } = await resolveKnowledgeFilter(query.filter);
    knowledge = resolved;
  } catch (error) {
    if (error instanceof ValidationError) return { items: [], total: 0, newest: null };
    throw error;
  }
  return newMatchesOf(index, query, since, options, knowledge);
}

/** The record as its owner sees it, with its new items counted from the seen point. */
async function viewOf(record: SavedSearchRecord, index: CatalogIndex, now: Date): Promise<SavedSearch> {
  const matches = await savedMatchesOf(index, record.query, screenSince(record), {
    limit: 0,
    windowStart: newOrUpdatedCutoff(now),
  });
  const max = SAVED_SEARCH_LIMITS.newMatchesCountMax;
  return {
    id: record.id,
    name: record.name,
    query: record.query,
    alerts: record.alerts,
    createdTimestamp: record.createdTimestamp,
    seenTimestamp: record.seenTimestamp,
    digestTimestamp: record.digestTimestamp,
    newMatches: Math.min(matches.total, max),
    newMatchesCapped: matches.total > max,
    address: savedSearchPath(record.query),
  };
}

/** `GET /api/v1/saved-searches`: the caller's saved searches, newest first, with their new-item counts. */
export async function listSavedSearches(caller: Caller, now: Date = new Date()): Promise<SavedSearchList> {
  const records = await listSavedSearchesOf(ownerOf(caller));
  const index = await currentCatalogIndex();
  return {
    items: await Promise.all(records.map((record) => viewOf(record, index, now))),
    limit: SAVED_SEARCH_LIMITS.perUser,
  };
}

/**
 * `POST /api/v1/saved-searches`: stores the search; nothing is new yet (both points are now).
 * @throws ConflictError (409) when the caller keeps 20 already.
 */
export async function createSavedSearch(
  body: CreateSavedSearchRequest,
  caller: Caller,
  now: Date = new Date(),
): Promise<SavedSearch> {
  const at = now.toISOString();
  const record: SavedSearchRecord = {
    id: newId(),
    userId: ownerOf(caller),
    name: body.name,
    query: body.query,
    alerts: body.alerts,
    createdTimestamp: at,
    seenTimestamp: at,
    digestTimestamp: at,
    version: 1,
  };
  await storeSavedSearch(record, newUnsubscribeSecret());
  return viewOf(record, await currentCatalogIndex(), now);
}

/**
 * `PATCH /api/v1/saved-searches/{id}`: a new name, alerts on or off.
 * @throws NotFoundError (404) when the caller has no such saved search.
 */
export async function updateSavedSearch(
  id: string,
  body: UpdateSavedSearchRequest,
  caller: Caller,
  now: Date = new Date(),
): Promise<SavedSearch> {
  const record = await changeSavedSearch(ownerOf(caller), id, { name: body.name, alerts: body.alerts });
  return viewOf(record, await currentCatalogIndex(), now);
}

/**
 * `DELETE /api/v1/saved-searches/{id}`: the deleted search, as it was.
 * @throws NotFoundError (404) when the caller has no such saved search.
 */
export async function deleteSavedSearch(id: string, caller: Caller, now: Date = new Date()): Promise<SavedSearch> {
  const record = await removeSavedSearch(ownerOf(caller), id);
  return viewOf(record, await currentCatalogIndex(), now);
}

/**
 * `POST /api/v1/saved-searches/{id}/seen`: the seen point moves to the newest new
 * item the index holds (not the clock, so an item the index has not caught up with
 * yet stays new), and nothing is new any more.
 * @throws NotFoundError (404) when the caller has no such saved search.
 */
export async function markSavedSearchSeen(id: string, caller: Caller, now: Date = new Date()): Promise<SavedSearch> {
  const userId = ownerOf(caller);
  const stored = await getSavedSearch(userId, id);
  if (!stored) throw new NotFoundError('Saved search does not exist.');
  const index = await currentCatalogIndex();
  const { newest } = await savedMatchesOf(index, stored.query, screenSince(stored), {
    limit: 1,
    windowStart: newOrUpdatedCutoff(now),
  });
  const record = newest ? await changeSavedSearch(userId, id, { seenTimestamp: newest }) : stored;
  return viewOf(record, index, now);
}

/**
 * `POST /api/v1/saved-searches/unsubscribe?token=` (public, RFC 8058 one-click): every
 * alert of the token's user goes off. Repeating it is harmless (0 the second time).
 * @throws NotFoundError (404) for a token that is forged, mangled or not the user's.
 */
export async function unsubscribeSavedSearches(token: string): Promise<UnsubscribeResult> {
  const parsed = parseUnsubscribeToken(token);
  if (!parsed) throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID_MESSAGE);
  const settings = await getSavedSearchSettings(parsed.userId);
  if (!unsubscribeSecretMatches(parsed.secret, settings?.unsubscribeSecret)) {
    throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID_MESSAGE);
  }
  return { unsubscribed: await turnOffSavedSearchAlerts(parsed.userId) };
}

/** Saved searches with alerts read per page by the digest. */
export const DIGEST_READ_PAGE = 100;

/** What one digest run did: users looked at, e-mails written to the outbox, users skipped (nothing new, sent this week, no address), failures. */
export interface DigestRunResult {
  readonly users: number;
  readonly emails: number;
  readonly skipped: number;
  readonly failed: number;
}

/**
 * The weekly digest (issue 24 item 8; decision record 061): for every user with saved
 * searches whose alerts are on and that have new published items since their digest
 * point, ONE outbox e-mail listing them (the outbox consumer sends it through SES),
 * written in the same transaction that records the week and moves each search's
 * point to its newest mailed item. A user already mailed in `now`'s ISO week is
 * skipped, so a second run in the same week sends nothing. A failure for one user is
 * logged and does not stop the others.
 * @throws when the alerts index or the catalog cannot be read (the schedule retries).
 */
export async function sendSavedSearchDigests(now: Date = new Date()): Promise<DigestRunResult> {
  const index = await currentCatalogIndex();
  const week = isoWeekOf(now);
  const totals = { users: 0, emails: 0, skipped: 0, failed: 0 };
  const digest = async (searches: SavedSearchRecord[]) => {
    totals.users += 1;
    try {
      const outcome = await digestOfUser(searches, index, week, now);
      totals[outcome === 'sent' ? 'emails' : 'skipped'] += 1;
    } catch (error) {
      totals.failed += 1;
      logger.error('Saved-search digest failed for one user.', {
        userId: searches[0]?.userId,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
    }
  };
  let current: SavedSearchRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listAlertingSavedSearches({ limit: DIGEST_READ_PAGE, pageToken });
    for (const search of page.items) {
      // The index is ordered by user, so one user's searches come together.
      if (current.length > 0 && current[0]?.userId !== search.userId) {
        await digest(current);
        current = [];
      }
      current.push(search);
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  if (current.length > 0) await digest(current);
  return totals;
}

async function digestOfUser(
  searches: readonly SavedSearchRecord[],
  index: CatalogIndex,
  week: string,
  now: Date,
): Promise<'sent' | 'skipped'> {
  const userId = searches[0]?.userId ?? '';
  const settings = await getSavedSearchSettings(userId);
  if (!settings || settings.digestWeek === week) return 'skipped';
  const origin = portalOriginOfEnv();
  const windowStart = newOrUpdatedCutoff(now);
  const listed: DigestSearch[] = [];
  const advances: DigestAdvance[] = [];
  for (const search of searches) {
    const matches = await savedMatchesOf(index, search.query, digestSince(search), {
      limit: SAVED_SEARCH_LIMITS.digestItemsPerSearch,
      windowStart,
    });
    if (matches.total === 0 || !matches.newest) continue;
    listed.push({
      name: search.name,
      link: savedSearchLink(origin, search.query),
      items: matches.items.map((item) => ({
        name: item.name,
        link: new URL(`/courseware/${item.urlAlias || item.id}`, origin).href,
      })),
      total: matches.total,
    });
    advances.push({ id: search.id, from: search.digestTimestamp, to: matches.newest });
  }
  if (listed.length === 0) return 'skipped';
  const [user] = await getUsersByIds([userId]);
  if (!user?.email) return 'skipped';
  const token = unsubscribeToken(userId, settings.unsubscribeSecret);
  const brand = deploymentBrand();
  const composed = composeSavedSearchDigest({ brand, displayName: user.displayName, searches: listed, origin, token });
  const outbox = outboxItemOf({
    id: newId(),
    kind: 'savedSearchDigest',
    brand,
    createdTimestamp: now.toISOString(),
    payload: {
      userId,
      week,
      searchIds: advances.map((advance) => advance.id),
      items: listed.reduce((sum, search) => sum + search.total, 0),
    },
    email: {
      from: messageEmailAddresses().sender,
      fromName: 'Courseware portal',
      to: [user.email],
      replyTo: null,
      ...composed,
      listUnsubscribe: unsubscribeApiLink(origin, token),
    },
    leaseUntil: unheldLease(now),
  });
  return (await recordSavedSearchDigest(userId, week, advances, outbox)) ? 'sent' : 'skipped';
}
