import { logger, withLogging } from '../lib/logger.ts';
import { backfillContentUsage } from '../services/content-usage-backfill.ts';
import {
  type DeliveryRunResult,
  deliverUpdateNotices,
  sendUpdateNoticeDigests,
  type UpdateNoticeDigestRunResult,
} from '../services/update-notices.ts';

/**
 * Update notices (issue 25 item 5; decision record 066): EventBridge invokes this Lambda
 * every 15 minutes with `{ "task": "deliver" }` (queued notices become account-menu
 * messages) and daily at 07:00 UTC with `{ "task": "digest" }` (a delivery first, then
 * the digest e-mails written to the outbox). On one machine the local housekeeping loop
 * (`infra/local/housekeeping.ts`) runs the same functions; tests call them with any `now`.
 * Each run then runs the backfill of content usage until it is done (issue 26 item 4,
 * decision record 071: a 15-minute Lambda, one at a time, fits a one-off pass over the raw events).
 */

/** The input of a scheduled run. */
export interface UpdateNoticesTask {
  readonly task: 'deliver' | 'digest';
}

/** What a run did: the delivery, and the digest when it was asked for. */
export interface UpdateNoticesRunResult {
  readonly delivery: DeliveryRunResult;
  readonly digest?: UpdateNoticeDigestRunResult;
}

/** Runs one scheduled task at `now`: the delivery, then (task `digest`) the daily digest. */
export async function runUpdateNoticesTask(
  input: UpdateNoticesTask,
  now: Date = new Date(),
): Promise<UpdateNoticesRunResult> {
  const delivery = await deliverUpdateNotices(now);
  if (input.task !== 'digest') return { delivery };
  return { delivery, digest: await sendUpdateNoticeDigests(now) };
}

/** Lambda entry, invoked by the two schedules. Logs one line with the figures (`lib/logger.ts`). */
export const handler = withLogging(
  'housekeeping/update-notices',
  async (event: Partial<UpdateNoticesTask> | undefined): Promise<UpdateNoticesRunResult> => {
    const result = await runUpdateNoticesTask({ task: event?.task === 'digest' ? 'digest' : 'deliver' });
    logger.info('update notices', { ...result });
    // The one-off backfill of content usage (issue 26 item 4, decision record 071): one GetItem once done.
    const backfill = await backfillContentUsage();
    if (backfill.ran) logger.info('content usage backfilled', { ...backfill });
    return result;
  },
);
