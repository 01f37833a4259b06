import {
  DynamoDBClient,
  ScanCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactGetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TABLE } from '#shared/table';
import { NamedLocks, startTransactionProxy } from './dynamodb-transactions.ts';
import { ensureTable, type RunningEmulators, startEmulators } from './emulators.ts';
import { LOOPBACK, listen, loopbackUrl } from './net.ts';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

const TableName = TABLE.localName;

describe('transactions over dynalite', () => {
  let emulators: RunningEmulators;
  let client: DynamoDBClient;
  let documents: DynamoDBDocumentClient;

  beforeAll(async () => {
    emulators = await startEmulators({ dataDir: null });
    client = new DynamoDBClient({ endpoint: emulators.endpoints.dynamodb });
    documents = DynamoDBDocumentClient.from(client);
  });
  afterAll(async () => {
    client.destroy();
    await emulators.stop();
  });

  let run = 0;
  let a: { pk: string; sk: string };
  let b: { pk: string; sk: string };
  beforeEach(() => {
    run += 1;
    a = { pk: `TX#${run}`, sk: 'A' };
    b = { pk: `TX#${run}`, sk: 'B' };
  });

  const read = async (key: { pk: string; sk: string }) =>
    (await documents.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item;

  it('answers a repeat with the same ClientRequestToken without writing again, and refuses it for another request', async () => {
    const put = (name: string) =>
      new TransactWriteCommand({
        ClientRequestToken: `token-${run}`,
        TransactItems: [
          { Put: { TableName, Item: { ...a, name }, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: { TableName, Key: b, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } },
          },
        ],
      });
    await documents.send(put('first'));
    // Without the token, the repeat would fail its condition and add 1 again.
    await documents.send(put('first'));
    expect(await read(a)).toEqual({ ...a, name: 'first' });
    expect((await read(b))?.hits).toBe(1);
    await expect(documents.send(put('other'))).rejects.toThrow(
      expect.objectContaining({ name: 'IdempotentParameterMismatchException' }),
    );
  });

  it('applies every item of a successful transaction', async () => {
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName,
              Item: { ...a, name: 'first', version: 1 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName, Item: { ...b, name: 'second', blob: new Uint8Array([0, 1, 255]) } } },
        ],
      }),
    );

    expect(await read(a)).toEqual({ ...a, name: 'first', version: 1 });
    expect((await read(b))?.blob).toEqual(new Uint8Array([0, 1, 255]));
  });

  it('rolls back the first item and reports the reasons when the second condition fails', async () => {
    await documents.send(new PutCommand({ TableName, Item: { ...a, version: 1, status: 'draft' } }));
    await documents.send(new PutCommand({ TableName, Item: { ...b, version: 7 } }));

    const error = await documents
      .send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName,
                Key: a,
                UpdateExpression: 'SET #status = :published, version = version + :one',
                ConditionExpression: 'version = :one',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':published': 'published', ':one': 1 },
              },
            },
            {
              ConditionCheck: {
                TableName,
                Key: b,
                ConditionExpression: 'version = :expected',
                ExpressionAttributeValues: { ':expected': 6 },
              },
            },
          ],
        }),
      )
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
    );
    expect((error as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
    expect(await read(a)).toEqual({ ...a, version: 1, status: 'draft' });
    expect(await read(b)).toEqual({ ...b, version: 7 });
  });

  it('removes an item created by a put that is rolled back, and leaves no trace of a passing condition check', async () => {
    await documents.send(new PutCommand({ TableName, Item: { ...b, version: 1 } }));
    const c = { pk: a.pk, sk: 'C' };

    const error = await documents
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName, Key: c, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...a, version: 1 } } },
            {
              Delete: {
                TableName,
                Key: b,
                ConditionExpression: 'version = :two',
                ExpressionAttributeValues: { ':two': 2 },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      )
      .catch((e: unknown) => e);

    expect((error as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        // lib-dynamodb leaves the items of an error marshalled, on AWS as here.
        Item: { pk: { S: b.pk }, sk: { S: b.sk }, version: { N: '1' } },
      },
    ]);
    expect(await read(a)).toBeUndefined();
    expect(await read(c)).toBeUndefined();
    expect(await read(b)).toEqual({ ...b, version: 1 });
  });

  it('reads several items consistently with TransactGetItems', async () => {
    await documents.send(new PutCommand({ TableName, Item: { ...a, name: 'first' } }));

    const { Responses } = await documents.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName, Key: a, ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } } },
          { Get: { TableName, Key: b } },
        ],
      }),
    );

    expect(Responses).toEqual([{ Item: { name: 'first' } }, {}]);
  });

  it('refuses two operations on the same item like DynamoDB', async () => {
    const error = await documents
      .send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName, Item: { ...a } } }, { Delete: { TableName, Key: a } }],
        }),
      )
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      name: 'ValidationException',
      message: 'Transaction request cannot include multiple operations on one item',
    });
    expect(await read(a)).toBeUndefined();
  });

  it('refuses an empty transaction and one of more than 100 items', async () => {
    const empty = await client.send(new TransactWriteItemsCommand({ TransactItems: [] })).catch((e: unknown) => e);
    const tooMany = await client
      .send(
        new TransactWriteItemsCommand({
          TransactItems: Array.from({ length: 101 }, (_, i) => ({
            Put: { TableName, Item: { pk: { S: a.pk }, sk: { S: String(i) } } },
          })),
        }),
      )
      .catch((e: unknown) => e);

    expect(empty).toMatchObject({ name: 'ValidationException' });
    expect((empty as Error).message).toContain('Member must have length greater than or equal to 1');
    expect(tooMany).toMatchObject({ name: 'ValidationException' });
    expect((tooMany as Error).message).toContain('Member must have length less than or equal to 100');
  });

  it('serialises concurrent transactions so that exactly one of two conflicting ones wins', async () => {
    const claim = (owner: string) =>
      documents
        .send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: { ...a, owner }, ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName, Item: { ...b, owner }, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        )
        .then(
          () => 'won',
          (e: unknown) => (e as Error).name,
        );

    const outcomes = await Promise.all([claim('x'), claim('y')]);

    expect(outcomes.sort()).toEqual(['TransactionCanceledException', 'won']);
    expect((await read(a))?.owner).toBe((await read(b))?.owner);
  });

  it('passes other operations through to dynalite unchanged', async () => {
    const error = await documents
      .send(new PutCommand({ TableName: 'missing', Item: { pk: 'x', sk: 'y' } }))
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

describe('NamedLocks (issue 21 item 5)', () => {
  it('lets runs on other names through while one is held, and holds back runs that share a name', async () => {
    const locks = new NamedLocks();
    let releaseA: () => void = () => undefined;
    const events: string[] = [];
    const a = locks.run(['table\u0000x', 'table\u0000y'], async () => {
      events.push('a starts');
      await new Promise<void>((resolve) => {
        releaseA = resolve;
      });
      events.push('a ends');
    });
    const shared = locks.run(['table\u0000y'], async () => {
      events.push('shared runs');
    });
    await locks.run(['table\u0000z'], async () => {
      events.push('disjoint runs');
    });
    expect(events).toEqual(['a starts', 'disjoint runs']);
    releaseA();
    await Promise.all([a, shared]);
    expect(events).toEqual(['a starts', 'disjoint runs', 'a ends', 'shared runs']);
  });
});

describe('stopping the transaction proxy (decision record 086)', () => {
  it('applies a transaction under way whole before it stops, though its sender is gone', async () => {
    const dynamo = dynalite({ createTableMs: 0 });
    const target = loopbackUrl(await listen(dynamo, 0, LOOPBACK));
    const direct = new DynamoDBClient({ endpoint: target, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
    await ensureTable(direct, TableName);
    const proxy = await startTransactionProxy({ target });
    const sender = new DynamoDBClient({
      endpoint: proxy.url,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
    });
    try {
      const keys = Array.from({ length: 100 }, (_, index) => ({ pk: `STOP#${index}`, sk: 'A' }));
      const sent = DynamoDBDocumentClient.from(sender).send(
        new TransactWriteCommand({ TransactItems: keys.map((key) => ({ Put: { TableName, Item: key } })) }),
      );
      sent.catch(() => undefined);
      const stored = async () =>
        (await direct.send(new ScanCommand({ TableName, Select: 'COUNT', ConsistentRead: true }))).Count ?? 0;
      // The first item is in: the transaction is under way. The sender goes (as a killed
      // portal's connections do), then the proxy stops, as the DynamoDB process does then.
      await expect.poll(stored, { interval: 1 }).toBeGreaterThan(0);
      sender.destroy();
      await proxy.close();
      expect(await stored()).toBe(keys.length);
    } finally {
      sender.destroy();
      direct.destroy();
      await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    }
  });
});
