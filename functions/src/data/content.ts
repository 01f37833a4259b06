import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ContentLink } from '#shared/contracts/content';
import { Contributor } from '#shared/contracts/contributor';
import type { ContentStatus } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import { batchGetItems, type Page, queryPage, tableName } from './dynamo.ts';
import type { ContentItem, ContentRecord, ContributorItem } from './items.ts';
import {
  aliasGuardKey,
  aliasPartition,
  childIndexKey,
  childrenPartition,
  contentAliasIndexKey,
  contentKey,
  contributorKey,
  ENTITY_TYPES,
  modifiedSinceBound,
  statusIndexKey,
  statusPartition,
} from './keys.ts';

/** Access patterns of content (keys.ts rows "content by …", "children of content", "content of one status"). */

/**
 * One content item by id (GetItem), or null.
 * Costs 1 request.
 */
export async function getContentById(id: string): Promise<ContentItem | null> {
  const output = await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: contentKey(id) }));
  return (output.Item as ContentItem | undefined) ?? null;
}

/**
 * One content item by its URL alias (stored without the `/courseware/` prefix), or
 * null. One Query of gsi1; costs 1 request.
 */
export async function getContentByAlias(alias: string): Promise<ContentItem | null> {
  const { gsi1 } = TABLE.indexes;
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk AND #sk = :sk',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':pk': aliasPartition(alias), ':sk': contentAliasIndexKey(alias).gsi1sk },
      Limit: 1,
    }),
  );
  return (output.Items?.[0] as ContentItem | undefined) ?? null;
}

/**
 * The ancestors (top-level first, breadcrumb fields only: `ContentLink`) and
 * contributors (in index order) of a content item.
 */
export interface ContentRelations {
  readonly ancestors: ContentLinkItem[];
  readonly contributors: ContributorItem[];
  /** Status of each child that exists, by id (children's visibility is the caller's rule). */
  readonly childStatuses: ReadonlyMap<string, ContentStatus>;
}

/** What {@link getContentRelations} reads of an ancestor. */
export type ContentLinkItem = ContentLink & Pick<ContentItem, 'pk' | 'entityType'>;

// Ancestors can carry 100 kB descriptions; breadcrumbs need four fields, contributors all of theirs.
const RELATION_ATTRIBUTES = [
  ...new Set([
    TABLE.partitionKey,
    TABLE.entityTypeAttribute,
    ...Object.keys(ContentLink.shape),
    ...Object.keys(Contributor.shape),
  ]),
];

/**
 * Reads the ancestors, the contributors and the children's statuses of `content` in
 * ONE BatchGetItem while the keys stay within 100 (`batchGetItems` splits larger
 * sets; none when all three lists are empty), fetching only the fields breadcrumbs,
 * contributor cards and visibility need. Ancestors come top-level first,
 * contributors in their `index` order; ids whose item is missing are skipped.
 */
export async function getContentRelations(
  content: Pick<ContentItem, 'ancestorIds' | 'contributors' | 'children'>,
): Promise<ContentRelations> {
  const contributorIds = [...content.contributors].sort((a, b) => a.index - b.index).map((ref) => ref.id);
  const keys = [
    ...content.ancestorIds.map(contentKey),
    ...contributorIds.map(contributorKey),
    ...content.children.map((ref) => contentKey(ref.id)),
  ];
  if (keys.length === 0) return { ancestors: [], contributors: [], childStatuses: new Map() };
  const items = await batchGetItems<ContentItem | ContributorItem>(keys, RELATION_ATTRIBUTES);
  const byKey = new Map(items.map((item) => [item.pk, item]));
  const contentOf = (id: string) => {
    const item = byKey.get(contentKey(id).pk);
    return item?.entityType === ENTITY_TYPES.content ? (item as ContentItem) : undefined;
  };
  const ancestors = content.ancestorIds.flatMap((id) => {
    const item = contentOf(id);
    return item ? [item as ContentLinkItem] : [];
  });
  const contributors = contributorIds.flatMap((id) => {
    const item = byKey.get(contributorKey(id).pk);
    return item?.entityType === ENTITY_TYPES.contributor ? [item as ContributorItem] : [];
  });
  const childStatuses = new Map(
    content.children.flatMap((ref) => {
      const status = contentOf(ref.id)?.status;
      return status ? [[ref.id, status] as const] : [];
    }),
  );
  return { ancestors, contributors, childStatuses };
}

/** Options of {@link listContentByStatus}. */
export interface ListContentByStatusOptions {
  /** The statuses to list, each partition read after the previous one is exhausted. */
  readonly statuses: readonly ContentStatus[];
  readonly limit: number;
  readonly pageToken?: string | undefined;
  /** Only content modified at or after this ISO 8601 instant ("new or updated", spec §9). */
  readonly modifiedSince?: string | undefined;
}

/**
 * Content of the given statuses, most recently modified first within each status
 * (gsi3; one partition per status, read in the order given, the page token resuming
 * in the partition it names). One Query per page in the normal case.
 * @throws ValidationError for a foreign or tampered page token.
 */
export function listContentByStatus(options: ListContentByStatusOptions): Promise<Page<ContentItem>> {
  const { gsi3 } = TABLE.indexes;
  return queryPage<ContentItem>({
    index: 'gsi3',
    partitions: options.statuses.map(statusPartition),
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
    ...(options.modifiedSince
      ? {
          sortKey: {
            expression: '#sk >= :since',
            names: { '#sk': gsi3.sortKey },
            values: { ':since': modifiedSinceBound(options.modifiedSince) },
          },
        }
      : {}),
  });
}

/** Options of {@link listChildren}. */
export interface ListChildrenOptions {
  /** The parent's id; null lists the top-level items. */
  readonly parentId: string | null;
  /** Only children with one of these statuses. */
  readonly statuses: readonly ContentStatus[];
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * Children of a content item in index order (gsi2), filtered to `statuses`; loops
 * Query until `limit` children are collected or none remain.
 * @throws ValidationError for a foreign or tampered page token.
 */
export function listChildren(options: ListChildrenOptions): Promise<Page<ContentItem>> {
  const statusValues = Object.fromEntries(options.statuses.map((status, i) => [`:status${i}`, status]));
  return queryPage<ContentItem>({
    index: 'gsi2',
    partitions: [childrenPartition(options.parentId)],
    limit: options.limit,
    pageToken: options.pageToken,
    filter: {
      expression: `#status IN (${Object.keys(statusValues).join(', ')})`,
      names: { '#status': 'status' },
      values: statusValues,
    },
  });
}

/**
 * Creates a content item and its alias guard in ONE TransactWriteItems, each
 * conditional on its key being absent (decision record 005: aliases are unique).
 * The stored item gets version 1 and its keys: by id, by alias (gsi1), under its
 * parent (gsi2), by status and modification time (gsi3).
 * @throws ConflictError when the id exists ("Content already exists.") or the alias
 *   is taken ("URL alias is already in use.").
 */
export async function createContent(record: ContentRecord): Promise<ContentItem> {
  const item: ContentItem = {
    ...record,
    ...contentKey(record.id),
    ...contentAliasIndexKey(record.urlAlias),
    ...childIndexKey(record.parentId, record.index, record.id),
    ...statusIndexKey(record.status, record.modifiedTimestamp, record.id),
    entityType: ENTITY_TYPES.content,
    version: 1,
  };
  const guard = {
    ...aliasGuardKey(record.urlAlias),
    entityType: ENTITY_TYPES.alias,
    contentId: record.id,
    version: 1,
  };
  const absent = {
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
  };
  try {
    await dynamoDocumentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item, ...absent } },
          { Put: { TableName: tableName(), Item: guard, ...absent } },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const [contentReason, aliasReason] = error.CancellationReasons ?? [];
      if (contentReason?.Code === 'ConditionalCheckFailed') {
        throw new ConflictError('Content already exists.', { cause: error });
      }
      if (aliasReason?.Code === 'ConditionalCheckFailed') {
        throw new ConflictError('URL alias is already in use.', { cause: error });
      }
    }
    throw error;
  }
  return item;
}

/** Content items by id (BatchGetItem); missing ones are absent, order undefined. */
export function getContentByIds(ids: readonly string[]): Promise<ContentItem[]> {
  return batchGetItems<ContentItem>(ids.map(contentKey));
}
