import { DynamoDBServiceException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { resetEnvForTests } from '../lib/env.ts';
import { ServiceUnavailableError, ValidationError } from '../lib/errors.ts';
import { encodePageToken } from '../lib/page-token.ts';
import { listContentByStatus } from './content.ts';
import { transactWriteRetried } from './dynamo.ts';

// dynalite does not check that a start key lies inside the key condition; DynamoDB does.
const dynamo = mockClient(dynamoDocumentClient);

const outsideBoundaries = () =>
  new DynamoDBServiceException({
    name: 'ValidationException',
    $fault: 'client',
    $metadata: {},
    message: 'The provided starting key is outside query boundaries based on provided conditions',
  });

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'portal');
  vi.stubEnv('PRIVATE_BUCKET', 'private');
  vi.stubEnv('PUBLIC_BUCKET', 'public');
  resetEnvForTests();
});

afterEach(() => {
  dynamo.reset();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

afterAll(() => {
  dynamo.restore();
});

describe('queryPage', () => {
  it('turns DynamoDB rejecting the start key of a token into a 400 at query.pageToken', async () => {
    // Prepare: a well-formed token of the published partition, modified long before the cut-off.
    dynamo.on(QueryCommand).rejects(outsideBoundaries());
    const token = encodePageToken({
      pk: 'CONTENT#a',
      sk: 'CONTENT',
      gsi3pk: 'STATUS#published',
      gsi3sk: '2020-01-01T00:00:00.000Z#a',
    });
    // Act
    const read = listContentByStatus({
      statuses: ['published'],
      limit: 10,
      pageToken: token,
      modifiedSince: '2026-08-23T00:00:00.000Z',
    });
    // Assess
    await expect(read).rejects.toBeInstanceOf(ValidationError);
    await expect(read).rejects.toMatchObject({ errors: [{ path: 'query.pageToken', message: 'Invalid page token.' }] });
  });

  it('leaves a ValidationException without a token as the server error it is', async () => {
    dynamo.on(QueryCommand).rejects(outsideBoundaries());
    await expect(listContentByStatus({ statuses: ['published'], limit: 10 })).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it('asks DynamoDB for exactly the page size when there is no filter', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    await listContentByStatus({ statuses: ['published'], limit: 25 });
    const input = dynamo.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi3', Limit: 25, ScanIndexForward: false });
    expect(input?.ExpressionAttributeValues).toEqual({ ':pk': 'STATUS#published' });
  });
});

describe('transactWriteRetried', () => {
  // A collision with a concurrent transaction cannot be produced on demand by the emulator.
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({
      $metadata: {},
      message: 'Transaction cancelled',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });
  const steps = [{ ConditionCheck: { TableName: 'portal', Key: { pk: 'A', sk: 'A' }, ConditionExpression: 'x' } }];

  it('tries a collision again and answers null once written', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
    const conditionFailed = vi.fn();
    await expect(
      transactWriteRetried(steps, { attempts: 3, busyMessage: 'Busy.', conditionFailed }),
    ).resolves.toBeNull();
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(conditionFailed).not.toHaveBeenCalled();
  });

  it('answers what the failed condition maps to, with the index of the first failed step', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const answer = await transactWriteRetried(steps, {
      attempts: 3,
      busyMessage: 'Busy.',
      conditionFailed: (index) => `step ${index}`,
    });
    expect(answer).toBe('step 1');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('gives up with a 503 of its message after the attempts, and passes other errors on', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(
      transactWriteRetried(steps, { attempts: 2, busyMessage: 'Busy.', conditionFailed: () => undefined }),
    ).rejects.toEqual(new ServiceUnavailableError('Busy.'));
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(outsideBoundaries());
    await expect(
      transactWriteRetried(steps, { attempts: 2, busyMessage: 'Busy.', conditionFailed: () => undefined }),
    ).rejects.toThrow('outside query boundaries');
  });
});
