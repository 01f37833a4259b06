import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { SCHEDULED_PUBLISHING_ACTOR } from '#shared/contracts/content';
import { COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import { deleteOrphanSchedule, getContentById, listDueSchedules, type PublishScheduleItem } from '../data/content.ts';
import { getNewsEventById } from '../data/news-events.ts';
import { ConflictError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { errorField, logger } from '../lib/logger.ts';
import { editContent } from './content-edit.ts';
import { publishScheduledNewsEvent } from './news-events.ts';

/** Schedules handled in one run at most (each is one transaction); the next run takes the rest. */
export const SCHEDULED_PUBLISH_BATCH = 100;

/**
 * The caller the job acts as (issue 25 item 7, decision record 068): the system actor
 * {@link SCHEDULED_PUBLISHING_ACTOR} with the content editor's api claim, so that the
 * status change goes through the same service, rules and audit as an editor's PATCH.
 * Built here, never from a token: no request can present it.
 */
export const SCHEDULED_PUBLISHING_CALLER: NonNullable<Caller> = {
  sub: SCHEDULED_PUBLISHING_ACTOR.id,
  principal: {
    roles: [USER_ROLE],
    claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }],
    subscriptions: [COURSEWARE_FEATURE],
  },
  claims: {
    iss: 'scheduled-publishing',
    aud: 'scheduled-publishing',
    sub: SCHEDULED_PUBLISHING_ACTOR.id,
    exp: 0,
    iat: 0,
    jti: 'scheduled-publishing',
    displayName: SCHEDULED_PUBLISHING_ACTOR.displayName,
    email: null,
    picture: null,
    provider: 'vcr',
    roles: [USER_ROLE],
    claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }],
    subscriptions: [COURSEWARE_FEATURE],
  },
};

/** What one run did: schedules due, items published, schedules another writer had taken or changed, failures, orphans removed. */
export interface ScheduledPublishResult {
  readonly due: number;
  readonly published: number;
  readonly skipped: number;
  readonly failed: number;
  readonly orphansRemoved: number;
}

/**
 * Publishes every content item, news item and event whose schedule is due at `now`
 * (issue 25 item 7, decision record 068): ONE Query of the sparse due index, then per
 * schedule the item read and (for content) the status PATCH's own service (`editContent` with `{ status: 'published' }` at the version
 * read), whose transaction also deletes the schedule on condition that it still names
 * the time read. So an item is published once even when runs overlap or repeat: the
 * loser's write fails its version or schedule condition (a 409, counted as skipped)
 * and a later run no longer finds the schedule. A schedule whose item is gone or no
 * longer unpublished with that time is removed. One item's failure does not stop the
 * others. Throws only when the index cannot be read (the schedule retries).
 */
export async function publishDueContent(now: Date = new Date()): Promise<ScheduledPublishResult> {
  const due = await listDueSchedules(now, SCHEDULED_PUBLISH_BATCH);
  let published = 0;
  let skipped = 0;
  let failed = 0;
  let orphansRemoved = 0;
  for (const schedule of due) {
    try {
      if (await publishOne(schedule, now)) {
        published += 1;
      } else if (await deleteOrphanSchedule(schedule)) {
        orphansRemoved += 1;
      }
    } catch (error) {
      if (error instanceof ConflictError) {
        skipped += 1;
      } else {
        failed += 1;
        logger.warn('scheduled publishing failed', {
          kind: schedule.kind,
          id: schedule.targetId,
          error: errorField(error),
        });
      }
    }
  }
  return { due: due.length, published, skipped, failed, orphansRemoved };
}

/**
 * Publishes the item of one due schedule as read now: content through the status
 * PATCH's service, a news item or event through {@link publishScheduledNewsEvent}
 * (both conditional on the version read and on the schedule still naming its time).
 * Returns false, writing nothing, when the item is gone or no longer unpublished with
 * that time (the schedule is an orphan).
 * @throws ConflictError when another writer changed the item or its schedule meanwhile.
 */
async function publishOne(schedule: PublishScheduleItem, now: Date): Promise<boolean> {
  if (schedule.kind === 'content') {
    const item = await getContentById(schedule.targetId);
    if (item?.status !== 'unpublished' || item.publishAt !== schedule.publishAt) return false;
    await editContent(item.id, { status: 'published' }, item.version, 'patch', SCHEDULED_PUBLISHING_CALLER);
    return true;
  }
  const item = await getNewsEventById(schedule.kind, schedule.targetId);
  if (item?.status !== 'unpublished' || item.publishAt !== schedule.publishAt) return false;
  await publishScheduledNewsEvent(schedule.kind, item, now);
  return true;
}
