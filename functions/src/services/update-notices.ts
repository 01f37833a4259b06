import { UPDATE_NOTICES_UNSUBSCRIBE_API_PATH } from '#shared/contracts/update-notices';
import { getContentById } from '../data/content.ts';
import { outboxItemOf } from '../data/messages.ts';
import {
  type CoveredEntry,
  deliverUpdateNotice,
  dropUpdateNoticeEntries,
  getUpdateNoticeSettings,
  listContentDownloaders,
  listPendingUpdateNotices,
  listUpdateNoticeEntries,
  markUpdateNoticeDelivered,
  putUpdateNotice,
  recordUpdateNoticeDigest,
  type UpdateNoticeEntry,
  type UpdateNoticeRecord,
} from '../data/update-notices.ts';
import { getUsersByIds } from '../data/users.ts';
import { newId } from '../domain/ids.ts';
import { newUnsubscribeSecret, unsubscribeLink, unsubscribeToken } from '../domain/unsubscribe-tokens.ts';
import {
  changeLogPath,
  composeUpdateNoticeDigest,
  digestDayOf,
  updateNoticeMessage,
  updateNoticeMessageId,
} from '../domain/update-notices.ts';
import { deploymentBrand, messageEmailAddresses, portalOriginOfEnv } from '../lib/deployment.ts';
import { logger } from '../lib/logger.ts';
import { unheldLease } from '../messages/outbox.ts';

/**
 * Update notices (issue 25 item 5; decision record 066): queueing a notice when a
 * publish commits, delivering queued notices as account-menu messages to everyone who
 * downloaded the item, and the daily digest e-mail through the outbox. The reader's
 * e-mail switch and the one-click unsubscribe are in `update-notice-settings.ts`, so the
 * `user` group's Lambda does not bundle the delivery.
 */

/** What a publish tells the notices: the item, its new revision, the revision's note, when it went live (ISO). */
export interface ContentUpdateNotice {
  readonly contentId: string;
  readonly revisionId: string;
  readonly note: string | null;
  readonly publishedTimestamp: string;
}

/**
 * Queues the update notice of one publish: ONE conditional PutItem (the same revision
 * queued twice is stored once). Cheap enough to call right after a publish commits; the
 * delivery step (every 15 minutes) does the fan-out.
 * @returns false when this revision's notice was queued already.
 */
export function queueContentUpdateNotice(notice: ContentUpdateNotice, now: Date = new Date()): Promise<boolean> {
  return putUpdateNotice({ ...notice, note: notice.note ?? '' }, now.toISOString());
}

/** Notices and downloaders read per page by the delivery. */
export const DELIVERY_READ_PAGE = 100;

/** What one delivery run did: notices delivered, messages written, users already told (or gone). */
export interface DeliveryRunResult {
  readonly notices: number;
  readonly messages: number;
  readonly unchanged: number;
  readonly failed: number;
}

/**
 * Turns every queued notice into account-menu messages (spec §3 Message), oldest publish
 * first: for each user who downloaded the item (one Query of its downloaders, paged),
 * ONE message per (user, item) whose text a later update replaces, and the item's entry
 * in the user's next digest; then the notice leaves the queue. A delivery run twice
 * writes nothing the second time (every write is conditional on being newer). A notice
 * whose item is gone leaves the queue without messages. A failure for one notice is
 * logged; it stays queued for the next run.
 * @throws when the queue cannot be read (the schedule retries).
 */
export async function deliverUpdateNotices(now: Date = new Date()): Promise<DeliveryRunResult> {
  const totals = { notices: 0, messages: 0, unchanged: 0, failed: 0 };
  // Delivered notices leave the index, so each run reads from the start; failed ones are skipped by the token.
  let pageToken: string | undefined;
  do {
    const page = await listPendingUpdateNotices({ limit: DELIVERY_READ_PAGE, pageToken });
    for (const notice of page.items) {
      try {
        const result = await deliverOne(notice, now);
        totals.notices += 1;
        totals.messages += result.messages;
        totals.unchanged += result.unchanged;
      } catch (error) {
        totals.failed += 1;
        logger.error('Update notice could not be delivered.', {
          contentId: notice.contentId,
          revisionId: notice.revisionId,
          error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
        });
      }
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return totals;
}

async function deliverOne(notice: UpdateNoticeRecord, now: Date): Promise<{ messages: number; unchanged: number }> {
  const content = await getContentById(notice.contentId);
  let messages = 0;
  let unchanged = 0;
  if (content) {
    const link = changeLogPath(content);
    const message = updateNoticeMessage({
      name: content.name,
      publishedTimestamp: notice.publishedTimestamp,
      note: notice.note,
    });
    let pageToken: string | undefined;
    do {
      const page = await listContentDownloaders(notice.contentId, { limit: DELIVERY_READ_PAGE, pageToken });
      for (const userId of page.items) {
        const written = await deliverUpdateNotice({
          userId,
          notice,
          messageId: updateNoticeMessageId(userId, notice.contentId),
          message,
          link,
          contentName: content.name,
        });
        if (written) messages += 1;
        else unchanged += 1;
      }
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
  }
  await markUpdateNoticeDelivered(notice, now.toISOString(), messages);
  return { messages, unchanged };
}

/** Digest entries read per page. */
export const DIGEST_ENTRIES_PAGE = 100;
/**
 * Items one digest names at most (its transaction holds the settings item, one delete
 * per item and the outbox message: DynamoDB's limit is 100); more wait for the next day.
 */
export const DIGEST_ITEMS_MAX = 90;

/** What one digest run did: users looked at, e-mails written to the outbox, users skipped (opted out, no address, sent today), failures. */
export interface UpdateNoticeDigestRunResult {
  readonly users: number;
  readonly emails: number;
  readonly skipped: number;
  readonly failed: number;
}

/**
 * The daily digest (issue 25 item 5): for every user with items that changed since
 * their last digest, ONE outbox e-mail naming them (name, each update's day and note,
 * the change-log link; `List-Unsubscribe` one-click), written in the same transaction
 * that records the day and removes the named entries. At most one a day per user: a
 * second run the same day writes nothing. Users who opted out get none, and their
 * entries are dropped (their messages stay). A failure for one user is logged and does
 * not stop the others.
 * @throws when the entries index cannot be read (the schedule retries).
 */
export async function sendUpdateNoticeDigests(now: Date = new Date()): Promise<UpdateNoticeDigestRunResult> {
  const day = digestDayOf(now);
  const totals = { users: 0, emails: 0, skipped: 0, failed: 0 };
  const digest = async (entries: UpdateNoticeEntry[]) => {
    totals.users += 1;
    try {
      const outcome = await digestOfUser(entries, day, now);
      totals[outcome === 'sent' ? 'emails' : 'skipped'] += 1;
    } catch (error) {
      totals.failed += 1;
      logger.error('Update-notice digest failed for one user.', {
        userId: entries[0]?.userId,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
    }
  };
  // Read the whole index first: a digest deletes entries, which would shift a page token's position.
  const all: UpdateNoticeEntry[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listUpdateNoticeEntries({ limit: DIGEST_ENTRIES_PAGE, pageToken });
    all.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  let current: UpdateNoticeEntry[] = [];
  for (const entry of all) {
    // The index is ordered by user, so one user's entries come together.
    if (current.length > 0 && current[0]?.userId !== entry.userId) {
      await digest(current);
      current = [];
    }
    current.push(entry);
  }
  if (current.length > 0) await digest(current);
  return totals;
}

async function digestOfUser(
  entries: readonly UpdateNoticeEntry[],
  day: string,
  now: Date,
): Promise<'sent' | 'skipped'> {
  const userId = entries[0]?.userId ?? '';
  const settings = await getUpdateNoticeSettings(userId);
  const covered: CoveredEntry[] = entries.slice(0, DIGEST_ITEMS_MAX).map((entry) => ({
    contentId: entry.contentId,
    publishedTimestamp: entry.publishedTimestamp,
  }));
  if (settings.digestDay === day) return 'skipped';
  const [user] = await getUsersByIds([userId]);
  if (settings.emailOptOut || !user?.email) {
    await dropUpdateNoticeEntries(userId, covered);
    return 'skipped';
  }
  const origin = portalOriginOfEnv();
  const secret = settings.unsubscribeSecret ?? newUnsubscribeSecret();
  const token = unsubscribeToken(userId, secret);
  const brand = deploymentBrand();
  const named = entries.slice(0, DIGEST_ITEMS_MAX);
  const composed = composeUpdateNoticeDigest({
    brand,
    displayName: user.displayName,
    items: named.map((entry) => ({
      name: entry.name,
      link: new URL(entry.link, origin).href,
      updates: entry.updates,
    })),
    origin,
    token,
  });
  const outbox = outboxItemOf({
    id: newId(),
    kind: 'updateNoticeDigest',
    brand,
    createdTimestamp: now.toISOString(),
    payload: { userId, day, contentIds: named.map((entry) => entry.contentId) },
    email: {
      from: messageEmailAddresses().sender,
      fromName: 'Courseware portal',
      to: [user.email],
      replyTo: null,
      ...composed,
      listUnsubscribe: unsubscribeLink(origin, UPDATE_NOTICES_UNSUBSCRIBE_API_PATH, token),
    },
    leaseUntil: unheldLease(now),
  });
  return (await recordUpdateNoticeDigest(userId, day, secret, covered, outbox)) ? 'sent' : 'skipped';
}
