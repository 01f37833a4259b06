import { logger, withLogging } from '../lib/logger.ts';
import { purgeDeletedContentRemains } from '../services/content-purge.ts';
import { publishDueContent, type ScheduledPublishResult } from '../services/scheduled-publishing.ts';

/**
 * Scheduled publishing (issue 25 item 7; decision record 068): EventBridge invokes this
 * Lambda every minute (`SCHEDULED_PUBLISH_EVERY_MINUTES`, infra/stacks/api-stack.ts); on
 * one machine the local housekeeping loop (`infra/local/housekeeping.ts`) runs the same
 * function, and tests call `publishDueContent` with any `now`. Each run also finishes
 * the purges of deleted content left over (`purgeDeletedContentRemains`).
 */

/** Lambda entry, invoked by the schedule. Logs one line with the figures when it did anything. */
export const handler = withLogging('housekeeping/scheduled-publisher', async (): Promise<ScheduledPublishResult> => {
  const result = await publishDueContent(new Date());
  if (result.due > 0) logger.info('scheduled publishing ran', { ...result });
  // The purges a content delete could not finish (issue 25 item 3, decision record 065).
  const purges = await purgeDeletedContentRemains(new Date());
  if (purges.pending > 0) logger.info('deleted content purged', { ...purges });
  return result;
});
