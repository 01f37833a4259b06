import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Knowledge } from '#shared/contracts/knowledge';
import { KNOWLEDGE_TYPES, type KnowledgeType } from '#shared/enums';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { batchGetItems, batchPutItems, type Page, queryPage, tableName } from './dynamo.ts';
import type { KnowledgeItem } from './items.ts';
import { ENTITY_TYPES, knowledgeKey, knowledgePartition } from './keys.ts';

/** Access patterns of knowledge items (keys.ts row "knowledge of a type, by id; one knowledge item"). */

/** Order in which a list without a type reads the types (spec §3 Knowledge). */
export const KNOWLEDGE_LIST_ORDER: readonly KnowledgeType[] = ['KSA', 'KU', 'TKS'];

/** Options of {@link listKnowledge}. */
export interface ListKnowledgeOptions {
  /** One type, or every type in {@link KNOWLEDGE_LIST_ORDER} when absent. */
  readonly type?: KnowledgeType | undefined;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * Knowledge items by type, then id. Without a type the types are read one after the
 * other (KSA, KU, TKS) and the page token names the type to resume in (its key's
 * partition). One Query per type touched.
 * @throws ValidationError for a foreign or tampered page token.
 */
export function listKnowledge(options: ListKnowledgeOptions): Promise<Page<KnowledgeItem>> {
  const types = options.type ? [options.type] : KNOWLEDGE_LIST_ORDER;
  return queryPage<KnowledgeItem>({
    index: 'table',
    partitions: types.map(knowledgePartition),
    limit: options.limit,
    pageToken: options.pageToken,
  });
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
  await batchPutItems(
    items.map((item) => ({
      ...item,
      ...knowledgeKey(item.type, item.id),
      entityType: ENTITY_TYPES.knowledge,
      version: 1,
    })),
  );
}

/** Knowledge items by type and id (BatchGetItem); missing ones are absent, order undefined. */
export function getKnowledgeByKeys(keys: readonly Pick<Knowledge, 'type' | 'id'>[]): Promise<KnowledgeItem[]> {
  return batchGetItems<KnowledgeItem>(keys.map((key) => knowledgeKey(key.type, key.id)));
}
