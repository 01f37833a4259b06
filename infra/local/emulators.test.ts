import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, TABLE } from '#shared/table';
import { type RunningEmulators, startEmulators } from './emulators.ts';

describe('startEmulators', () => {
  let emulators: RunningEmulators;
  beforeAll(async () => {
    emulators = await startEmulators({ dataDir: null });
  });
  afterAll(async () => {
    await emulators.stop();
  });

  it('creates the single table with its three indexes', async () => {
    const client = new DynamoDBClient({ endpoint: emulators.endpoints.dynamodb });
    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE.localName }));
    expect(Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3']);
  });

  it('stores and returns an object byte for byte in the private bucket', async () => {
    const client = new S3Client({ endpoint: emulators.endpoints.s3, forcePathStyle: true });
    const body = Buffer.from('%PDF-1.5 courseware bytes \u00e9');
    await client.send(new PutObjectCommand({ Bucket: BUCKETS.private.localName, Key: 'probe/a.pdf', Body: body }));
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKETS.private.localName, Key: 'probe/a.pdf' }));
    expect(
      Buffer.from(await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()),
    ).toEqual(body);
  });
});
