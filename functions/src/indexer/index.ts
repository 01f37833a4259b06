import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger, withLogging } from '../lib/logger.ts';
import { syncCatalogSnapshot } from '../search/indexer.ts';

/**
 * Lambda entry of the catalog indexer (decision record 014): invoked by the table's
 * stream, filtered to the catalog revision item (`pk CATALOG`), with up to 100
 * records a batch. However many records a batch holds, one `syncCatalogSnapshot()`
 * brings the snapshot up to the latest revision. Logs one JSON line with the figures
 * (`records`, `rebuilt`, `revision`, `documents`, `bytes`, `ms`). A failure throws, so
 * the event source mapping retries the batch (a bounded number of times); reserved
 * concurrency 1 keeps two rebuilds from racing.
 * @throws whatever `syncCatalogSnapshot` throws.
 */
export const handler = withLogging('indexer', async (event: DynamoDBStreamEvent): Promise<void> => {
  const result = await syncCatalogSnapshot();
  logger.info('catalog snapshot synced', { records: event.Records.length, ...result });
});
