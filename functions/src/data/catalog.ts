import { GetCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONTENT_STATUSES } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { queryPage, tableName } from './dynamo.ts';
import type { ContentItem } from './items.ts';
import { catalogRevisionKey, ENTITY_TYPES, statusPartition } from './keys.ts';

/**
 * Access patterns of the search catalog (keys.ts rows "catalog revision" and "content
 * of one status"; decision record 014). The revision is a counter that every content
 * write increments in its own transaction; the indexer rebuilds the catalog snapshot
 * when the revision is ahead of the snapshot's.
 */

/** One element of `TransactWriteItems` in document form (lib-dynamodb). */
export type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Attribute of the revision item holding the counter (a number). */
const REVISION_ATTRIBUTE = 'revision';

/** Content items read per Query of the catalog listing (DynamoDB still caps a page at 1 MB). */
const CATALOG_PAGE_ITEMS = 1000;

function revisionUpdate(now: Date) {
  return {
    TableName: tableName(),
    Key: catalogRevisionKey(),
    UpdateExpression: 'ADD #revision :one SET #entityType = :entityType, #modified = :now',
    ExpressionAttributeNames: {
      '#revision': REVISION_ATTRIBUTE,
      '#entityType': TABLE.entityTypeAttribute,
      '#modified': 'modifiedTimestamp',
    },
    ExpressionAttributeValues: { ':one': 1, ':entityType': ENTITY_TYPES.catalogRevision, ':now': now.toISOString() },
  };
}

/**
 * The `Update` that increments the catalog revision by 1 (creating the item at 1 when
 * absent) and stamps `modifiedTimestamp` (ISO 8601). A content write puts it in the
 * SAME `TransactWriteItems` as the content item, so no write can be committed without
 * the indexer hearing of it (decision record 014, "The index and its lifecycle").
 */
export function catalogRevisionUpdate(now: Date = new Date()): TransactWriteItem {
  return { Update: revisionUpdate(now) };
}

/**
 * Increments the catalog revision on its own (one UpdateItem), for writes that are not
 * a transaction: the seed import, tests, a manual "rebuild the search catalog".
 * Returns the new revision (1 after the first bump).
 */
export async function bumpCatalogRevision(now: Date = new Date()): Promise<number> {
  const output = await dynamoDocumentClient.send(
    new UpdateCommand({ ...revisionUpdate(now), ReturnValues: 'UPDATED_NEW' }),
  );
  return Number(output.Attributes?.[REVISION_ATTRIBUTE] ?? 0);
}

/** The catalog revision and when it last changed. */
export interface CatalogRevisionState {
  /** The counter; 0 when no content write has been recorded yet. */
  readonly revision: number;
  /** ISO 8601 instant of the last increment; null when none was recorded. */
  readonly changedAt: string | null;
}

/**
 * The current catalog revision and its change time (a strongly consistent GetItem).
 * Costs 1 request.
 */
export async function getCatalogRevisionState(): Promise<CatalogRevisionState> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: catalogRevisionKey(),
      ConsistentRead: true,
      ProjectionExpression: '#revision, #modified',
      ExpressionAttributeNames: { '#revision': REVISION_ATTRIBUTE, '#modified': 'modifiedTimestamp' },
    }),
  );
  const changedAt = output.Item?.modifiedTimestamp;
  return {
    revision: Number(output.Item?.[REVISION_ATTRIBUTE] ?? 0),
    changedAt: typeof changedAt === 'string' ? changedAt : null,
  };
}

/**
 * The current catalog revision (a strongly consistent GetItem), 0 when no content
 * write has been recorded yet. Costs 1 request.
 */
export async function getCatalogRevision(): Promise<number> {
  return (await getCatalogRevisionState()).revision;
}

/**
 * Every content item of every status (published, unpublished, unlisted, archived),
 * page by page: each status partition of gsi3 is queried in turn, newest change
 * first, up to 1,000 items (or DynamoDB's 1 MB) a request. No Scan. A page is yielded
 * as soon as it is read, so a caller can condense it before the next one arrives.
 * gsi3 is eventually consistent: a write committed a moment ago may be missing.
 */
export async function* catalogContentPages(): AsyncGenerator<ContentItem[], void, undefined> {
  let pageToken: string | undefined;
  do {
    const page = await queryPage<ContentItem>({
      index: 'gsi3',
      partitions: CONTENT_STATUSES.map(statusPartition),
      limit: CATALOG_PAGE_ITEMS,
      pageToken,
      forward: false,
    });
    if (page.items.length > 0) yield page.items;
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
}

/** All of {@link catalogContentPages} in one array. */
export async function listCatalogContent(): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  for await (const page of catalogContentPages()) items.push(...page);
  return items;
}
