import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { UPLOAD_KINDS } from '#shared/contracts/file';
import { Event, LINK_TAKEN_MESSAGE, News, type NewsEventStatus } from '#shared/contracts/news';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import { decodePageToken } from '../lib/page-token.ts';
import type { TransactWriteItem } from './catalog.ts';
import { publishScheduleSteps, type TransactionStep, transact } from './content.ts';
import { batchGetItems, type Page, queryPage, tableName } from './dynamo.ts';
import { attachUploadStep, detachFileStep } from './files.ts';
import {
  ENTITY_TYPES,
  KEY_ATTRIBUTES,
  type NewsEventKind,
  newsEventAllPartition,
  newsEventDateSortKey,
  newsEventIndexKeys,
  newsEventKey,
  newsEventLinkKey,
  newsEventStatusPartition,
  type TableKey,
} from './keys.ts';

/**
 * Access patterns of news and events (keys.ts section "News and events"; decision
 * record 024). Both kinds share every function; `kind` picks the partitions. Writes
 * keep the item and its link guard together in one transaction, so a link is unique
 * within its kind and never half-changed — and with them the attaching and detaching
 * of the item's uploaded image (decision record 020), so an image file belongs to an
 * item exactly when the item names it.
 */

/** The API shape of each kind: what is stored is exactly the contract object. */
export interface NewsEventRecords {
  readonly news: News;
  readonly event: Event;
}

/** The record of one kind (`News` or `Event`). */
export type NewsEventRecord<K extends NewsEventKind> = NewsEventRecords[K];

/** A stored news item or event: its record with table and index keys, entity type and version. */
export type NewsEventItem<K extends NewsEventKind> = NewsEventRecord<K> &
  TableKey & {
    readonly entityType: string;
    readonly version: number;
    readonly gsi1pk: string;
    readonly gsi1sk: string;
    readonly gsi3pk: string;
    readonly gsi3sk: string;
  };

/** A stored link guard: which item of its kind holds the link. */
interface LinkGuardItem extends TableKey {
  readonly entityType: string;
  readonly ownerId: string;
}

const ENTITY_TYPE_OF: Record<NewsEventKind, { item: string; link: string }> = {
  news: { item: ENTITY_TYPES.news, link: ENTITY_TYPES.newsLink },
  event: { item: ENTITY_TYPES.event, link: ENTITY_TYPES.eventLink },
};

const CONTRACT_OF = { news: News, event: Event } as const;

/** Message of a 409 when the item changed or vanished between reading and writing it. */
export const NEWS_EVENT_CHANGED_MESSAGE = 'The item was changed or deleted by someone else. Reload and try again.';
/** Message of a 409 when concurrent writers kept colliding on the same items. */
export const NEWS_EVENT_BUSY_MESSAGE = 'The item is being changed by someone else right now. Try again.';
/** Message of a 409 when a new id is taken (practically never: ids are ULIDs). */
const NEWS_EVENT_EXISTS_MESSAGE = 'The item already exists.';
/**
 * Message of the 400 at `body.image` when the uploaded image a save names cannot be
 * attached: missing, not yet Ready, expired, someone else's, not an image upload, or
 * attached to something else already.
 */
export const NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE =
  'The image was not uploaded, or is used elsewhere. Choose it again.';

/**
 * The uploaded image a save attaches to the item (decision records 020, 024): the
 * file id, the name the file gets, and who must have uploaded it (the caller).
 */
export interface NewsEventImageAttach {
  readonly fileId: string;
  readonly name: string;
  readonly uploadedBy: string;
}

/** What a save does to the item's uploaded image files, inside the item's transaction. */
export interface NewsEventImageChange {
  /** The upload the saved item's image names, when the stored item did not name it. */
  readonly attach?: NewsEventImageAttach | null | undefined;
  /** The file attached to the item that the saved item no longer names (its id). */
  readonly detach?: string | null | undefined;
}

/**
 * The contract object of a stored item: exactly the fields of `News` or `Event`, so
 * keys, entity type and version never reach a response.
 */
export function toNewsEvent<K extends NewsEventKind>(kind: K, item: NewsEventRecord<K>): NewsEventRecord<K> {
  const fields = Object.keys(CONTRACT_OF[kind].shape) as (keyof NewsEventRecord<K>)[];
  return Object.fromEntries(fields.map((field) => [field, item[field]])) as unknown as NewsEventRecord<K>;
}

/** The stored form of a record at `version`: table key, both index keys and the entity type. */
function itemOf<K extends NewsEventKind>(kind: K, record: NewsEventRecord<K>, version: number): NewsEventItem<K> {
  return {
    ...record,
    ...newsEventKey(kind, record.id),
    ...newsEventIndexKeys(kind, record.status, record.date, record.id),
    entityType: ENTITY_TYPE_OF[kind].item,
    version,
  } as unknown as NewsEventItem<K>;
}

function guardOf(kind: NewsEventKind, link: string, ownerId: string): LinkGuardItem {
  return { ...newsEventLinkKey(kind, link), entityType: ENTITY_TYPE_OF[kind].link, ownerId };
}

/**
 * The transaction element attaching an item's image (`attachFileStep` via {@link attachUploadStep}: Ready,
 * unattached, not a bundle — a missing record fails too), further conditional on the
 * file being an `image` upload (public, owner type Content) by `uploadedBy`
 * (decision record 020: a save attaches only the caller's own uploads).
 */
function attachImageStep(image: NewsEventImageAttach, ownerId: string, now: Date): TransactWriteItem {
  return attachUploadStep(image.fileId, { id: ownerId, name: image.name }, UPLOAD_KINDS.image, image.uploadedBy, now);
}

/** The image elements of a save: the attach (400 when it fails), then the detach (409: the item changed). */
function imageSteps(change: NewsEventImageChange, ownerId: string, now: Date): TransactionStep[] {
  const steps: TransactionStep[] = [];
  if (change.attach) {
    steps.push({ item: attachImageStep(change.attach, ownerId, now), conflict: NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE });
  }
  if (change.detach) {
    steps.push({ item: detachFileStep(change.detach, ownerId, now), conflict: NEWS_EVENT_CHANGED_MESSAGE });
  }
  return steps;
}

/**
 * Runs a news or event transaction ({@link transact}: the first failed condition's
 * message, 3 attempts on conflicts); a failed image attach becomes the 400 at
 * `body.image` {@link NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE}, every other failed
 * condition stays its step's 409.
 */
async function transactNewsEvent(steps: readonly TransactionStep[]): Promise<void> {
  try {
    await transact(steps, NEWS_EVENT_BUSY_MESSAGE);
  } catch (error) {
    if (error instanceof ConflictError && error.message === NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE) {
      throw new ValidationError(
        [{ path: 'body.image', message: NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE }],
        NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * One news item or event by id (GetItem, strongly consistent), or null. Costs 1 request.
 */
export async function getNewsEventById<K extends NewsEventKind>(kind: K, id: string): Promise<NewsEventItem<K> | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: newsEventKey(kind, id), ConsistentRead: true }),
  );
  return (output.Item as NewsEventItem<K> | undefined) ?? null;
}

/**
 * One news item or event by its link (the guard, then the item it names), or null.
 * Costs 2 requests (1 when no item has the link).
 */
export async function getNewsEventByLink<K extends NewsEventKind>(
  kind: K,
  link: string,
): Promise<NewsEventItem<K> | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: newsEventLinkKey(kind, link), ConsistentRead: true }),
  );
  const guard = output.Item as LinkGuardItem | undefined;
  if (!guard) return null;
  const item = await getNewsEventById(kind, guard.ownerId);
  return item && item.link === link ? item : null;
}

/**
 * Which of `links` no other item of the kind holds, in the order given: a link is
 * free when it has no guard or its guard names `ownerId` (the item being saved).
 * One BatchGetItem (≤ 100 links).
 */
export async function freeLinks(kind: NewsEventKind, links: readonly string[], ownerId: string): Promise<string[]> {
  const guards = await batchGetItems<LinkGuardItem>(links.map((link) => newsEventLinkKey(kind, link)));
  const takenBy = new Map(guards.map((guard) => [guard.pk, guard.ownerId]));
  return links.filter((link) => {
    const owner = takenBy.get(newsEventLinkKey(kind, link).pk);
    return owner === undefined || owner === ownerId;
  });
}

/** Which items a list shows: one status, or every item of the kind (editors only; the caller decides). */
export type NewsEventListStatus = NewsEventStatus | 'all';

/** Options of {@link listNewsEvents}. */
export interface ListNewsEventsOptions {
  readonly status: NewsEventListStatus;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * Items of a kind, newest `date` first (ties by id, descending): one status from its
 * gsi3 partition, `all` from the kind's gsi1 partition — one Query per page, no filter.
 * @throws ValidationError for a foreign or tampered page token.
 */
export function listNewsEvents<K extends NewsEventKind>(
  kind: K,
  options: ListNewsEventsOptions,
): Promise<Page<NewsEventItem<K>>> {
  const all = options.status === 'all';
  return queryPage<NewsEventItem<K>>({
    index: all ? 'gsi1' : 'gsi3',
    partitions: [
      options.status === 'all' ? newsEventAllPartition(kind) : newsEventStatusPartition(kind, options.status),
    ],
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
}

/** Options of {@link listUpcomingEvents}. */
export interface ListUpcomingEventsOptions {
  /** The instant from which events count as upcoming. */
  readonly now: Date;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * Published events whose date is `now` or later, soonest first (spec §7 "Home
 * upcoming events"; decision record 024): the published gsi3 partition read forwards
 * from `now`. A later page resumes after its token's event even when that event has
 * passed meanwhile (the lower bound is then the token's date), so paging never fails
 * on time moving on.
 * @throws ValidationError for a foreign or tampered page token.
 */
export function listUpcomingEvents(options: ListUpcomingEventsOptions): Promise<Page<NewsEventItem<'event'>>> {
  const { gsi3 } = TABLE.indexes;
  const partition = newsEventStatusPartition('event', 'published');
  const start = decodePageToken(options.pageToken, {
    keyAttributes: KEY_ATTRIBUTES.gsi3,
    partitionKey: gsi3.partitionKey,
    partitions: [partition],
  });
  const now = newsEventDateSortKey(options.now.toISOString());
  const resumedAt = start?.[gsi3.sortKey];
  const from = resumedAt !== undefined && resumedAt < now ? resumedAt : now;
  return queryPage<NewsEventItem<'event'>>({
    index: 'gsi3',
    partitions: [partition],
    sortKey: { expression: '#sk >= :from', names: { '#sk': gsi3.sortKey }, values: { ':from': from } },
    limit: options.limit,
    pageToken: options.pageToken,
    forward: true,
  });
}

const absent = {
  ConditionExpression: 'attribute_not_exists(#pk)',
  ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
};

/**
 * Creates a news item or event (version 1) and its link guard in ONE
 * TransactWriteItems, each conditional on its key being absent; when `image.attach`
 * is given, the uploaded image is attached to the item in the same transaction
 * (decision records 020, 024). Nothing is written when any condition fails.
 * @throws ConflictError {@link LINK_TAKEN_MESSAGE} when another item of the kind has
 *   the link; {@link NEWS_EVENT_BUSY_MESSAGE} after 3 transaction conflicts.
 *   ValidationError (400 at `body.image`) {@link NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE}
 *   when the image cannot be attached.
 */
export async function createNewsEvent<K extends NewsEventKind>(
  kind: K,
  record: NewsEventRecord<K>,
  image: Pick<NewsEventImageChange, 'attach'> = {},
  now: Date = new Date(),
): Promise<NewsEventItem<K>> {
  const item = itemOf(kind, record, 1);
  const steps: TransactionStep[] = [
    { item: { Put: { TableName: tableName(), Item: item, ...absent } }, conflict: NEWS_EVENT_EXISTS_MESSAGE },
    {
      item: { Put: { TableName: tableName(), Item: guardOf(kind, record.link, record.id), ...absent } },
      conflict: LINK_TAKEN_MESSAGE,
    },
    ...imageSteps(image, record.id, now),
    ...publishScheduleSteps(record.id, record.publishAt ?? null, null, kind, NEWS_EVENT_CHANGED_MESSAGE),
  ];
  await transactNewsEvent(steps);
  return item;
}

/**
 * Replaces a stored item's fields in ONE TransactWriteItems: a Put of the new record
 * at `previous.version + 1`, conditional on the stored version still being
 * `previous.version` (so a concurrent edit or delete is a 409, never overwritten);
 * the publishing schedule's Put or Delete when `publishAt` changed (decision record
 * 068, `publishScheduleSteps`: the Delete conditional on the schedule still naming
 * `previous.publishAt`);
 * when the link changed, the old guard's Delete (conditional on naming this item) and
 * the new guard's Put (conditional on being absent); the new uploaded image's attach
 * (`image.attach`) and the replaced one's detach (`image.detach`, conditional on
 * belonging to the item; it gets a TTL of now — the caller discards it after the
 * write). Nothing is written when any condition fails.
 * @throws ConflictError {@link LINK_TAKEN_MESSAGE} for a link another item has;
 *   {@link NEWS_EVENT_CHANGED_MESSAGE} when the item (or its image) changed or was
 *   deleted since `previous` was read; {@link NEWS_EVENT_BUSY_MESSAGE} after 3
 *   transaction conflicts. ValidationError (400 at `body.image`)
 *   {@link NEWS_EVENT_IMAGE_UNAVAILABLE_MESSAGE} when the new image cannot be attached.
 */
export async function updateNewsEvent<K extends NewsEventKind>(
  kind: K,
  record: NewsEventRecord<K>,
  previous: NewsEventItem<K>,
  image: NewsEventImageChange = {},
  now: Date = new Date(),
): Promise<NewsEventItem<K>> {
  const item = itemOf(kind, record, previous.version + 1);
  const steps: TransactionStep[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: 'attribute_exists(#pk) AND #version = :expected',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':expected': previous.version },
        },
      },
      conflict: NEWS_EVENT_CHANGED_MESSAGE,
    },
  ];
  if (record.link !== previous.link) {
    steps.push(
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: newsEventLinkKey(kind, previous.link),
            ConditionExpression: '#ownerId = :id',
            ExpressionAttributeNames: { '#ownerId': 'ownerId' },
            ExpressionAttributeValues: { ':id': record.id },
          },
        },
        conflict: NEWS_EVENT_CHANGED_MESSAGE,
      },
      {
        item: { Put: { TableName: tableName(), Item: guardOf(kind, record.link, record.id), ...absent } },
        conflict: LINK_TAKEN_MESSAGE,
      },
    );
  }
  steps.push(...imageSteps(image, record.id, now));
  steps.push(
    ...publishScheduleSteps(
      record.id,
      record.publishAt ?? null,
      previous.publishAt ?? null,
      kind,
      NEWS_EVENT_CHANGED_MESSAGE,
    ),
  );
  await transactNewsEvent(steps);
  return item;
}

/**
 * Deletes a stored item and its link guard in ONE TransactWriteItems, conditional on
 * the item being at the version read and the guard naming it, with its publishing
 * schedule when it has one (decision record 068); `detachImage` (the id
 * of the uploaded image attached to the item) is detached in the same transaction —
 * it gets a TTL of now, and the caller discards it after the write.
 * @throws ConflictError {@link NEWS_EVENT_CHANGED_MESSAGE} when the item (or its
 *   image) changed or was deleted since it was read; {@link NEWS_EVENT_BUSY_MESSAGE}
 *   after 3 transaction conflicts.
 */
export async function deleteNewsEvent<K extends NewsEventKind>(
  kind: K,
  item: NewsEventItem<K>,
  detachImage: string | null = null,
  now: Date = new Date(),
): Promise<void> {
  const steps: TransactionStep[] = [
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: newsEventKey(kind, item.id),
          ConditionExpression: 'attribute_exists(#pk) AND #version = :expected',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':expected': item.version },
        },
      },
      conflict: NEWS_EVENT_CHANGED_MESSAGE,
    },
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: newsEventLinkKey(kind, item.link),
          ConditionExpression: '#ownerId = :id',
          ExpressionAttributeNames: { '#ownerId': 'ownerId' },
          ExpressionAttributeValues: { ':id': item.id },
        },
      },
      conflict: NEWS_EVENT_CHANGED_MESSAGE,
    },
    ...imageSteps({ detach: detachImage }, item.id, now),
    ...publishScheduleSteps(item.id, null, item.publishAt ?? null, kind, NEWS_EVENT_CHANGED_MESSAGE),
  ];
  await transactNewsEvent(steps);
}
