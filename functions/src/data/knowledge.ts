import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Knowledge } from '#shared/contracts/knowledge';
import { KNOWLEDGE_TYPES, type KnowledgeType } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { decodePageToken, encodePageToken } from '../lib/page-token.ts';
import { batchGetItems, batchPutItems, type Page, queryPage, tableName } from './dynamo.ts';
import { type KnowledgeItem, toKnowledge } from './items.ts';
import { ENTITY_TYPES, KEY_ATTRIBUTES, knowledgeKey, knowledgePartition, knowledgeRevisionKey } from './keys.ts';

/**
 * Access patterns of knowledge items (keys.ts rows "knowledge of a type, by id; one
 * knowledge item" and "knowledge revision").
 */

/** Order in which a list without a type reads the types (spec §3 Knowledge). */
export const KNOWLEDGE_LIST_ORDER: readonly KnowledgeType[] = ['KSA', 'KU', 'TKS'];

/** Options of {@link listKnowledge}. */
export interface ListKnowledgeOptions {
  /** One type, or every type in {@link KNOWLEDGE_LIST_ORDER} when absent. */
  readonly type?: KnowledgeType | undefined;
  /** Only these ids (of `type` when given), in list order; absent: every item. */
  readonly ids?: readonly string[] | undefined;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/** Attribute of the knowledge revision item holding the counter (a number). */
const REVISION_ATTRIBUTE = 'revision';

/** Items read per Query while the whole list is loaded (DynamoDB still caps a page at 1 MB). */
const LOAD_PAGE_ITEMS = 5000;

/** The whole knowledge list as this container last read it, and the revision it was read at. */
interface KnowledgeSnapshot {
  readonly table: string;
  readonly revision: number;
  /** KSA, KU, TKS, each by id (the table's order), as API items. */
  readonly items: readonly Knowledge[];
}

let snapshot: KnowledgeSnapshot | null = null;
let loading: {
  readonly table: string;
  readonly revision: number;
  readonly promise: Promise<KnowledgeSnapshot>;
} | null = null;

/**
 * The knowledge revision (one GetItem, eventually consistent): 0 while no knowledge
 * write has recorded one.
 */
export async function getKnowledgeRevision(): Promise<number> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: knowledgeRevisionKey(),
      ProjectionExpression: '#revision',
      ExpressionAttributeNames: { '#revision': REVISION_ATTRIBUTE },
    }),
  );
  return Number(output.Item?.[REVISION_ATTRIBUTE] ?? 0);
}

/**
 * Increments the knowledge revision (one UpdateItem; the item is created at 1), so
 * every container's cached list is read again on its next request.
 */
export async function bumpKnowledgeRevision(now: Date = new Date()): Promise<void> {
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: knowledgeRevisionKey(),
      UpdateExpression: 'ADD #revision :one SET #entityType = :entityType, #modified = :now',
      ExpressionAttributeNames: {
        '#revision': REVISION_ATTRIBUTE,
        '#entityType': TABLE.entityTypeAttribute,
        '#modified': 'modifiedTimestamp',
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entityType': ENTITY_TYPES.knowledgeRevision,
        ':now': now.toISOString(),
      },
    }),
  );
}

async function loadSnapshot(table: string, revision: number): Promise<KnowledgeSnapshot> {
  const items: Knowledge[] = [];
  let pageToken: string | undefined;
  do {
    const page = await queryPage<KnowledgeItem>({
      index: 'table',
      partitions: KNOWLEDGE_LIST_ORDER.map(knowledgePartition),
      limit: LOAD_PAGE_ITEMS,
      pageToken,
    });
    items.push(...page.items.map(toKnowledge));
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return { table, revision, items };
}

/**
 * Every knowledge item (KSA, KU, TKS, each by id), read once per container and kept
 * while the knowledge revision stays the same (issue 22 item 1): a request costs one
 * GetItem of the revision, and a full read (one Query per type, 3,395 items) only
 * after a knowledge write. Requests arriving during a read share it.
 */
export async function knowledgeSnapshot(): Promise<readonly Knowledge[]> {
  const table = tableName();
  const revision = await getKnowledgeRevision();
  if (snapshot && snapshot.table === table && snapshot.revision === revision) return snapshot.items;
  if (!loading || loading.table !== table || loading.revision !== revision) {
    const promise = loadSnapshot(table, revision);
    const current = { table, revision, promise };
    loading = current;
    promise.then(
      (loaded) => {
        snapshot = loaded;
        if (loading === current) loading = null;
      },
      () => {
        if (loading === current) loading = null;
      },
    );
  }
  return (await loading.promise).items;
}

/**
 * A page of knowledge items by type, then id, from {@link knowledgeSnapshot}:
 * without a type every type in {@link KNOWLEDGE_LIST_ORDER}; with `ids` only those.
 * The page token is the table key of the last item returned (as a Query's would be),
 * so tokens of earlier answers still resume where they stopped.
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listKnowledge(options: ListKnowledgeOptions): Promise<Page<Knowledge>> {
  const types = options.type ? [options.type] : KNOWLEDGE_LIST_ORDER;
  const partitions = types.map(knowledgePartition);
  const start = decodePageToken(options.pageToken, {
    keyAttributes: KEY_ATTRIBUTES.table,
    partitionKey: TABLE.partitionKey,
    partitions,
  });
  const wanted = options.ids ? new Set(options.ids) : null;
  const matching = (await knowledgeSnapshot()).filter(
    (item) => types.includes(item.type) && (wanted === null || wanted.has(item.id)),
  );
  let from = 0;
  if (start) {
    const startType = types[partitions.indexOf(start[TABLE.partitionKey] ?? '')] ?? types[0];
    const startId = start[TABLE.sortKey] ?? '';
    const rank = (type: KnowledgeType) => types.indexOf(type);
    const after = matching.findIndex(
      (item) => rank(item.type) > rank(startType as KnowledgeType) || (item.type === startType && item.id > startId),
    );
    from = after === -1 ? matching.length : after;
  }
  const items = matching.slice(from, from + options.limit);
  const last = items.at(-1);
  const more = from + items.length < matching.length;
  return {
    items,
    nextPageToken: more && last ? encodePageToken({ ...knowledgeKey(last.type, last.id) }) : null,
  };
}

/** One knowledge item by type and id (GetItem), or null. */
export async function getKnowledge(type: KnowledgeType, id: string): Promise<KnowledgeItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: knowledgeKey(type, id) }),
  );
  return (output.Item as KnowledgeItem | undefined) ?? null;
}

/** Which of these knowledge items are stored already (BatchGetItem), as `<TYPE>#<id>` strings. */
export async function existingKnowledge(items: readonly Pick<Knowledge, 'type' | 'id'>[]): Promise<Set<string>> {
  const found = await batchGetItems<KnowledgeItem>(items.map((item) => knowledgeKey(item.type, item.id)));
  return new Set(found.map((item) => `${item.type}#${item.id}`));
}

/**
 * Writes knowledge items (version 1) with BatchWriteItem. Knowledge is reference
 * data whose item is determined by its type and id, so the batch put (which cannot
 * carry a condition) is used only for items checked absent with
 * {@link existingKnowledge} first.
 */
export async function putKnowledgeBatch(items: readonly Knowledge[]): Promise<void> {
  if (!items.every((item) => KNOWLEDGE_TYPES.includes(item.type))) throw new Error('Unknown knowledge type.');
  if (items.length === 0) return;
  await batchPutItems(
    items.map((item) => ({
      ...item,
      ...knowledgeKey(item.type, item.id),
      entityType: ENTITY_TYPES.knowledge,
      version: 1,
    })),
  );
  await bumpKnowledgeRevision();
}

/** Knowledge items by type and id (BatchGetItem); missing ones are absent, order undefined. */
export function getKnowledgeByKeys(keys: readonly Pick<Knowledge, 'type' | 'id'>[]): Promise<KnowledgeItem[]> {
  return batchGetItems<KnowledgeItem>(keys.map((key) => knowledgeKey(key.type, key.id)));
}
