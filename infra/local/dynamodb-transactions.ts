import { randomUUID } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { RequestListener } from './faults.ts';
import { closeServer, LOOPBACK, listenPreferring, loopbackUrl } from './net.ts';

/**
 * TransactWriteItems and TransactGetItems for dynalite, which lacks them
 * (LOCAL-STACK.md). A proxy in front of a dynalite bound to an internal loopback
 * port forwards every request unchanged, except these two targets, which it runs
 * itself with the SDK against the internal dynalite:
 *
 * - write: each op's item gets a consistent pre-image, then the op is applied with
 *   its condition (a ConditionCheck as a conditional no-op that is then undone); on
 *   the first failure the applied ops are rolled back in reverse from their
 *   pre-images and the answer is DynamoDB's `TransactionCanceledException` with
 *   `CancellationReasons`, so the SDK throws exactly what it throws on AWS.
 * - get: consistent reads of every item.
 *
 * Transactions that touch a common item are serialised with each other by a lock
 * per item, all taken at once (so two transactions cannot deadlock); transactions
 * on disjoint items run side by side, as on AWS (issue 21 item 5: one lock for all
 * made a burst of invitations wait for each other). Plain writes that arrive while a
 * transaction runs are not held back: isolation against them is weaker than on
 * AWS, which is acceptable for one developer's machine and for tests.
 */

const TARGET_PREFIX = 'DynamoDB_20120810.';
const ERROR_NAMESPACE = 'com.amazonaws.dynamodb.v20120810#';
const MAX_TRANSACTION_ITEMS = 100;
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/** How long DynamoDB keeps a TransactWriteItems client token. */
const IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

export interface TransactionProxy {
  /** `http://127.0.0.1:<port>` of the proxy: the DynamoDB endpoint clients use. */
  url: string;
  /** Stops the proxy (not the dynalite behind it), after the transactions under way are applied whole. */
  close(): Promise<void>;
}

export interface TransactionProxyOptions {
  /** Endpoint of the internal dynalite, `http://127.0.0.1:<port>`. */
  target: string;
  /** Port to try first (a restart in the same process); any free port otherwise. */
  preferredPort?: number;
  /** Wraps the proxy's request listener (the fault switch, `faults.ts`); none when absent. */
  wrap?: (listener: RequestListener) => RequestListener;
}

/** Starts the proxy on a free loopback port in front of the dynalite at `target`. */
export async function startTransactionProxy(options: TransactionProxyOptions): Promise<TransactionProxy> {
  const target = new URL(options.target);
  const agent = new Agent({ keepAlive: true });
  const transactions = new TransactionRunner(
    new DynamoDBClient({
      endpoint: options.target,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    }),
  );

  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent)
        sendJson(res, 500, { __type: `${ERROR_NAMESPACE}InternalServerError`, message: error.message });
      else res.destroy(error);
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const listener: RequestListener = (req, res) => {
    const operation = String(req.headers['x-amz-target'] ?? '');
    if (operation !== `${TARGET_PREFIX}TransactWriteItems` && operation !== `${TARGET_PREFIX}TransactGetItems`) {
      forward(req, res);
      return;
    }
    readBody(req)
      .then(async (raw) => {
        let input: unknown;
        try {
          input = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new WireError('SerializationException', 'Start of structure or map found where not expected.');
        }
        const output =
          operation === `${TARGET_PREFIX}TransactWriteItems`
            ? await transactions.write(input as TransactWriteInput)
            : await transactions.get(input as TransactGetInput);
        sendJson(res, 200, output);
      })
      .catch((error: unknown) => sendError(res, error));
  };
  const server: Server = createServer(options.wrap ? options.wrap(listener) : listener);

  const port = await listenPreferring(server, options.preferredPort, LOOPBACK);
  return {
    url: loopbackUrl(port),
    async close() {
      await closeServer(server);
      await transactions.settle();
      agent.destroy();
      transactions.destroy();
    },
  };
}

// ---------------------------------------------------------------------------
// Wire shapes (DynamoDB JSON as sent on the wire: binaries are base64 strings)

type WireValue = {
  S?: string;
  N?: string;
  B?: string;
  SS?: string[];
  NS?: string[];
  BS?: string[];
  M?: WireItem;
  L?: WireValue[];
  NULL?: boolean;
  BOOL?: boolean;
};
type WireItem = Record<string, WireValue>;

interface ExpressionFields {
  TableName: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: WireItem;
  ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
}
interface TransactWriteItem {
  Put?: ExpressionFields & { Item: WireItem };
  Update?: ExpressionFields & { Key: WireItem; UpdateExpression: string };
  Delete?: ExpressionFields & { Key: WireItem };
  ConditionCheck?: ExpressionFields & { Key: WireItem };
}
interface TransactWriteInput {
  TransactItems?: TransactWriteItem[];
  ClientRequestToken?: string;
}
interface TransactGetInput {
  TransactItems?: {
    Get?: {
      TableName: string;
      Key: WireItem;
      ProjectionExpression?: string;
      ExpressionAttributeNames?: Record<string, string>;
    };
  }[];
}

function fromWire(value: WireValue): AttributeValue {
  if (value.B !== undefined) return { B: Buffer.from(value.B, 'base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b, 'base64')) };
  if (value.M !== undefined) return { M: fromWireItem(value.M) };
  if (value.L !== undefined) return { L: value.L.map(fromWire) };
  return value as AttributeValue;
}

function fromWireItem(item: WireItem): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, fromWire(value)]));
}

function toWire(value: AttributeValue): WireValue {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.M !== undefined) return { M: toWireItem(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toWire) };
  return value as WireValue;
}

function toWireItem(item: Record<string, AttributeValue>): WireItem {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, toWire(value)]));
}

// ---------------------------------------------------------------------------
// Execution

/** An error answered with DynamoDB's wire shape (`__type`, `message`, extra fields). */
class WireError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = type;
  }
}

function validationError(message: string): WireError {
  return new WireError('ValidationException', message);
}

type OperationKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
interface PlannedWrite {
  kind: OperationKind;
  spec: ExpressionFields & { Item?: WireItem; Key?: WireItem; UpdateExpression?: string };
  key: Record<string, AttributeValue>;
}
interface AppliedWrite {
  write: PlannedWrite;
  preImage: Record<string, AttributeValue> | undefined;
}
interface CancellationReason {
  Code: string;
  Message?: string;
  Item?: WireItem;
}

/** The lock name of one item: its table and its key attributes, in name order. */
function itemLockKey(table: string, key: Record<string, AttributeValue>): string {
  const attributes = Object.keys(key)
    .sort()
    .map((name) => [name, key[name]]);
  return `${table}\u0000${JSON.stringify(attributes)}`;
}

/**
 * Locks by name: `run(names, work)` waits until no earlier run holds any of `names`,
 * then runs `work` holding them all. A run queues behind every name at once (in one
 * synchronous step), so the runs sharing a name go in the order they arrived and two
 * runs can never wait for each other in a cycle.
 */
export class NamedLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(names: readonly string[], work: () => Promise<T>): Promise<T> {
    const waits: Promise<void>[] = [];
    const releases: (() => void)[] = [];
    for (const name of new Set(names)) {
      const previous = this.tails.get(name) ?? Promise.resolve();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      this.tails.set(name, tail);
      waits.push(previous);
      releases.push(() => {
        release();
        if (this.tails.get(name) === tail) this.tails.delete(name);
      });
    }
    try {
      await Promise.all(waits);
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }
}

class TransactionRunner {
  private readonly locks = new NamedLocks();
  private readonly keySchemas = new Map<string, string[]>();
  /** Transactions by ClientRequestToken: the request (without the token) and its run, for 10 minutes. */
  private readonly byToken = new Map<string, { request: string; run: Promise<Record<string, never>>; at: number }>();

  /** The writes under way: `settle` waits for them, so a stop never leaves one half-applied. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly client: DynamoDBClient) {}

  destroy(): void {
    this.client.destroy();
  }

  /**
   * Resolves once no write is under way (those started meanwhile included). DynamoDB
   * applies a transaction whole or not at all; this runner applies it item by item, so
   * the process must not stop between two items (a `kill -9` of the portal, whose
   * requests were already here: the soak of issue 28 item 3, decision record 086).
   */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private track<T>(run: Promise<T>): Promise<T> {
    this.running.add(run);
    const done = () => this.running.delete(run);
    run.then(done, done);
    return run;
  }

  /**
   * DynamoDB's idempotency of TransactWriteItems (decision record 083): a repeat with
   * the same `ClientRequestToken` within 10 minutes answers as the first did without
   * writing again (the SDK fills the token in and keeps it across its retries, so a
   * retry after a lost answer is not applied twice); the same token with another
   * request is an `IdempotentParameterMismatchException`. A transaction that failed
   * leaves no trace: its repeat runs again.
   */
  async write(input: TransactWriteInput): Promise<Record<string, never>> {
    const { ClientRequestToken: token, ...rest } = input;
    if (token === undefined) return this.track(this.writeOnce(input));
    const now = Date.now();
    for (const [key, entry] of this.byToken) if (now - entry.at > IDEMPOTENCY_WINDOW_MS) this.byToken.delete(key);
    const request = JSON.stringify(rest);
    const known = this.byToken.get(token);
    if (known) {
      if (known.request !== request) {
        throw new WireError(
          'IdempotentParameterMismatchException',
          'The request uses the same client token as a previous, but non-identical request.',
        );
      }
      return known.run;
    }
    const run = this.track(this.writeOnce(rest));
    this.byToken.set(token, { request, run, at: now });
    run.catch(() => this.byToken.delete(token));
    return run;
  }

  private async writeOnce(input: TransactWriteInput): Promise<Record<string, never>> {
    const writes = await this.planWrites(input);
    return this.locks.run(
      writes.map((write) => itemLockKey(write.spec.TableName, write.key)),
      async () => {
        const applied: AppliedWrite[] = [];
        for (const [index, write] of writes.entries()) {
          const preImage = await this.read(write.spec.TableName, write.key);
          try {
            await this.apply(write);
          } catch (error) {
            await this.rollBack(applied);
            if (error instanceof ConditionalCheckFailedException) throw cancellation(writes, index, preImage);
            throw error;
          }
          if (write.kind === 'ConditionCheck') {
            // The no-op UpdateItem creates a key-only item when none existed.
            if (!preImage)
              await this.client.send(new DeleteItemCommand({ TableName: write.spec.TableName, Key: write.key }));
          } else {
            applied.push({ write, preImage });
          }
        }
        return {};
      },
    );
  }

  async get(input: TransactGetInput): Promise<{ Responses: { Item?: WireItem }[] }> {
    const items = input.TransactItems;
    checkItemCount(items);
    const gets = items.map((item) => {
      if (!item.Get || Object.keys(item).length !== 1)
        throw validationError('TransactItems can only contain one of Get');
      return item.Get;
    });
    checkDistinct(gets.map((get) => ({ table: get.TableName, key: fromWireItem(get.Key) })));
    return this.locks.run(
      gets.map((get) => itemLockKey(get.TableName, fromWireItem(get.Key))),
      async () => {
        const responses = [];
        for (const get of gets) {
          const { Item } = await this.client.send(
            new GetItemCommand({
              TableName: get.TableName,
              Key: fromWireItem(get.Key),
              ConsistentRead: true,
              ProjectionExpression: get.ProjectionExpression,
              ExpressionAttributeNames: get.ExpressionAttributeNames,
            }),
          );
          responses.push(Item ? { Item: toWireItem(Item) } : {});
        }
        return { Responses: responses };
      },
    );
  }

  private async planWrites(input: TransactWriteInput): Promise<PlannedWrite[]> {
    const items = input.TransactItems;
    checkItemCount(items);
    const writes: PlannedWrite[] = [];
    for (const item of items) {
      const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((kind) => item[kind]);
      const kind = kinds[0];
      if (kinds.length !== 1 || !kind) {
        throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
      }
      const spec = item[kind] as PlannedWrite['spec'];
      const key = spec.Key ? fromWireItem(spec.Key) : await this.keyOf(spec.TableName, fromWireItem(spec.Item ?? {}));
      writes.push({ kind, spec, key });
    }
    checkDistinct(writes.map((write) => ({ table: write.spec.TableName, key: write.key })));
    return writes;
  }

  private async keyOf(table: string, item: Record<string, AttributeValue>): Promise<Record<string, AttributeValue>> {
    let names = this.keySchemas.get(table);
    if (!names) {
      const { Table } = await this.client.send(new DescribeTableCommand({ TableName: table }));
      names = (Table?.KeySchema ?? []).flatMap((k) => (k.AttributeName ? [k.AttributeName] : []));
      this.keySchemas.set(table, names);
    }
    const key: Record<string, AttributeValue> = {};
    for (const name of names) {
      const value = item[name];
      if (!value) throw validationError('One of the required keys was not given a value');
      key[name] = value;
    }
    return key;
  }

  private async read(table: string, key: Record<string, AttributeValue>) {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }));
    return Item;
  }

  private async apply({ kind, spec, key }: PlannedWrite): Promise<void> {
    const condition = {
      TableName: spec.TableName,
      ConditionExpression: spec.ConditionExpression,
      ExpressionAttributeNames: spec.ExpressionAttributeNames,
      ExpressionAttributeValues: spec.ExpressionAttributeValues && fromWireItem(spec.ExpressionAttributeValues),
    };
    switch (kind) {
      case 'Put':
        await this.client.send(new PutItemCommand({ ...condition, Item: fromWireItem(spec.Item ?? {}) }));
        return;
      case 'Update':
        await this.client.send(
          new UpdateItemCommand({ ...condition, Key: key, UpdateExpression: spec.UpdateExpression }),
        );
        return;
      case 'Delete':
        await this.client.send(new DeleteItemCommand({ ...condition, Key: key }));
        return;
      case 'ConditionCheck':
        await this.client.send(new UpdateItemCommand({ ...condition, Key: key }));
        return;
    }
  }

  private async rollBack(applied: AppliedWrite[]): Promise<void> {
    for (const { write, preImage } of applied.toReversed()) {
      const TableName = write.spec.TableName;
      if (preImage) await this.client.send(new PutItemCommand({ TableName, Item: preImage }));
      else await this.client.send(new DeleteItemCommand({ TableName, Key: write.key }));
    }
  }
}

function checkItemCount<T>(items: T[] | undefined): asserts items is T[] {
  if (!Array.isArray(items)) {
    throw validationError(
      "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
    );
  }
  if (items.length < 1 || items.length > MAX_TRANSACTION_ITEMS) {
    const bound = items.length < 1 ? 'greater than or equal to 1' : `less than or equal to ${MAX_TRANSACTION_ITEMS}`;
    throw validationError(
      `1 validation error detected: Value '[${items.length} items]' at 'transactItems' failed to satisfy constraint: Member must have length ${bound}`,
    );
  }
}

function checkDistinct(targets: { table: string; key: Record<string, AttributeValue> }[]): void {
  const seen = new Set<string>();
  for (const { table, key } of targets) {
    const identity = JSON.stringify([table, Object.entries(toWireItem(key)).sort(([a], [b]) => a.localeCompare(b))]);
    if (seen.has(identity)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(identity);
  }
}

function cancellation(
  writes: PlannedWrite[],
  failedIndex: number,
  preImage: Record<string, AttributeValue> | undefined,
): WireError {
  const reasons: CancellationReason[] = writes.map(() => ({ Code: 'None' }));
  const failed: CancellationReason = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
  if (preImage && writes[failedIndex]?.spec.ReturnValuesOnConditionCheckFailure === 'ALL_OLD') {
    failed.Item = toWireItem(preImage);
  }
  reasons[failedIndex] = failed;
  return new WireError(
    'TransactionCanceledException',
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    400,
    { CancellationReasons: reasons },
  );
}

// ---------------------------------------------------------------------------
// HTTP

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        reject(new WireError('RequestEntityTooLarge', 'Request payload size exceeds the limit', 413));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, statusCode: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(payload),
    'x-amzn-requestid': randomUUID(),
  });
  res.end(payload);
}

function sendError(res: ServerResponse, error: unknown): void {
  if (error instanceof WireError) {
    sendJson(res, error.statusCode, { __type: ERROR_NAMESPACE + error.type, message: error.message, ...error.extra });
  } else if (error instanceof DynamoDBServiceException) {
    sendJson(res, error.$metadata.httpStatusCode ?? 400, {
      __type: ERROR_NAMESPACE + error.name,
      message: error.message,
    });
  } else {
    sendJson(res, 500, { __type: `${ERROR_NAMESPACE}InternalServerError`, message: String(error) });
  }
}
