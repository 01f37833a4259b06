import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { resetEnvForTests } from '../lib/env.ts';
import { ValidationError } from '../lib/errors.ts';
import { encodePageToken } from '../lib/page-token.ts';
import { listContentByStatus } from './content.ts';

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
