import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  BUSINESS_UNIT_CATEGORIES,
  type BusinessUnit,
  type BusinessUnitCategory,
  type BusinessUnitInput,
  type ListBusinessUnitsQuery,
  type MergeBusinessUnitRequest,
  type MergedBusinessUnit,
} from '#shared/contracts/administration';
import type { Brand } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import {
  auditFieldsOf,
  BUSINESS_UNIT_CHANGED_MESSAGE,
  BUSINESS_UNIT_MERGED_MESSAGE,
  BUSINESS_UNIT_NOT_FOUND_MESSAGE,
  MERGE_CHAIN_MAX,
  mergeRefusal,
} from '../domain/business-units.ts';
import { newId } from '../domain/ids.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';
import { auditActorOf, auditPutStep, newAuditEvent } from './audit.ts';
import type { TransactWriteItem } from './catalog.ts';
import {
  BATCH_WRITE_MAX,
  batchGetItems,
  createItem,
  type Page,
  putNewItemStep,
  queryPage,
  tableName,
  transactWrite,
} from './dynamo.ts';
import {
  BUSINESS_UNIT_MERGES_PARTITION,
  BUSINESS_UNITS_PARTITION,
  businessUnitKey,
  businessUnitMergeKey,
  businessUnitNameIndexKey,
  businessUnitUsersIndexKey,
  businessUnitUsersPartition,
  ENTITY_TYPES,
  type TableKey,
  userKey,
} from './keys.ts';
import { forgetSessionEpochs, SESSION_EPOCH_INCREMENT, SESSION_EPOCH_NAMES, SESSION_EPOCH_VALUES } from './sessions.ts';

/**
 * Business units: the schools, colleges, universities, governments and companies
 * users belong to (issue 11 item 1; spec §1 brand eligibility as data, §3
 * "businessUnits", "Raw download data point"; decision record 030; keys.ts rows
 * "business unit by id", "business units by name", "every business-unit merge",
 * "users of one business unit").
 *
 * A unit is one item `BUSINESS_UNIT#<id>`; while not merged it is listed in gsi1
 * partition `BUSINESS_UNITS` by lower-case name. A merge marks the duplicate
 * (`mergedIntoId`, off the list), writes one merge-map item (`BUSINESS_UNIT_MERGES` /
 * `<mergedId>`) and the audit event in ONE transaction, then moves the duplicate's
 * users (gsi2 `BUSINESS_UNIT_USERS#<id>`) with conditional updates. Download events
 * are never rewritten: statistics reads attribute them through the merge map
 * ({@link getMergeMap}).
 */

export type { BusinessUnit, BusinessUnitCategory };
export { BUSINESS_UNIT_CATEGORIES };

/** What a unit is made of before it is stored: the contract without merge state, version and timestamps. */
export type BusinessUnitFields = Omit<
  BusinessUnit,
  'mergedIntoId' | 'version' | 'createdTimestamp' | 'modifiedTimestamp'
>;

/**
 * A stored business unit: the contract's fields, its keys, `nameLower` (what `q`
 * searches) and, while not merged, its gsi1 listing key. `synthetic` marks a unit
 * the seed's rule added (seed/business-units.ts).
 */
export type BusinessUnitItem = BusinessUnit &
  TableKey & {
    readonly entityType: typeof ENTITY_TYPES.businessUnit;
    readonly nameLower: string;
    readonly gsi1pk?: string;
    readonly gsi1sk?: string;
    readonly synthetic?: boolean;
  };

/** A merge-map item: `mergedId` was merged into `intoId` at `timestamp` (ISO 8601 UTC). */
interface BusinessUnitMergeItem extends TableKey {
  readonly entityType: typeof ENTITY_TYPES.businessUnitMerge;
  readonly mergedId: string;
  readonly intoId: string;
  readonly timestamp: string;
}

/** Units read per Query of a filtered list (about 3,500 are seeded: a search reads them in a few Queries). */
const LIST_READ_LIMIT = 1000;

/** Users moved per merge request before it answers `complete: false` (a repeat finishes). */
export const MERGE_USERS_PER_REQUEST = 2000;
/** Concurrent conditional user updates of a merge. */
const MOVE_CONCURRENCY = BATCH_WRITE_MAX;

/** The stored item of a new unit (pure): version 1, not merged, listed by name. `now` is the creation time. */
export function businessUnitItemOf(fields: BusinessUnitFields, now: Date, synthetic = false): BusinessUnitItem {
  const timestamp = now.toISOString();
  return {
    ...businessUnitKey(fields.id),
    ...businessUnitNameIndexKey(fields.name, fields.id),
    entityType: ENTITY_TYPES.businessUnit,
    id: fields.id,
    name: fields.name,
    nameLower: fields.name.toLowerCase(),
    category: fields.category,
    state: fields.state,
    region: fields.region,
    public: fields.public,
    eligibleBrands: [...fields.eligibleBrands],
    mergedIntoId: null,
    version: 1,
    createdTimestamp: timestamp,
    modifiedTimestamp: timestamp,
    ...(synthetic ? { synthetic: true } : {}),
  };
}

/**
 * The contract shape of a stored unit. An item of an older seed (no `eligibleBrands`,
 * `mergedIntoId`, timestamps) reads as eligible nowhere, not merged, created at the
 * epoch; the seed upgrades such items ({@link upgradeBusinessUnitItem}).
 */
export function toBusinessUnit(item: Partial<BusinessUnitItem> & { id: string }): BusinessUnit {
  const created = item.createdTimestamp ?? '1970-01-01T00:00:00.000Z';
  return {
    id: item.id,
    name: item.name ?? '',
    category: (BUSINESS_UNIT_CATEGORIES as readonly string[]).includes(item.category ?? '')
      ? (item.category as BusinessUnitCategory)
      : 'other',
    state: item.state ? item.state : null,
    region: item.region ?? '',
    public: item.public === true,
    eligibleBrands: [...(item.eligibleBrands ?? [])],
    mergedIntoId: item.mergedIntoId ?? null,
    version: Number(item.version ?? 1),
    createdTimestamp: created,
    modifiedTimestamp: item.modifiedTimestamp ?? created,
  };
}

/** One unit by id (one GetItem; `consistent` for a read before a write), merged ones included; null when absent. */
export async function getBusinessUnit(id: string, consistent = false): Promise<BusinessUnit | null> {
  const item = await getUnitItem(id, consistent);
  return item ? toBusinessUnit(item) : null;
}

async function getUnitItem(id: string, consistent: boolean): Promise<BusinessUnitItem | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: { ...businessUnitKey(id) }, ConsistentRead: consistent }),
  );
  const item = output.Item as BusinessUnitItem | undefined;
  return item && item.entityType === ENTITY_TYPES.businessUnit ? item : null;
}

/**
 * Business units by id (BatchGetItem), merged ones included, with `synthetic: true`
 * on the units the seed's rule added; missing ones are absent, order undefined.
 */
export async function getBusinessUnitsByIds(
  ids: readonly string[],
): Promise<(BusinessUnit & { readonly synthetic?: true })[]> {
  if (ids.length === 0) return [];
  const items = await batchGetItems<BusinessUnitItem>(ids.map(businessUnitKey));
  return items
    .filter((item) => item.entityType === ENTITY_TYPES.businessUnit)
    .map((item) => ({ ...toBusinessUnit(item), ...(item.synthetic ? { synthetic: true as const } : {}) }));
}

/**
 * The unit a user of unit `id` belongs to now: the unit itself, or, when it was
 * merged, the unit at the end of its merge chain (one GetItem per step; one in the
 * normal case). Null when the unit does not exist.
 */
export async function resolveBusinessUnit(id: string): Promise<BusinessUnit | null> {
  let unit = await getBusinessUnit(id);
  for (let step = 0; unit?.mergedIntoId && step < MERGE_CHAIN_MAX; step += 1) {
    const next = await getBusinessUnit(unit.mergedIntoId);
    if (!next) return unit;
    unit = next;
  }
  return unit;
}

/** What {@link withCurrentBusinessUnit} reads and replaces of an account. */
interface WithBusinessUnit {
  readonly user: {
    readonly businessUnitId: string | null;
    readonly businessUnit: {
      readonly id: string;
      readonly name: string;
      readonly state: string | null;
      readonly public: boolean;
      readonly eligibleBrands?: readonly Brand[];
    } | null;
  };
}

/**
 * `account` with `user.businessUnit` replaced by the user's business unit as stored
 * NOW (merged units resolved, {@link resolveBusinessUnit}); null when the user has
 * none or it is gone. Eligibility (domain/entitlement.ts) reads this, never the copy
 * on the user item, so an administrator's edit of a unit's `eligibleBrands` counts
 * at the user's next sign-in and download (decision records 012, 030).
 */
export async function withCurrentBusinessUnit<A extends WithBusinessUnit>(account: A): Promise<A> {
  const id = account.user.businessUnitId;
  const unit = id ? await resolveBusinessUnit(id) : null;
  return {
    ...account,
    user: {
      ...account.user,
      businessUnit: unit
        ? { id: unit.id, name: unit.name, state: unit.state, public: unit.public, eligibleBrands: unit.eligibleBrands }
        : null,
    },
  };
}

/**
 * Business units that are not merged, in name order (gsi1 `BUSINESS_UNITS`), `q`
 * anywhere in the name (case-insensitive), `category` and `state` exact; a page of
 * `limit`. Filters are applied to the index read (FilterExpression, {@link LIST_READ_LIMIT}
 * units read per Query), so a search reads the list in a few Queries.
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listBusinessUnits(query: ListBusinessUnitsQuery): Promise<Page<BusinessUnit>> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.q !== undefined) {
    conditions.push('contains(#nameLower, :q)');
    names['#nameLower'] = 'nameLower';
    values[':q'] = query.q.toLowerCase();
  }
  if (query.category !== undefined) {
    conditions.push('#category = :category');
    names['#category'] = 'category';
    values[':category'] = query.category;
  }
  if (query.state !== undefined) {
    conditions.push('#state = :state');
    names['#state'] = 'state';
    values[':state'] = query.state;
  }
  const page = await queryPage<BusinessUnitItem>({
    index: 'gsi1',
    partitions: [BUSINESS_UNITS_PARTITION],
    limit: query.limit,
    pageToken: query.pageToken,
    readLimit: LIST_READ_LIMIT,
    ...(conditions.length > 0 ? { filter: { expression: conditions.join(' AND '), names, values } } : {}),
  });
  return { items: page.items.map(toBusinessUnit), nextPageToken: page.nextPageToken };
}

/**
 * Creates a unit with given fields (version 1), conditional on the id being new;
 * not audited (the seed's path).
 * @throws ConflictError "Business unit already exists." when the id is taken.
 */
export async function createBusinessUnit(fields: BusinessUnitFields, now = new Date()): Promise<BusinessUnit> {
  const item = businessUnitItemOf(fields, now);
  await createItem({ ...item }, 'Business unit already exists.');
  return toBusinessUnit(item);
}

/**
 * Adds a unit from an administrator's input (a new id) with its audit event
 * (`businessUnit.create`) in ONE TransactWriteItems.
 * @returns the stored unit.
 */
export async function createBusinessUnitAudited(
  input: BusinessUnitInput,
  caller: Caller,
  now = new Date(),
): Promise<BusinessUnit> {
  const item = businessUnitItemOf({ ...input, id: newId() }, now);
  const unit = toBusinessUnit(item);
  const event = newAuditEvent({
    action: 'businessUnit.create',
    actor: auditActorOf(caller),
    target: { type: 'businessUnit', id: unit.id, name: unit.name },
    before: null,
    after: auditFieldsOf(unit),
    now,
  });
  // A new id never collides; a cancellation is rethrown as it is.
  await transactWrite([putNewItemStep({ ...item }), auditPutStep(event)], () => null);
  return unit;
}

/**
 * Replaces the unit `id`'s fields with `input`, conditional on `version` being the
 * stored one, with its audit event (`businessUnit.update`, before and after) in ONE
 * TransactWriteItems; the version goes up by one and the listing key follows the
 * name.
 * @throws NotFoundError {@link BUSINESS_UNIT_NOT_FOUND_MESSAGE}.
 * @throws ConflictError {@link BUSINESS_UNIT_MERGED_MESSAGE} for a merged unit;
 *   {@link BUSINESS_UNIT_CHANGED_MESSAGE} when the version moved.
 */
export async function updateBusinessUnitAudited(
  id: string,
  input: BusinessUnitInput & { readonly version: number },
  caller: Caller,
  now = new Date(),
): Promise<BusinessUnit> {
  const current = await getUnitItem(id, true);
  if (!current) throw new NotFoundError(BUSINESS_UNIT_NOT_FOUND_MESSAGE);
  const before = toBusinessUnit(current);
  if (before.mergedIntoId !== null) throw new ConflictError(BUSINESS_UNIT_MERGED_MESSAGE);
  if (before.version !== input.version) throw new ConflictError(BUSINESS_UNIT_CHANGED_MESSAGE);
  const item: BusinessUnitItem = {
    ...current,
    ...businessUnitNameIndexKey(input.name, id),
    name: input.name,
    nameLower: input.name.toLowerCase(),
    category: input.category,
    state: input.state,
    region: input.region,
    public: input.public,
    eligibleBrands: [...input.eligibleBrands],
    mergedIntoId: null,
    version: before.version + 1,
    createdTimestamp: before.createdTimestamp,
    modifiedTimestamp: now.toISOString(),
  };
  const after = toBusinessUnit(item);
  const event = newAuditEvent({
    action: 'businessUnit.update',
    actor: auditActorOf(caller),
    target: { type: 'businessUnit', id, name: after.name },
    before: auditFieldsOf(before),
    after: auditFieldsOf(after),
    now,
  });
  await transactWrite(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...item },
          ConditionExpression: 'attribute_exists(#pk) AND #version = :version',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': TABLE.versionAttribute },
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      auditPutStep(event),
    ],
    (failed, cancellation) =>
      failed === 0 ? new ConflictError(BUSINESS_UNIT_CHANGED_MESSAGE, { cause: cancellation }) : null,
  );
  return after;
}

/** Options of {@link mergeBusinessUnits}. */
export interface MergeOptions {
  /** Users moved at most by this request ({@link MERGE_USERS_PER_REQUEST}); the rest by a repeat. */
  readonly maxUsers?: number;
  readonly now?: Date;
}

/**
 * Merges the duplicate unit `id` into `request.intoId` (decision record 030):
 *
 * 1. ONE TransactWriteItems marks the duplicate merged (`mergedIntoId`, its listing
 *    key removed), bumps both versions (each conditional on the version read and on
 *    not being merged), puts the merge-map item and the audit event
 *    (`businessUnit.merge`). Skipped when the duplicate is already merged into
 *    `intoId` (a repeat: versions are then not checked).
 * 2. Moves the duplicate's users (gsi2 `BUSINESS_UNIT_USERS#<id>`) to the kept unit:
 *    each user update conditional on still pointing at the duplicate (user version
 *    +1, the display copy and the index key follow), {@link MERGE_USERS_PER_REQUEST}
 *    at most per request.
 *
 * Download events are not touched: reads attribute them through the merge map.
 * @returns the kept unit, users moved by THIS request, and whether none is left.
 * @throws ValidationError (400, `body.intoId`) for a merge into itself.
 * @throws NotFoundError {@link BUSINESS_UNIT_NOT_FOUND_MESSAGE} for either unit.
 * @throws ConflictError (409) for a merge into a merged unit, of a unit merged
 *   elsewhere, or when a version moved.
 */
export async function mergeBusinessUnits(
  id: string,
  request: MergeBusinessUnitRequest,
  caller: Caller,
  options: MergeOptions = {},
): Promise<MergedBusinessUnit> {
  const now = options.now ?? new Date();
  if (id === request.intoId) {
    const refusal = mergeRefusal({ id, mergedIntoId: null }, { id, mergedIntoId: null });
    if (refusal?.status === 400) throw new ValidationError([{ path: refusal.path, message: refusal.message }]);
  }
  const [mergedItem, intoItem] = await Promise.all([getUnitItem(id, true), getUnitItem(request.intoId, true)]);
  if (!mergedItem || !intoItem) throw new NotFoundError(BUSINESS_UNIT_NOT_FOUND_MESSAGE);
  const merged = toBusinessUnit(mergedItem);
  let into = toBusinessUnit(intoItem);
  const refusal = mergeRefusal(merged, into);
  if (refusal?.status === 400) throw new ValidationError([{ path: refusal.path, message: refusal.message }]);
  if (refusal) throw new ConflictError(refusal.message);

  if (merged.mergedIntoId === null) {
    if (merged.version !== request.version || into.version !== request.intoVersion) {
      throw new ConflictError(BUSINESS_UNIT_CHANGED_MESSAGE);
    }
    into = await commitMerge(mergedItem, intoItem, caller, now);
  }
  const moved = await moveBusinessUnitUsers(merged.id, into, options.maxUsers ?? MERGE_USERS_PER_REQUEST);
  return { mergedId: merged.id, into, usersMoved: moved.usersMoved, complete: moved.complete };
}

/** Step 1 of a merge: the transaction. Answers the kept unit as stored after it. */
async function commitMerge(
  mergedItem: BusinessUnitItem,
  intoItem: BusinessUnitItem,
  caller: Caller,
  now: Date,
): Promise<BusinessUnit> {
  const timestamp = now.toISOString();
  const before = toBusinessUnit(mergedItem);
  const into = toBusinessUnit(intoItem);
  const mergedAfter: BusinessUnit = {
    ...before,
    mergedIntoId: into.id,
    version: before.version + 1,
    modifiedTimestamp: timestamp,
  };
  const intoAfter: BusinessUnit = { ...into, version: into.version + 1, modifiedTimestamp: timestamp };
  const mergeItem: BusinessUnitMergeItem = {
    ...businessUnitMergeKey(before.id),
    entityType: ENTITY_TYPES.businessUnitMerge,
    mergedId: before.id,
    intoId: into.id,
    timestamp,
  };
  const event = newAuditEvent({
    action: 'businessUnit.merge',
    actor: auditActorOf(caller),
    target: { type: 'businessUnit', id: before.id, name: before.name },
    before: auditFieldsOf(before),
    after: { ...auditFieldsOf(mergedAfter), mergedIntoName: into.name },
    now,
  });
  const unitUpdate = (key: TableKey, version: number, extra: string): TransactWriteItem => ({
    Update: {
      TableName: tableName(),
      Key: { ...key },
      UpdateExpression: `SET #version = :next, #modified = :modified${extra}`,
      ConditionExpression:
        'attribute_exists(#pk) AND #version = :version AND (attribute_not_exists(#mergedIntoId) OR #mergedIntoId = :null)',
      ExpressionAttributeNames: {
        '#pk': TABLE.partitionKey,
        '#version': TABLE.versionAttribute,
        '#modified': 'modifiedTimestamp',
        '#mergedIntoId': 'mergedIntoId',
        ...(extra ? { '#gsi1pk': TABLE.indexes.gsi1.partitionKey, '#gsi1sk': TABLE.indexes.gsi1.sortKey } : {}),
      },
      ExpressionAttributeValues: {
        ':next': version + 1,
        ':version': version,
        ':modified': timestamp,
        ':null': null,
        ...(extra ? { ':into': into.id } : {}),
      },
    },
  });
  // Any cancellation (a moved version, the merge item present, a concurrent transaction) is a 409.
  await transactWrite(
    [
      unitUpdate(businessUnitKey(before.id), mergedItem.version, ', #mergedIntoId = :into REMOVE #gsi1pk, #gsi1sk'),
      unitUpdate(businessUnitKey(into.id), intoItem.version, ''),
      putNewItemStep({ ...mergeItem }),
      auditPutStep(event),
    ],
    (_failed, cancellation) => new ConflictError(BUSINESS_UNIT_CHANGED_MESSAGE, { cause: cancellation }),
  );
  return intoAfter;
}

/**
 * Step 2 of a merge: moves up to `maxUsers` users of unit `fromId` (gsi2, eventually
 * consistent) to `into`, {@link MOVE_CONCURRENCY} conditional UpdateItems at a time.
 * A user who no longer points at `fromId` (moved meanwhile, or an index entry that
 * lags) is skipped. `complete` when a read of the index found no user left to move.
 */
export async function moveBusinessUnitUsers(
  fromId: string,
  into: BusinessUnit,
  maxUsers: number,
): Promise<{ usersMoved: number; complete: boolean }> {
  let usersMoved = 0;
  let attempted = 0;
  const skipped = new Set<string>();
  for (;;) {
    const page = await queryPage<{ id: string }>({
      index: 'gsi2',
      partitions: [businessUnitUsersPartition(fromId)],
      limit: 100,
    });
    const pending = page.items.map((item) => item.id).filter((userId) => !skipped.has(userId));
    if (pending.length === 0) return { usersMoved, complete: true };
    if (attempted >= maxUsers) return { usersMoved, complete: false };
    const batch = pending.slice(0, Math.min(pending.length, maxUsers - attempted));
    for (let offset = 0; offset < batch.length; offset += MOVE_CONCURRENCY) {
      const chunk = batch.slice(offset, offset + MOVE_CONCURRENCY);
      const results = await Promise.all(chunk.map((userId) => moveUser(userId, fromId, into)));
      results.forEach((moved, index) => {
        if (moved) usersMoved += 1;
        else skipped.add(chunk[index] as string);
      });
      attempted += chunk.length;
    }
  }
}

/** Moves one user from `fromId` to `into` unless they point elsewhere now; true when moved. */
async function moveUser(userId: string, fromId: string, into: BusinessUnit): Promise<boolean> {
  try {
    await dynamoDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { ...userKey(userId) },
        UpdateExpression: `SET #unitId = :into, #unit = :snapshot, #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk, #version = #version + :one, ${SESSION_EPOCH_INCREMENT}`,
        ConditionExpression: 'attribute_exists(#pk) AND #unitId = :from',
        ExpressionAttributeNames: {
          '#pk': TABLE.partitionKey,
          '#unitId': 'businessUnitId',
          '#unit': 'businessUnit',
          '#gsi2pk': TABLE.indexes.gsi2.partitionKey,
          '#gsi2sk': TABLE.indexes.gsi2.sortKey,
          '#version': TABLE.versionAttribute,
          ...SESSION_EPOCH_NAMES,
        },
        ExpressionAttributeValues: {
          ...SESSION_EPOCH_VALUES,
          ':into': into.id,
          ':from': fromId,
          ':snapshot': {
            id: into.id,
            name: into.name,
            state: into.state,
            public: into.public,
            eligibleBrands: [...into.eligibleBrands],
          },
          ...(() => {
            const key = businessUnitUsersIndexKey(into.id, userId);
            return { ':gsi2pk': key.gsi2pk, ':gsi2sk': key.gsi2sk };
          })(),
          ':one': 1,
        },
      }),
    );
    // The move changes the user's brand eligibility: their open sessions end (issue 21 item 2).
    forgetSessionEpochs([userId]);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Every merge: `merged id → kept id` (one Query of `BUSINESS_UNIT_MERGES`, all
 * pages; chains are resolved by domain/business-units.ts `resolveMerged`). Empty
 * when nothing was ever merged.
 */
export async function getMergeMap(): Promise<Map<string, string>> {
  const merges = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': BUSINESS_UNIT_MERGES_PARTITION },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of (output.Items ?? []) as BusinessUnitMergeItem[]) merges.set(item.mergedId, item.intoId);
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return merges;
}

/**
 * Upgrades a unit item of an older seed (no `eligibleBrands`, `mergedIntoId`,
 * timestamps or listing key) in place: each missing attribute set (`if_not_exists`),
 * the listing key only when the unit is not merged. Conditional on the item
 * existing; existing values are never overwritten.
 */
export async function upgradeBusinessUnitItem(fields: BusinessUnitFields, now: Date): Promise<void> {
  const listing = businessUnitNameIndexKey(fields.name, fields.id);
  const set: Record<string, unknown> = {
    eligibleBrands: [...fields.eligibleBrands],
    mergedIntoId: null,
    createdTimestamp: now.toISOString(),
    modifiedTimestamp: now.toISOString(),
    nameLower: fields.name.toLowerCase(),
    state: fields.state,
    [TABLE.indexes.gsi1.partitionKey]: listing.gsi1pk,
    [TABLE.indexes.gsi1.sortKey]: listing.gsi1sk,
  };
  const entries = Object.entries(set);
  await dynamoDocumentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { ...businessUnitKey(fields.id) },
      UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = if_not_exists(#a${i}, :a${i})`).join(', ')}`,
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: {
        '#pk': TABLE.partitionKey,
        ...Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
      },
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:a${i}`, value])),
    }),
  );
}
