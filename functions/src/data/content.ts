import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEvent } from '#shared/contracts/administration';
import { ALIAS_TAKEN_MESSAGE, CONTENT_STALE_MESSAGE, ContentLink } from '#shared/contracts/content';
import { Contributor } from '#shared/contracts/contributor';
import type { ContentStatus } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import { auditPutStep } from './audit.ts';
import { catalogRevisionUpdate, type TransactWriteItem } from './catalog.ts';
import { batchGetItems, type Page, queryPage, tableName } from './dynamo.ts';
import type { ContentItem, ContentRecord, ContributorItem } from './items.ts';
import {
  aliasGuardKey,
  aliasPartition,
  childIndexKey,
  childrenPartition,
  contentAliasIndexKey,
  contentKey,
  contentPurgeIndexKey,
  contentPurgeKey,
  contributorKey,
  ENTITY_TYPES,
  modifiedSinceBound,
  PUBLISH_DUE_PARTITION,
  publishDueBound,
  publishDueIndexKey,
  publishScheduleKey,
  type ScheduledKind,
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
 * conditional on its key being absent (decision record 005: aliases are unique),
 * together with the catalog revision bump (decision record 014) and, with
 * `attachToParent`, the append of `{ id, index }` to the parent's `children` and a
 * bump of the parent's `version` (conditional on the parent existing), so that an
 * editor still holding the parent's previous version gets a 409 instead of saving a
 * `children` list without the new child (decision record 020).
 * `recordInCatalog: false` leaves the revision alone for bulk writers that bump it
 * once themselves (the seed import). The seed import passes parents whose
 * `children` already list the child, so it does not attach. The stored item gets
 * version 1 and its keys: by id, by alias (gsi1), under its parent (gsi2), by status
 * and modification time (gsi3). Nothing is written when any condition fails.
 * @throws ConflictError when the id exists ("Content already exists."), the alias
 *   is taken ("URL alias is already in use."), the parent is gone
 *   ({@link PARENT_GONE_MESSAGE}), or after 3 transaction conflicts ({@link BUSY_MESSAGE}).
 */
export async function createContent(
  record: ContentRecord,
  options: {
    readonly attachToParent?: boolean;
    readonly recordInCatalog?: boolean;
    /** The change's audit event, stored in the same transaction (issue 21 item 19). */
    readonly audit?: AuditEvent;
    /** Further elements of the same transaction: the revision of an item created published (issue 25 item 3). */
    readonly extraSteps?: readonly TransactionStep[];
  } = {},
): Promise<ContentItem> {
  const { item, steps } = contentCreateSteps(record, { attachToParent: options.attachToParent === true });
  steps.push(...(options.extraSteps ?? []));
  if (options.recordInCatalog !== false) steps.push({ item: catalogRevisionUpdate() });
  if (options.audit) steps.push({ item: auditPutStep(options.audit) });
  await transact(steps);
  return item;
}

/** Message of the 409 when a content id is taken (practically never: ids are ULIDs). */
export const CONTENT_EXISTS_MESSAGE = 'Content already exists.';

/**
 * The transaction elements that create a content item (spec §4 "Saving content" step
 * 2 and 3; decision record 015): the item at version 1 and its alias guard, each
 * conditional on being absent, and with `attachToParent` the Update appending
 * `{ id, index }` to the parent's `children` and adding 1 to its `version`
 * (conditional on the parent existing). No catalog revision bump: the caller adds
 * one per transaction. Returns the stored item and the steps.
 */
export function contentCreateSteps(
  record: ContentRecord,
  options: { readonly attachToParent: boolean },
): { item: ContentItem; steps: TransactionStep[] } {
  const item = contentItemOf(record, 1);
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
  const steps: TransactionStep[] = [
    { item: { Put: { TableName: tableName(), Item: item, ...absent } }, conflict: CONTENT_EXISTS_MESSAGE },
    { item: { Put: { TableName: tableName(), Item: guard, ...absent } }, conflict: ALIAS_TAKEN_MESSAGE },
  ];
  if (record.parentId !== null && options.attachToParent) {
    steps.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: contentKey(record.parentId),
          UpdateExpression:
            'SET #children = list_append(if_not_exists(#children, :empty), :child), #version = #version + :one',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: {
            '#children': 'children',
            '#pk': TABLE.partitionKey,
            '#version': TABLE.versionAttribute,
          },
          ExpressionAttributeValues: { ':empty': [], ':child': [{ id: record.id, index: record.index }], ':one': 1 },
        },
      },
      conflict: PARENT_GONE_MESSAGE,
    });
  }
  return { item, steps };
}

/** Message of the 409 when the parent of a new child disappeared while it was being saved. */
export const PARENT_GONE_MESSAGE = 'The parent content no longer exists. Reload to see the changes.';
/** Message of the 409 when concurrent writers kept colliding on the same items. */
export const BUSY_MESSAGE = 'Content is being changed by someone else right now. Try again.';

/** One element of a transaction, and the 409 message when its condition fails. */
export interface TransactionStep {
  readonly item: TransactWriteItem;
  readonly conflict?: string;
}

/** Attempts of a transaction that lost to a concurrent one (`TransactionConflict`) before it is a 409. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs the steps as ONE TransactWriteItems (at most 100 elements, DynamoDB's limit).
 * A failed condition is a 409 with the step's message (the first failing step wins;
 * a step without a message rethrows the cancellation); a `TransactionConflict`
 * (another transaction held one of the items, typically the catalog revision) is
 * retried up to 3 times with jittered backoff, then a 409 `busyMessage` (default
 * {@link BUSY_MESSAGE}). Shared by every transactional writer (content, saves, lessons).
 * @throws ConflictError as above; any other error unchanged.
 */
export async function transact(steps: readonly TransactionStep[], busyMessage: string = BUSY_MESSAGE): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: steps.map((step) => step.item) }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason?.Code === 'ConditionalCheckFailed');
      const message = failed >= 0 ? steps[failed]?.conflict : undefined;
      if (message) throw new ConflictError(message, { cause: error });
      const collided = reasons.some((reason) => reason?.Code === 'TransactionConflict');
      if (!collided) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw new ConflictError(busyMessage, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

/** The stored form of a record: its table and index keys at `version`. */
export function contentItemOf(record: ContentRecord, version: number): ContentItem {
  return {
    ...record,
    ...contentKey(record.id),
    ...contentAliasIndexKey(record.urlAlias),
    ...childIndexKey(record.parentId, record.index, record.id),
    ...statusIndexKey(record.status, record.modifiedTimestamp, record.id),
    entityType: ENTITY_TYPES.content,
    version,
  };
}

/**
 * Saves a changed content item (spec §4 "Saving content", decision record 015) as ONE
 * TransactWriteItems: a Put of the item conditional on `version = expectedVersion`
 * (stored with version + 1 and every key rebuilt: alias on gsi1, status and
 * `modifiedTimestamp` on gsi3); when the alias changed, the old alias guard deleted
 * (conditional on naming this item) and the new one created (conditional on being
 * absent); the catalog revision bump (decision record 014); and `audit`, the change's
 * audit event, when given (issue 21 item 19); `extraSteps` (a publish's revision,
 * issue 25 item 3) in the same transaction. `record` carries the
 * new field values, `modifiedTimestamp` included; `previousAlias` is the stored one.
 * Nothing is written when any condition fails.
 * @throws ConflictError {@link CONTENT_STALE_MESSAGE} for a stale version or a
 *   deleted item; {@link ALIAS_TAKEN_MESSAGE} for a taken alias; {@link BUSY_MESSAGE}
 *   after 3 transaction conflicts.
 */
export async function updateContent(
  record: ContentRecord,
  expectedVersion: number,
  previousAlias: string,
  audit?: AuditEvent,
  previousPublishAt: string | null = null,
  extraSteps: readonly TransactionStep[] = [],
): Promise<ContentItem> {
  const { item, steps } = contentUpdateSteps(record, expectedVersion, previousAlias, previousPublishAt);
  steps.push({ item: catalogRevisionUpdate() });
  if (audit) steps.push({ item: auditPutStep(audit) });
  steps.push(...extraSteps);
  await transact(steps);
  return item;
}

/**
 * The transaction elements of {@link updateContent} without the catalog revision
 * bump: the Put of the item at `expectedVersion + 1` conditional on
 * `version = expectedVersion` ({@link CONTENT_STALE_MESSAGE}), and when the alias
 * changed, the old guard's Delete (conditional on naming the item) and the new
 * guard's Put (conditional on absence, {@link ALIAS_TAKEN_MESSAGE}).
 */
export function contentUpdateSteps(
  record: ContentRecord,
  expectedVersion: number,
  previousAlias: string,
  previousPublishAt: string | null = null,
): { item: ContentItem; steps: TransactionStep[] } {
  const item = contentItemOf(record, expectedVersion + 1);
  const steps: TransactionStep[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: 'attribute_exists(#pk) AND #version = :expected',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
      conflict: CONTENT_STALE_MESSAGE,
    },
  ];
  if (record.urlAlias !== previousAlias) {
    steps.push(
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: aliasGuardKey(previousAlias),
            ConditionExpression: '#contentId = :id',
            ExpressionAttributeNames: { '#contentId': 'contentId' },
            ExpressionAttributeValues: { ':id': record.id },
          },
        },
        conflict: CONTENT_STALE_MESSAGE,
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...aliasGuardKey(record.urlAlias),
              entityType: ENTITY_TYPES.alias,
              contentId: record.id,
              version: 1,
            },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          },
        },
        conflict: ALIAS_TAKEN_MESSAGE,
      },
    );
  }
  steps.push(...publishScheduleSteps(record.id, record.publishAt ?? null, previousPublishAt));
  return { item, steps };
}

/**
 * The transaction elements that keep an item's publishing schedule (issue 25 item 7,
 * decision record 068) in step with its `publishAt`: none when unchanged; a Put of
 * `SCHEDULE#<kind>#<id>` on the sparse due index (gsi1 `PUBLISH_DUE`) for a new time;
 * a Delete when cancelled, published, archived or deleted, conditional on the stored
 * schedule being gone or still naming `previousPublishAt` (a 409 with `conflict`,
 * {@link CONTENT_STALE_MESSAGE} by default); with the item's version condition, of two
 * writers that read the same schedule (two overlapping job runs) only one commits.
 * `kind` is `content` (the default), `news` or `event`.
 */
export function publishScheduleSteps(
  id: string,
  publishAt: string | null,
  previousPublishAt: string | null,
  kind: ScheduledKind = 'content',
  conflict: string = CONTENT_STALE_MESSAGE,
): TransactionStep[] {
  if (publishAt === previousPublishAt) return [];
  if (publishAt !== null) {
    const schedule = {
      ...publishScheduleKey(kind, id),
      ...publishDueIndexKey(publishAt, kind, id),
      entityType: ENTITY_TYPES.publishSchedule,
      kind,
      targetId: id,
      publishAt,
    };
    return [{ item: { Put: { TableName: tableName(), Item: schedule } } }];
  }
  return [
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: publishScheduleKey(kind, id),
          ConditionExpression: 'attribute_not_exists(#pk) OR #publishAt = :previous',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#publishAt': 'publishAt' },
          ExpressionAttributeValues: { ':previous': previousPublishAt },
        },
      },
      conflict,
    },
  ];
}

/** A publishing schedule as stored (decision record 068). */
export interface PublishScheduleItem {
  readonly kind: ScheduledKind;
  readonly targetId: string;
  readonly publishAt: string;
}

/**
 * The publishing schedules due at or before `now`, soonest first: ONE Query of the
 * sparse gsi1 partition `PUBLISH_DUE` (decision record 068), at most `limit`.
 */
export async function listDueSchedules(now: Date, limit: number): Promise<PublishScheduleItem[]> {
  const { gsi1 } = TABLE.indexes;
  const output = await dynamoDocumentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk AND #sk <= :due',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':pk': PUBLISH_DUE_PARTITION, ':due': publishDueBound(now.toISOString()) },
      Limit: limit,
    }),
  );
  return (output.Items ?? []).map((item) => ({
    kind: item.kind as ScheduledKind,
    targetId: String(item.targetId),
    publishAt: String(item.publishAt),
  }));
}

/**
 * Deletes a schedule whose item is gone (deleted content), only while it still names
 * `publishAt`. Returns false when it had changed or was already gone.
 */
export async function deleteOrphanSchedule(schedule: PublishScheduleItem): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: publishScheduleKey(schedule.kind, schedule.targetId),
        ConditionExpression: '#publishAt = :publishAt',
        ExpressionAttributeNames: { '#publishAt': 'publishAt' },
        ExpressionAttributeValues: { ':publishAt': schedule.publishAt },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Deletes a content item that has no children (decision record 015) as ONE
 * TransactWriteItems: the item (conditional on `version` and on an empty `children`
 * list), its alias guard (conditional on naming it), its entry in its parent's
 * `children` (conditional on that entry still being at the position read; the
 * parent's version goes up, as when a child is added, so an editor holding the old
 * parent gets a 409 rather than a save naming a child that is gone), `fileSteps`
 * (the detach steps of its files, `detachFileStep` of data/files.ts, decision record
 * 020), the catalog revision bump (decision record 014) and `audit`, the deletion's
 * audit event, when given (issue 21 item 19), and the item's purge marker (issue 25
 * item 3: its draft, revisions, downloaders, notices and schedule are the purge's,
 * `services/content-purge.ts`).
 * @throws ConflictError {@link CONTENT_STALE_MESSAGE} when the item changed (or got a
 *   child) since it was read, or a file step's condition failed; {@link BUSY_MESSAGE}
 *   after 3 transaction conflicts.
 */
export async function deleteContent(
  item: ContentItem,
  parent: ContentItem | null,
  fileSteps: readonly TransactWriteItem[] = [],
  audit?: AuditEvent,
): Promise<void> {
  const steps: TransactionStep[] = [
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: contentKey(item.id),
          ConditionExpression: '#version = :expected AND (attribute_not_exists(#children) OR size(#children) = :zero)',
          ExpressionAttributeNames: { '#version': 'version', '#children': 'children' },
          ExpressionAttributeValues: { ':expected': item.version, ':zero': 0 },
        },
      },
      conflict: CONTENT_STALE_MESSAGE,
    },
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: aliasGuardKey(item.urlAlias),
          ConditionExpression: 'attribute_not_exists(#pk) OR #contentId = :id',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#contentId': 'contentId' },
          ExpressionAttributeValues: { ':id': item.id },
        },
      },
      conflict: CONTENT_STALE_MESSAGE,
    },
  ];
  const position = parent?.children.findIndex((ref) => ref.id === item.id) ?? -1;
  if (parent && position >= 0) {
    steps.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: contentKey(parent.id),
          UpdateExpression: `REMOVE #children[${position}] SET #version = #version + :one`,
          ConditionExpression: `#children[${position}].#id = :id`,
          ExpressionAttributeNames: { '#children': 'children', '#id': 'id', '#version': 'version' },
          ExpressionAttributeValues: { ':id': item.id, ':one': 1 },
        },
      },
      conflict: CONTENT_STALE_MESSAGE,
    });
  }
  for (const fileStep of fileSteps) steps.push({ item: fileStep, conflict: CONTENT_STALE_MESSAGE });
  steps.push({ item: catalogRevisionUpdate() });
  if (audit) steps.push({ item: auditPutStep(audit) });
  steps.push(contentPurgeMarkerStep(item.id, new Date()));
  await transact(steps);
}

/** Content items by id (BatchGetItem); missing ones are absent, order undefined. */
export function getContentByIds(ids: readonly string[]): Promise<ContentItem[]> {
  return batchGetItems<ContentItem>(ids.map(contentKey));
}

/**
 * The transaction element of a content delete that records the purge still to run (a
 * Put of the marker, issue 25 item 3; the purge is `data/content-purge.ts`'s).
 */
export function contentPurgeMarkerStep(contentId: string, now: Date): TransactionStep {
  const at = now.toISOString();
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...contentPurgeKey(contentId),
          ...contentPurgeIndexKey(at, contentId),
          entityType: ENTITY_TYPES.contentPurge,
          contentId,
          deletedTimestamp: at,
        },
      },
    },
  };
}
