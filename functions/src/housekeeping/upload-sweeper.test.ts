import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { removedFileIds } from './upload-sweeper.ts';

function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', pk: string) {
  return { eventName, dynamodb: { Keys: { pk: { S: pk }, sk: { S: 'X' } } } };
}

describe('removedFileIds', () => {
  it('keeps removals of file records only', () => {
    const event = {
      Records: [
        record('REMOVE', 'FILE#01jabcdefghjkmnpqrstvwxyz0'),
        record('MODIFY', 'FILE#01jabcdefghjkmnpqrstvwxyz1'),
        record('REMOVE', 'CONTENT#01jabcdefghjkmnpqrstvwxyz2'),
        record('REMOVE', 'FILE#01jabcdefghjkmnpqrstvwxyz3'),
      ],
    } as DynamoDBStreamEvent;
    expect(removedFileIds(event)).toEqual(['01jabcdefghjkmnpqrstvwxyz0', '01jabcdefghjkmnpqrstvwxyz3']);
  });
});
