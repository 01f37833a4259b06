import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { getDraft } from './content-drafts.ts';
import { tableName } from './dynamo.ts';
import {
  CONTENT_PURGE_PARTITION,
  contentDownloadersPartition,
  contentKey,
  contentPurgeKey,
  publishScheduleKey,
  type TableKey,
  updateNoticeKey,
} from './keys.ts';

/**
 * The remains of deleted content (issue 25 item 3; decision record 065): a content
 * delete writes a purge marker per item in its own transaction
 * (`contentPurgeMarkerStep`, data/content.ts); the purge ({@link purgeContentRemains}) then
 * deletes what the item left under its keys and removes the marker last, so a purge
 * that fails half-way is run again (by the delete's caller at once, by housekeeping
 * later) and finishes: every step is idempotent.
 */

/** The ids of the content items whose purge is still to run, oldest delete first (gsi1 `CONTENT_PURGE`), at most `limit`. */
export async function listContentPurges(limit: number): Promise<string[]> {
  const { gsi1 } = TABLE.indexes;
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': CONTENT_PURGE_PARTITION },
      Limit: limit,
    }),
  );
  return (output.Items ?? []).map((item) => String(item.contentId));
}

/** What a purge deleted (items of the table: draft, revisions, downloaders, notices, schedule), and the file ids the draft named with who wrote it last. */
export interface ContentPurge {
  readonly items: number;
  readonly draftUploads: readonly string[];
  readonly draftWriter: string | null;
}

/**
 * Purges the remains of the deleted content item `contentId`: reads its draft (the
 * ids of the files it names, for the caller to discard — only unattached uploads
 * are, `discardFiles`), then deletes every item of its partition but the content item
 * itself (`DRAFT`, `REVISION#…`), its downloader records (`DOWNLOADERS#<id>`), its
 * update notices (`UPDATE_NOTICE#<id>`, pending or delivered) and its publishing
 * schedule. The marker is NOT removed here: {@link removeContentPurgeMarker} does it
 * once the caller discarded the uploads.
 * @throws the DynamoDB error of a failed read or delete (what was deleted stays deleted).
 */
export async function purgeContentRemains(contentId: string): Promise<ContentPurge> {
  const draft = await getDraft(contentId);
  const draftUploads = draft
    ? [
        ...(draft.save.files ?? []).map((slot) => slot.id),
        ...(draft.save.newContributors ?? []).flatMap((contributor) =>
          contributor.portraitFileId ? [contributor.portraitFileId] : [],
        ),
        ...(draft.save.changedContributors ?? []).flatMap((contributor) =>
          contributor.portraitFileId ? [contributor.portraitFileId] : [],
        ),
      ]
    : [];
  const own = contentKey(contentId);
  const keys = [
    ...(await partitionKeys(own.pk)).filter((key) => key.sk !== own.sk),
    ...(await partitionKeys(contentDownloadersPartition(contentId))),
    ...(await partitionKeys(updateNoticeKey(contentId, '').pk)),
    publishScheduleKey('content', contentId),
  ];
  await deleteKeys(keys);
  return { items: keys.length - 1, draftUploads, draftWriter: draft?.updatedBy.id ?? null };
}

/** Removes the purge marker of `contentId` (the purge finished). */
export async function removeContentPurgeMarker(contentId: string): Promise<void> {
  await dynamoDocumentClient.send(new DeleteCommand({ TableName: tableName(), Key: contentPurgeKey(contentId) }));
}

/** Every key of partition `pk` (Query pages, keys only). */
async function partitionKeys(pk: string): Promise<TableKey[]> {
  const keys: TableKey[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const output = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: '#pk, #sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of output.Items ?? []) keys.push({ pk: String(item.pk), sk: String(item.sk) });
    start = output.LastEvaluatedKey;
  } while (start);
  return keys;
}

/** Deletes in flight at once (one DeleteItem each: the content group's grants hold no BatchWriteItem). */
const DELETES_IN_FLIGHT = 25;

/** Deletes every key (unconditional DeleteItem, a no-op for an absent key), {@link DELETES_IN_FLIGHT} at a time. */
async function deleteKeys(keys: readonly TableKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETES_IN_FLIGHT) {
    await Promise.all(
      keys
        .slice(start, start + DELETES_IN_FLIGHT)
        .map((key) => dynamoDocumentClient.send(new DeleteCommand({ TableName: tableName(), Key: key }))),
    );
  }
}
