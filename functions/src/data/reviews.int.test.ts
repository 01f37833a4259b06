import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS_BUSY_MESSAGE } from '#shared/contracts/review';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { newId } from '../domain/ids.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import { startTestStack } from '../test-support/stack.ts';
import { changeReview, getRatingTotals, getReview, REVIEW_WRITE_ATTEMPTS, type ReviewRecord } from './reviews.ts';

/**
 * The review transaction's retries (decision record 070). dynalite's transaction
 * proxy serialises transactions on one item, so DynamoDB's `TransactionConflict`
 * cannot happen here: a mock answers it for the first transactions (a fault the real
 * component cannot produce locally), the emulator does the rest.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

function review(contentId: string, userId: string, rating: number): ReviewRecord {
  const at = new Date().toISOString();
  return {
    id: newId(),
    contentId,
    userId,
    authorName: 'Retry Faculty',
    rating,
    text: '',
    status: 'visible',
    createdTimestamp: at,
    modifiedTimestamp: at,
    response: null,
    hiddenReason: null,
    hiddenTimestamp: null,
    reportCount: 0,
    openReports: 0,
    reportNotes: [],
    moderationSince: null,
    version: 1,
  };
}

const conflict = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
  });

describe('changeReview under TransactionConflict', () => {
  it('reads again and retries, then writes the review and its aggregate once', async () => {
    const contentId = newId();
    const userId = newId();
    const realSend = Object.getPrototypeOf(dynamoDocumentClient).send as (command: unknown) => Promise<never>;
    const mock = mockClient(dynamoDocumentClient);
    let conflicts = 2;
    try {
      mock.send.callsFake((command) => {
        if (command instanceof TransactWriteCommand && conflicts > 0) {
          conflicts -= 1;
          return Promise.reject(conflict());
        }
        return realSend.call(dynamoDocumentClient, command);
      });
      const result = await changeReview(contentId, userId, (current) => ({
        next: current ?? review(contentId, userId, 3),
      }));
      expect(result.attempts).toBe(3);
      expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(3);
    } finally {
      mock.restore();
    }
    expect((await getReview(contentId, userId))?.rating).toBe(3);
    expect(await getRatingTotals(contentId)).toEqual({ sum: 3, count: 1 });
  });

  it(`gives up with a 503 after ${REVIEW_WRITE_ATTEMPTS} attempts, writing nothing`, async () => {
    const contentId = newId();
    const userId = newId();
    const realSend = Object.getPrototypeOf(dynamoDocumentClient).send as (command: unknown) => Promise<never>;
    const mock = mockClient(dynamoDocumentClient);
    try {
      mock.send.callsFake((command) =>
        command instanceof TransactWriteCommand
          ? Promise.reject(conflict())
          : realSend.call(dynamoDocumentClient, command),
      );
      const error = await changeReview(contentId, userId, () => ({ next: review(contentId, userId, 5) })).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect((error as Error).message).toBe(REVIEWS_BUSY_MESSAGE);
      expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(REVIEW_WRITE_ATTEMPTS);
    } finally {
      mock.restore();
    }
    expect(await getReview(contentId, userId)).toBeNull();
    expect(await getRatingTotals(contentId)).toEqual({ sum: 0, count: 0 });
  });
});
