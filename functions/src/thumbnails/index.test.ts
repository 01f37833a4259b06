import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { contentIdsOf } from './index.ts';

const record = (pk: string, sk: string) => ({ dynamodb: { Keys: { pk: { S: pk }, sk: { S: sk } } } });

describe('thumbnail Lambda stream records (issue 24 item 2)', () => {
  it('names each content item of a batch once, in order, and nothing else', () => {
    const event = {
      Records: [
        record('CONTENT#b', 'CONTENT'),
        record('CATALOG', 'REVISION'),
        record('CONTENT#a', 'CONTENT'),
        record('CONTENT#b', 'CONTENT'),
        record('CONTENT#a', 'CHILD#1'),
      ],
    } as unknown as DynamoDBStreamEvent;
    expect(contentIdsOf(event)).toEqual(['b', 'a']);
  });
});
