import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger, withLogging } from '../lib/logger.ts';
import { syncThumbnail, type ThumbnailSyncOutcome } from './sync.ts';

/** Partition key prefix of a content item (`contentKey` of data/keys.ts). */
const CONTENT_PK_PREFIX = 'CONTENT#';

/**
 * The content ids a stream batch names (keys-only records of `CONTENT#<id>` / `CONTENT`),
 * each once, in order of first appearance.
 */
export function contentIdsOf(event: DynamoDBStreamEvent): string[] {
  const ids = new Set<string>();
  for (const record of event.Records) {
    const pk = record.dynamodb?.Keys?.pk?.S;
    const sk = record.dynamodb?.Keys?.sk?.S;
    if (pk?.startsWith(CONTENT_PK_PREFIX) && sk === 'CONTENT') ids.add(pk.slice(CONTENT_PK_PREFIX.length));
  }
  return [...ids];
}

/**
 * Lambda entry of the thumbnail renderer (issue 24 item 2, decision record 060): invoked
 * by the table's stream, filtered to content items, it syncs each named item's
 * thumbnail once per batch (`syncThumbnail`). Logs one line with the outcomes. A
 * storage failure throws, so the event source mapping retries the batch; a PDF that
 * does not render is an outcome, not a failure.
 * @throws whatever `syncThumbnail` throws (S3, DynamoDB).
 */
export const handler = withLogging('thumbnails', async (event: DynamoDBStreamEvent): Promise<void> => {
  const outcomes: Partial<Record<ThumbnailSyncOutcome, number>> = {};
  for (const id of contentIdsOf(event)) {
    const outcome = await syncThumbnail(id);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  logger.info('thumbnails synced', { records: event.Records.length, ...outcomes });
});
