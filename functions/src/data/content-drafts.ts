import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONTENT_NOT_FOUND_MESSAGE, type Content } from '#shared/contracts/content';
import {
  DRAFT_EXISTS_MESSAGE,
  DRAFT_STALE_MESSAGE,
  type DraftBody,
  REVISION_PAGE_SIZE,
  type RevisionSummary,
} from '#shared/contracts/content-draft';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { type TransactionStep, transact } from './content.ts';
import { type Page, queryPage, tableName } from './dynamo.ts';
import {
  contentDraftKey,
  contentKey,
  contentRevisionKey,
  ENTITY_TYPES,
  fileKey,
  REVISION_SORT_PREFIX,
} from './keys.ts';

/**
 * Drafts and revisions of content (keys.ts rows "the draft of a content item" and
 * "revisions of a content item"; issue 25 items 2–3; decision records 064, 065). Both
 * live in the item's own partition, each as its own item, so the 400 KB limit applies
 * to one draft or one revision and never to the content item.
 */

/** A stored draft: the save body as JSON text (so no attribute of it is dropped or re-typed), its version, who, when. */
export interface DraftRecord {
  readonly contentId: string;
  readonly draftVersion: number;
  readonly save: DraftBody;
  readonly updatedBy: { readonly id: string; readonly name: string };
  readonly updatedTimestamp: string;
}

interface DraftItem {
  readonly contentId: string;
  readonly version: number;
  readonly body: string;
  readonly updatedBy: { readonly id: string; readonly name: string };
  readonly updatedTimestamp: string;
}

/** The draft of content `contentId` (consistent read), or null. */
export async function getDraft(contentId: string): Promise<DraftRecord | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: contentDraftKey(contentId), ConsistentRead: true }),
  );
  const item = output.Item as DraftItem | undefined;
  if (!item) return null;
  return {
    contentId: item.contentId,
    draftVersion: item.version,
    save: JSON.parse(item.body) as DraftBody,
    updatedBy: item.updatedBy,
    updatedTimestamp: item.updatedTimestamp,
  };
}

/**
 * Writes a draft at `expected + 1` (or 1 when `expected` is undefined), conditional
 * on the stored draft's version being `expected` (or on no draft existing) and on the
 * content item still existing, in ONE TransactWriteItems with a ConditionCheck of the
 * item: a draft written while the item is deleted cannot outlive it (issue 25 item 3:
 * the delete's purge removes the drafts written before it, none can come after).
 * @throws ConflictError {@link DRAFT_STALE_MESSAGE} / {@link DRAFT_EXISTS_MESSAGE};
 *   NotFoundError {@link CONTENT_NOT_FOUND_MESSAGE} when the item is gone; nothing written.
 */
export async function putDraft(
  draft: Omit<DraftRecord, 'draftVersion'>,
  expected: number | undefined,
): Promise<DraftRecord> {
  const draftVersion = (expected ?? 0) + 1;
  const itemExists: TransactionStep = {
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: contentKey(draft.contentId),
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
    },
    conflict: CONTENT_NOT_FOUND_MESSAGE,
  };
  const put: TransactionStep = {
    item: {
      Put: {
        TableName: tableName(),
        Item: draftItem(draft, draftVersion),
        ...(expected === undefined
          ? {
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
            }
          : {
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': TABLE.versionAttribute },
              ExpressionAttributeValues: { ':expected': expected },
            }),
      },
    },
    conflict: expected === undefined ? DRAFT_EXISTS_MESSAGE : DRAFT_STALE_MESSAGE,
  };
  try {
    await transact([itemExists, put]);
  } catch (error) {
    if (error instanceof ConflictError && error.message === CONTENT_NOT_FOUND_MESSAGE) {
      throw new NotFoundError(CONTENT_NOT_FOUND_MESSAGE, { cause: error });
    }
    throw error;
  }
  return { ...draft, draftVersion };
}

function draftItem(draft: Omit<DraftRecord, 'draftVersion'>, version: number): Record<string, unknown> {
  return {
    ...contentDraftKey(draft.contentId),
    entityType: ENTITY_TYPES.contentDraft,
    contentId: draft.contentId,
    version,
    body: JSON.stringify(draft.save),
    updatedBy: draft.updatedBy,
    updatedTimestamp: draft.updatedTimestamp,
  };
}

/**
 * Deletes the draft of `contentId` at `draftVersion`.
 * @throws ConflictError {@link DRAFT_STALE_MESSAGE} when it is gone or at another version.
 */
export async function deleteDraft(contentId: string, draftVersion: number): Promise<void> {
  try {
    await dynamoDocumentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: contentDraftKey(contentId),
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': TABLE.versionAttribute },
        ExpressionAttributeValues: { ':expected': draftVersion },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') {
      throw new ConflictError(DRAFT_STALE_MESSAGE, { cause: error });
    }
    throw error;
  }
}

/** The transaction element deleting the draft at `draftVersion` (409 {@link DRAFT_STALE_MESSAGE} otherwise). */
export function deleteDraftStep(contentId: string, draftVersion: number): TransactionStep {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: contentDraftKey(contentId),
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': TABLE.versionAttribute },
        ExpressionAttributeValues: { ':expected': draftVersion },
      },
    },
    conflict: DRAFT_STALE_MESSAGE,
  };
}

/**
 * Keeps the uploads a draft names alive (decision record 064): moves the TTL of each
 * of `fileIds` that is still a Ready, unattached upload of `userId` to `until` (epoch
 * seconds). Files already attached (no TTL), someone else's, or gone are left alone:
 * publishing checks every upload again.
 */
export async function keepUploadsAlive(fileIds: readonly string[], userId: string, until: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await Promise.all(
    fileIds.map((id) =>
      dynamoDocumentClient
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: fileKey(id),
            UpdateExpression: 'SET #ttl = :until',
            ConditionExpression:
              '#status = :ready AND #ttl > :now AND #ttl < :until AND #createdBy = :user AND attribute_not_exists(#bundle)',
            ExpressionAttributeNames: {
              '#ttl': TABLE.ttlAttribute,
              '#status': 'status',
              '#createdBy': 'createdBy',
              '#bundle': 'bundle',
            },
            ExpressionAttributeValues: { ':ready': 'Ready', ':now': now, ':until': until, ':user': userId },
          }),
        )
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        }),
    ),
  );
}

/** A stored revision: its summary and the gzip of the published `Content` as JSON. */
interface RevisionItem extends RevisionSummary {
  readonly snapshot: Uint8Array;
}

/** Who published, for a revision. */
export interface Publisher {
  readonly id: string;
  readonly name: string;
}

/**
 * The transaction element storing a revision of `content` as published (issue 25
 * item 3; decision record 065): a Put of `CONTENT#<id>` / `REVISION#<revisionId>`
 * (absent) holding the summary and the gzip of `content` as JSON. Returns the step
 * and the revision's summary (bytes raw and stored).
 */
export function revisionPutStep(
  content: Content,
  revisionId: string,
  publisher: Publisher,
  note: string | null,
  now: Date,
): { step: TransactionStep; summary: RevisionSummary } {
  const raw = Buffer.from(JSON.stringify(content), 'utf8');
  const snapshot = gzipSync(raw);
  const summary: RevisionSummary = {
    id: revisionId,
    contentId: content.id,
    publishedTimestamp: now.toISOString(),
    publishedBy: { id: publisher.id, name: publisher.name },
    note,
    rawBytes: raw.byteLength,
    storedBytes: snapshot.byteLength,
  };
  return {
    step: {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...contentRevisionKey(content.id, revisionId),
            entityType: ENTITY_TYPES.contentRevision,
            version: 1,
            ...summary,
            snapshot,
          },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        },
      },
      conflict: 'Revision already exists.',
    },
    summary,
  };
}

function summaryOf(item: RevisionItem): RevisionSummary {
  return {
    id: item.id,
    contentId: item.contentId,
    publishedTimestamp: item.publishedTimestamp,
    publishedBy: item.publishedBy,
    note: item.note ?? null,
    rawBytes: item.rawBytes,
    storedBytes: item.storedBytes,
  };
}

/** One page of the revisions of `contentId`, newest first ({@link REVISION_PAGE_SIZE} a page). */
export async function listRevisions(
  contentId: string,
  pageToken?: string,
  limit: number = REVISION_PAGE_SIZE,
): Promise<Page<RevisionSummary>> {
  const page = await queryPage<RevisionItem>({
    index: 'table',
    partitions: [contentKey(contentId).pk],
    sortKey: {
      expression: 'begins_with(#sk, :prefix)',
      names: { '#sk': TABLE.sortKey },
      values: { ':prefix': REVISION_SORT_PREFIX },
    },
    limit,
    pageToken,
    forward: false,
  });
  return { items: page.items.map(summaryOf), nextPageToken: page.nextPageToken };
}

/** One revision of `contentId` with its published `Content`, or null. */
export async function getRevision(
  contentId: string,
  revisionId: string,
): Promise<(RevisionSummary & { content: Content }) | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: contentRevisionKey(contentId, revisionId) }),
  );
  const item = output.Item as RevisionItem | undefined;
  if (!item) return null;
  const content = JSON.parse(gunzipSync(item.snapshot).toString('utf8')) as Content;
  return { ...summaryOf(item), content };
}
