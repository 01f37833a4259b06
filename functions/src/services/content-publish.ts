import type { RevisionSummary } from '#shared/contracts/content-draft';
import { CHANGE_LOG_MAX_ENTRIES } from '#shared/contracts/content-draft';
import { contentItemOf, type TransactionStep } from '../data/content.ts';
import { revisionPutStep } from '../data/content-drafts.ts';
import { type ContentRecord, toContent } from '../data/items.ts';
import { updateNoticePut } from '../data/update-notices.ts';
import { newId } from '../domain/ids.ts';
import type { Caller } from '../lib/handler.ts';

/** The publish fields of a content record (issue 25 item 4; decision record 065). */
export type PublishedFields = Pick<ContentRecord, 'firstPublishedTimestamp' | 'lastPublishedTimestamp' | 'changeLog'>;

/**
 * A publish prepared for a write: the record stamped with its publish dates, and the
 * steps for the same transaction — the revision's Put and the Put of its update notice
 * for the people who downloaded the item (issue 25 item 5; decision record 066).
 */
export interface Publication {
  readonly record: ContentRecord;
  readonly steps: readonly TransactionStep[];
  readonly revision: RevisionSummary;
}

/**
 * The revision step of EVERY write that leaves a content item `published` (issue 25
 * item 3; decision record 065): the save route, publishing a draft, `PUT`/`PATCH`
 * (the status change scheduled publishing and bulk publish go through). Returns null
 * when `record` (the item as it will be stored) is not published; else `record` with
 * `lastPublishedTimestamp` now, `firstPublishedTimestamp` kept (or now) and the note
 * put first in its `changeLog`, and, for the same transaction, the Put of its revision
 * (the item as stored at `storedVersion`, who, when, the note) and the Put of the
 * revision's update notice (delivered to the item's downloaders by the notices job).
 * A new item (`previous` null: created published by `POST /api/v1/content` or as a
 * child in a save) gets its revision but no notice: nobody can have downloaded it yet,
 * and a save creating many published children keeps one element per child fewer.
 */
export function publicationOf(
  previous: ContentRecord | null,
  record: ContentRecord,
  storedVersion: number,
  caller: Caller,
  note: string | null,
  now: Date,
): Publication | null {
  if (record.status !== 'published') return null;
  const before: PublishedFields = previous ?? {};
  const at = now.toISOString();
  const changeLog = note
    ? [{ date: at.slice(0, 10), note }, ...(before.changeLog ?? [])].slice(0, CHANGE_LOG_MAX_ENTRIES)
    : (before.changeLog ?? []);
  const stamped: ContentRecord = {
    ...record,
    firstPublishedTimestamp: before.firstPublishedTimestamp ?? at,
    lastPublishedTimestamp: at,
    changeLog,
  };
  const publisher = { id: caller?.sub ?? '', name: caller?.claims.displayName ?? '' };
  const { step, summary } = revisionPutStep(
    toContent(contentItemOf(stamped, storedVersion)),
    newId(),
    publisher,
    note,
    now,
  );
  if (previous === null) return { record: stamped, steps: [step], revision: summary };
  const notice = updateNoticePut(
    { contentId: record.id, revisionId: summary.id, note: note ?? '', publishedTimestamp: at },
    at,
  );
  return { record: stamped, steps: [step, { item: notice }], revision: summary };
}
