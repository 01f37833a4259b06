import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger, withLogging } from '../lib/logger.ts';
import { deliverPendingMessages, type OutboxResendResult } from '../messages/outbox.ts';

/**
 * Lambda entry of the outbox consumer (issue 21 item 5; decision record 033): invoked
 * by the table's stream, filtered to outbox items (`pk` starting `OUTBOX#`, inserted
 * or modified), batched for up to a second. However many records a batch holds, one
 * run sends every pending message nobody holds, oldest first (the stream only says
 * that there is something to send; the pending index says what). Reserved
 * concurrency 1 keeps runs from racing for SES's sending rate; the lease on each
 * message keeps a message from being sent twice. A failed send stays pending for the
 * next run or the scheduled re-sender; the run throws only when the pending index
 * cannot be read, so the event source mapping retries the batch. Logs one line
 * with the figures (`lib/logger.ts`).
 */
export const handler = withLogging(
  'housekeeping/outbox-sender',
  async (event: DynamoDBStreamEvent): Promise<OutboxResendResult> => {
    const result = await deliverPendingMessages(new Date());
    logger.info('outbox delivered', { records: event.Records.length, ...result });
    return result;
  },
);
