import { logger, withLogging } from '../lib/logger.ts';
import { type DigestRunResult, sendSavedSearchDigests } from '../services/saved-searches.ts';

/**
 * The weekly digest of saved searches (issue 24 item 8; decision record 061): EventBridge
 * invokes this Lambda once a week (`DIGEST_SCHEDULE` of `domain/saved-searches.ts`); on one machine the local
 * housekeeping loop (`infra/local/housekeeping.ts`) runs the same function when a new
 * weekly slot has begun, and tests call `sendSavedSearchDigests` with any `now`.
 */

/** Lambda entry, invoked by the weekly schedule. Logs one line with the figures (`lib/logger.ts`). */
export const handler = withLogging('housekeeping/saved-search-digest', async (): Promise<DigestRunResult> => {
  const result = await sendSavedSearchDigests(new Date());
  logger.info('saved-search digest written to the outbox', { ...result });
  return result;
});
