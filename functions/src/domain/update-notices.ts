import {
  CHANGE_LOG_ANCHOR,
  UPDATE_NOTICES_SETTINGS_PAGE_PATH,
  UPDATE_NOTICES_UNSUBSCRIBE_PAGE_PATH,
} from '#shared/contracts/update-notices';
import type { Brand } from '#shared/enums';
import { seedId } from './ids.ts';
import { BRAND_NAMES, type ComposedEmail } from './message-email.ts';
import { unsubscribeLink } from './unsubscribe-tokens.ts';

/**
 * Update notices (issue 25 item 5; decision record 066): the rules of the account-menu
 * message and of the daily digest e-mail. Pure.
 */

/** When the daily digest runs: 07:00 UTC (EventBridge cron `0 7 * * ? *`). */
export const UPDATE_NOTICE_DIGEST_SCHEDULE = { hourUtc: 7, minute: 0 } as const;

/** How often queued notices become messages: every 15 minutes (the e-mail re-sender's rate). */
export const UPDATE_NOTICE_DELIVERY_MINUTES = 15;

/** Characters of a revision note kept in a message or a digest line (longer notes are cut with "…"). */
export const NOTICE_NOTE_MAX_CHARS = 500;

/** The UTC day of `date` as `YYYY-MM-DD`: the digest sends at most one e-mail per user per day. */
export function digestDayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The start of the daily slot `now` falls in: the latest 07:00 UTC at or before `now`
 * (what the local housekeeping loop compares, to run once per slot as EventBridge does).
 */
export function updateNoticeDigestSlotOf(now: Date): Date {
  const slot = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate(),
      UPDATE_NOTICE_DIGEST_SCHEDULE.hourUtc,
      UPDATE_NOTICE_DIGEST_SCHEDULE.minute,
    ),
  );
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

/**
 * The id of the ONE account-menu message a user has about one content item (spec §3
 * Message): derived from both ids, so a second update of the item replaces the text of
 * the first message instead of adding another.
 */
export function updateNoticeMessageId(userId: string, contentId: string): string {
  return seedId('update-notice', `${userId}#${contentId}`);
}

/** The portal path of an item's change log: `/courseware/<alias or id>#change-log`. */
export function changeLogPath(content: { readonly id: string; readonly urlAlias?: string | null }): string {
  return `/courseware/${content.urlAlias || content.id}#${CHANGE_LOG_ANCHOR}`;
}

/** A revision note as a message or a digest shows it: one line, trimmed, at most {@link NOTICE_NOTE_MAX_CHARS}. */
export function noticeNote(note: string | null | undefined): string {
  const flat = (note ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > NOTICE_NOTE_MAX_CHARS ? `${flat.slice(0, NOTICE_NOTE_MAX_CHARS - 1)}…` : flat;
}

/** What a notice says about one item: its name, the day it was published (ISO), the note. */
export interface NoticeFacts {
  readonly name: string;
  readonly publishedTimestamp: string;
  readonly note: string;
}

/** The account-menu message text: `Updated 2026-11-02: <name>. <note>` (no note: without it). */
export function updateNoticeMessage(facts: NoticeFacts): string {
  const note = noticeNote(facts.note);
  return `Updated ${facts.publishedTimestamp.slice(0, 10)}: ${facts.name}${note ? `. ${note}` : ''}`;
}

/** One changed item of a digest: its name, its change-log address, and each update since the last digest, oldest first. */
export interface DigestItem {
  readonly name: string;
  readonly link: string;
  readonly updates: readonly { readonly publishedTimestamp: string; readonly note: string }[];
}

/** What a digest e-mail says: to whom, which items, and the links to manage and to stop it. */
export interface UpdateNoticeDigestInput {
  readonly brand: Brand;
  readonly displayName: string;
  readonly items: readonly DigestItem[];
  readonly origin: string;
  readonly token: string;
}

/**
 * The daily digest (issue 25 item 5): one e-mail per user naming every item that changed
 * since their last digest — name, each update's day and note, the change-log link — then
 * where to manage the e-mail and the one-click unsubscribe link.
 */
export function composeUpdateNoticeDigest(input: UpdateNoticeDigestInput): ComposedEmail {
  const count = input.items.length;
  const lines = [
    `Hello ${input.displayName},`,
    '',
    `${count === 1 ? 'Courseware you downloaded was' : `${count} courseware items you downloaded were`} updated on the ${BRAND_NAMES[input.brand]} courseware portal.`,
  ];
  for (const item of input.items) {
    lines.push('', item.name);
    for (const update of item.updates) {
      const note = noticeNote(update.note);
      lines.push(`  Updated ${update.publishedTimestamp.slice(0, 10)}${note ? `: ${note}` : ''}`);
    }
    lines.push(`  What changed: ${item.link}`);
  }
  lines.push(
    '',
    `Turn these e-mails on or off: ${new URL(UPDATE_NOTICES_SETTINGS_PAGE_PATH, input.origin).href}`,
    `Stop these e-mails: ${unsubscribeLink(input.origin, UPDATE_NOTICES_UNSUBSCRIBE_PAGE_PATH, input.token)}`,
    '',
  );
  const [first] = input.items;
  return {
    subject: count === 1 && first ? `Updated: ${first.name}` : `${count} courseware items you downloaded were updated`,
    text: lines.join('\n'),
  };
}
