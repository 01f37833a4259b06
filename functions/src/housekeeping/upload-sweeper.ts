import type { DynamoDBStreamEvent } from 'aws-lambda';
import { TABLE } from '#shared/table';
import { deleteObject } from '../adapters/file-objects.ts';
import { fileIdOfPartition, uploadedFileObjectKey } from '../data/keys.ts';
import { env } from '../lib/env.ts';
import { logger, withLogging } from '../lib/logger.ts';

/**
 * The upload sweeper (decision records 016, 020): when DynamoDB's TTL removes a file
 * record — a Pending upload never completed, a Ready upload never attached, a file
 * detached by a save whose own clean-up failed — this deletes its object, so that
 * no upload outlives its record. The object key is built from the file id alone
 * (`files/<id>`), in the private or the public bucket; the stream is KEYS_ONLY, so
 * both are tried (DeleteObject of an absent key is a no-op).
 */

/** The file ids of stream records that are removals of file records. */
export function removedFileIds(event: DynamoDBStreamEvent): string[] {
  const ids: string[] = [];
  for (const record of event.Records) {
    const id = fileIdOfPartition(record.dynamodb?.Keys?.[TABLE.partitionKey]?.S ?? '');
    if (record.eventName === 'REMOVE' && id) ids.push(id);
  }
  return ids;
}

/**
 * Deletes the objects of removed file records from both buckets.
 * @throws the first S3 error after trying every object (the event source retries the batch).
 */
export async function sweepFileObjects(fileIds: readonly string[]): Promise<number> {
  const buckets = [env().privateBucket, env().publicBucket];
  const outcomes = await Promise.allSettled(
    fileIds.flatMap((id) => buckets.map((bucket) => deleteObject(bucket, uploadedFileObjectKey(id)))),
  );
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return fileIds.length;
}

/**
 * Lambda entry: invoked by the table's stream, filtered to TTL removals of file
 * records (`infra/stacks/api-stack.ts`). Logs one line (`lib/logger.ts`).
 * @throws when an object could not be deleted, so the batch is retried.
 */
export const handler = withLogging('housekeeping/upload-sweeper', async (event: DynamoDBStreamEvent): Promise<void> => {
  const swept = await sweepFileObjects(removedFileIds(event));
  logger.info('expired uploads swept', { records: event.Records.length, swept });
});
