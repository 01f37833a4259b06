import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CLAIM_TYPES } from '#shared/capabilities';
import type { AuditEvent } from '#shared/contracts/administration';
import type { Claim, IdentityProvider, Message, OrganizationMembership, UserSummary } from '#shared/contracts/identity';
import type { Brand } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '../domain/support.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { auditPutStep } from './audit.ts';
import type { BusinessUnit } from './business-units.ts';
import type { TransactWriteItem } from './catalog.ts';
import { organizationMemberItem } from './courses.ts';
import { batchGetItems, type Page, putNewItemStep, queryPage, tableName, transactWrite } from './dynamo.ts';
import {
  businessUnitKey,
  businessUnitUsersIndexKey,
  ENTITY_TYPES,
  type EntityType,
  identityKey,
  organizationKey,
  organizationMemberKey,
  type TableKey,
  UNSCOPED_CLAIM,
  USERS_PARTITION,
  userClaimKey,
  userEmailIndexKey,
  userKey,
  userMessageKey,
  userOrganizationKey,
  userPartition,
  userSubscriptionKey,
} from './keys.ts';
import type { Organization } from './organizations.ts';
import {
  forgetSessionEpochs,
  SESSION_EPOCH_INCREMENT,
  SESSION_EPOCH_NAMES,
  SESSION_EPOCH_VALUES,
  sessionEpochOf,
} from './sessions.ts';

/**
 * Access patterns of users and their upstream identities (keys.ts rows "user by id,
 * with claims, subscriptions, messages", "user by upstream identity", "users by
 * e-mail"). Spec §3 "Session and claims". Organizations are `organizations.ts`'s,
 * business units `business-units.ts`'s (issue 23 item 2).
 */

/**
 * A copy of the user's business unit on the user item, for display (admin lists).
 * Not the source of eligibility: sign-in and downloads read the unit record itself
 * (data/business-units.ts `withCurrentBusinessUnit`; decision records 012, 030).
 */
export type BusinessUnitSnapshot = Pick<BusinessUnit, 'id' | 'name' | 'state' | 'public'> & {
  /**
   * The unit's brands when the user was written (display only: sign-in and downloads
   * read the unit itself, data/business-units.ts `withCurrentBusinessUnit`).
   */
  readonly eligibleBrands?: readonly Brand[];
};

/**
 * A user of the portal. `ranges` names the ranges (brands) the person is a user of;
 * `roles` repeats the values of the user's `role` claims for the admin list (the
 * claims are the source of truth; {@link getUserAccount} derives roles from them).
 * `createdTimestamp` is ISO 8601 UTC.
 */
export interface UserRecord {
  readonly id: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly picture: string | null;
  readonly businessUnitId: string | null;
  readonly businessUnit: BusinessUnitSnapshot | null;
  readonly ranges: readonly Brand[];
  readonly roles: readonly string[];
  readonly createdTimestamp: string;
}

interface ItemBase extends TableKey {
  readonly entityType: EntityType;
  readonly version: number;
}

/**
 * A stored user: the record plus its e-mail index key, the users-by-business-unit
 * key (absent without a unit) and {@link USER_SEARCH_ATTRIBUTE}.
 */
export interface UserItem extends UserRecord, ItemBase {
  readonly gsi1pk: string;
  readonly gsi1sk: string;
  readonly gsi2pk?: string;
  readonly gsi2sk?: string;
  readonly searchText?: string;
}

/**
 * The user item's attribute that the admin search reads: display name and e-mail
 * address, lower-cased, one line each ({@link userSearchText}). Users without it (an
 * item written before issue 11) are found only once they are written again.
 */
export const USER_SEARCH_ATTRIBUTE = 'searchText';

/** The search text of a user (pure): `<display name>\n<e-mail>`, lower-cased. */
export function userSearchText(displayName: string, email: string | null): string {
  return `${displayName}\n${email ?? ''}`.toLowerCase();
}

interface ClaimItem extends ItemBase {
  readonly type: string;
  readonly value: string;
  /** One scope of the claim, or `*` for an unscoped claim. */
  readonly scope: string;
}

interface SubscriptionItem extends ItemBase {
  readonly product: string;
}

interface MessageItem extends ItemBase {
  readonly id: string;
  readonly message: string;
  readonly link: string | null;
}

interface IdentityItem extends ItemBase {
  readonly provider: IdentityProvider;
  readonly subject: string;
  readonly userId: string;
}

/** A user with everything of their item collection (spec §3 "Session and claims"). */
export interface UserAccount {
  readonly user: UserRecord;
  /** Values of the user's `role` claims. */
  readonly roles: string[];
  readonly claims: Claim[];
  /** Products the user is subscribed to (e.g. `coursewareFeature`). */
  readonly subscriptions: string[];
  readonly messages: Message[];
  /** Organizations the user belongs to, with the user's roles in each. */
  readonly organizations: OrganizationMembership[];
}

/** An account as read from the table, with the user item's optimistic-locking version (every change increments it). */
export interface VersionedUserAccount extends UserAccount {
  readonly version: number;
  /**
   * The user's session epoch (data/sessions.ts; issue 21 item 2): tokens signed with
   * a lower one are refused. 0 for a user never changed since issue 21.
   */
  readonly sessionEpoch: number;
}

/** An upstream identity (provider and its subject) that signs in as a user. */
export interface IdentityLink {
  readonly provider: IdentityProvider;
  readonly subject: string;
}

/** Everything written for a new user: the record, its claims, subscriptions, messages and identity links. */
export interface NewUserAccount {
  readonly user: Omit<UserRecord, 'roles'>;
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
  readonly messages: readonly Message[];
  readonly organizations: readonly OrganizationMembership[];
  readonly identities: readonly IdentityLink[];
}

/** DynamoDB's limit of items in one TransactWriteItems. */
const TRANSACTION_MAX = 100;

/**
 * A user's whole item collection, read with ONE Query in the normal case (more only
 * when the collection exceeds DynamoDB's 1 MB page). Claims come back grouped into
 * `Claim { type, value, scopes? }` (one item per scope is stored); messages in id
 * order. `consistent` reads strongly consistently (what a version-checked change
 * computes its writes from).
 * @returns null when there is no such user.
 */
export async function getUserAccount(
  userId: string,
  options: { readonly consistent?: boolean } = {},
): Promise<VersionedUserAccount | null> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': userPartition(userId) },
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as Record<string, unknown>[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return accountOf(items);
}

/** Builds an account from the items of one user collection (exported for tests); null without the user item. */
export function accountOf(items: readonly Record<string, unknown>[]): VersionedUserAccount | null {
  const ofType = <T>(entityType: EntityType): T[] =>
    items.filter((item) => item.entityType === entityType) as unknown as T[];
  const [user] = ofType<UserItem>(ENTITY_TYPES.user);
  if (!user) return null;
  const claims = groupClaims(ofType<ClaimItem>(ENTITY_TYPES.userClaim));
  const subscriptions = ofType<SubscriptionItem>(ENTITY_TYPES.subscription)
    .map((item) => item.product)
    .sort();
  const messages = ofType<MessageItem>(ENTITY_TYPES.message).map(
    (item): Message => ({ id: item.id, message: item.message, link: item.link }),
  );
  const organizations = ofType<OrganizationMembership & { entityType: string }>(ENTITY_TYPES.organizationMembership)
    .map((item): OrganizationMembership => ({ id: item.id, name: item.name, roles: [...item.roles] }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    user: toUserRecord(user),
    roles: rolesOf(claims),
    claims,
    subscriptions,
    messages,
    organizations,
    version: user.version,
    sessionEpoch: sessionEpochOf(user as unknown as Record<string, unknown>),
  };
}

/** The values of the `role` claims (spec §6 "Valid login needs the USER role claim"). */
export function rolesOf(claims: readonly Claim[]): string[] {
  return [...new Set(claims.filter((claim) => claim.type === CLAIM_TYPES.role).map((claim) => claim.value))];
}

/** Claims from their per-scope items: an unscoped item (`*`) makes the whole claim unscoped. */
function groupClaims(items: readonly ClaimItem[]): Claim[] {
  const grouped = new Map<string, { type: string; value: string; scopes: string[] | undefined }>();
  for (const item of items) {
    const key = `${item.type}\u0000${item.value}`;
    const claim = grouped.get(key) ?? { type: item.type, value: item.value, scopes: [] };
    if (item.scope === UNSCOPED_CLAIM) claim.scopes = undefined;
    else if (claim.scopes && !claim.scopes.includes(item.scope)) claim.scopes.push(item.scope);
    grouped.set(key, claim);
  }
  return [...grouped.values()].map(({ type, value, scopes }) => (scopes ? { type, value, scopes } : { type, value }));
}

function toUserRecord(item: UserItem): UserRecord {
  return {
    id: item.id,
    displayName: item.displayName,
    email: item.email,
    picture: item.picture,
    businessUnitId: item.businessUnitId,
    businessUnit: item.businessUnit,
    ranges: item.ranges,
    roles: item.roles,
    createdTimestamp: item.createdTimestamp,
  };
}

/**
 * The `UserSummary` contract of a stored user (admin list): the business unit's name
 * is the copy on the user item (`businessUnit`), null without a unit.
 */
export function toUserSummary(user: UserRecord): UserSummary {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    roles: [...user.roles],
    businessUnitId: user.businessUnitId,
    businessUnitName: user.businessUnitId === null ? null : (user.businessUnit?.name ?? null),
    createdTimestamp: user.createdTimestamp,
  };
}

/**
 * The user an upstream identity signs in as (one GetItem), or null when the identity
 * is linked to no user.
 */
export async function getUserIdByIdentity(provider: IdentityProvider, subject: string): Promise<string | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: { ...identityKey(provider, subject) } }),
  );
  const item = output.Item as IdentityItem | undefined;
  return item?.userId ?? null;
}

/** Whether a user is subscribed to `product` (one GetItem of the subscription item). */
export async function isSubscribed(userId: string, product: string): Promise<boolean> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: { ...userSubscriptionKey(userId, product) } }),
  );
  return output.Item !== undefined;
}

/** Options of {@link listUsersByEmail}. */
export interface ListUsersOptions {
  readonly limit: number;
  readonly pageToken?: string | undefined;
  /** Text found anywhere in the display name or e-mail address, case-insensitively. */
  readonly q?: string | undefined;
}

/**
 * Users ordered by e-mail, lower-cased; users without one last (gsi1, one partition).
 * One Query per page in the normal case. With `q`, a FilterExpression keeps the users
 * whose {@link USER_SEARCH_ATTRIBUTE} contains `q` lower-cased: the Queries read the
 * partition in pages of `limit` until `limit` users match or it ends (a search that
 * finds little reads the whole partition: about 600 bytes a user, so 10,000 users
 * are 6 MB, some 750 read units and 100 Queries of 100; decision record 030).
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listUsersByEmail(options: ListUsersOptions): Promise<Page<UserRecord>> {
  const q = options.q?.trim().toLowerCase();
  const page = await queryPage<UserItem>({
    index: 'gsi1',
    partitions: [USERS_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
    ...(q
      ? {
          filter: {
            expression: 'contains(#search, :q)',
            names: { '#search': USER_SEARCH_ATTRIBUTE },
            values: { ':q': q },
          },
        }
      : {}),
  });
  return { items: page.items.map(toUserRecord), nextPageToken: page.nextPageToken };
}

/**
 * Every user whose e-mail address is `email` (case-insensitive, trimmed): Queries of
 * the users-by-e-mail index (gsi1) for the sort-key prefix `<email>#`, all pages.
 * Used by the first-administrator tool (`infra/tools/first-admin.ts`).
 */
export async function getUsersByEmail(email: string): Promise<UserRecord[]> {
  const prefix = userEmailIndexKey(email.trim(), '').gsi1sk;
  const users: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await queryPage<UserItem>({
      index: 'gsi1',
      partitions: [USERS_PARTITION],
      sortKey: {
        expression: 'begins_with(#sk, :prefix)',
        names: { '#sk': TABLE.indexes.gsi1.sortKey },
        values: { ':prefix': prefix },
      },
      limit: 100,
      pageToken,
    });
    users.push(...page.items.map(toUserRecord));
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return users;
}

/** Users by id (BatchGetItem; the user items only); missing ones are absent, order undefined. */
export async function getUsersByIds(ids: readonly string[]): Promise<UserRecord[]> {
  return (await batchGetItems<UserItem>(ids.map(userKey))).map(toUserRecord);
}

/**
 * The account {@link getUserAccount} reads once `account` is stored (pure): claims
 * grouped as stored, roles from the role claims.
 */
export function userAccountOf(account: NewUserAccount): VersionedUserAccount {
  return accountOf(itemsOf(account).items) as VersionedUserAccount;
}

/** The stored items of `claims` (one per scope, `*` when unscoped; spec §6), version 1. */
function claimItemsOf(userId: string, claims: readonly Claim[]): ClaimItem[] {
  return claims.flatMap((claim) =>
    (claim.scopes && claim.scopes.length > 0 ? claim.scopes : [undefined]).map((scope) => ({
      ...userClaimKey(userId, claim.type, claim.value, scope),
      entityType: ENTITY_TYPES.userClaim,
      version: 1,
      type: claim.type,
      value: claim.value,
      scope: scope ?? UNSCOPED_CLAIM,
    })),
  );
}

/** The stored item of a subscription to `product`, version 1. */
function subscriptionItemOf(userId: string, product: string): SubscriptionItem {
  return { ...userSubscriptionKey(userId, product), entityType: ENTITY_TYPES.subscription, version: 1, product };
}

/** The items of a new account, each key once: the user item first, identity links last. */
function itemsOf(account: NewUserAccount): { items: Record<string, unknown>[]; identityCount: number } {
  const userId = account.user.id;
  const base = (key: TableKey, entityType: EntityType) => ({ ...key, entityType, version: 1 });
  const record: UserRecord = { ...account.user, roles: rolesOf(account.claims) };
  const userItem: UserItem = {
    ...record,
    ...base(userKey(userId), ENTITY_TYPES.user),
    ...userEmailIndexKey(record.email, userId),
    ...(record.businessUnitId ? businessUnitUsersIndexKey(record.businessUnitId, userId) : {}),
    searchText: userSearchText(record.displayName, record.email),
  };
  const claimItems = claimItemsOf(userId, account.claims);
  const subscriptionItems = account.subscriptions.map((product) => subscriptionItemOf(userId, product));
  const messageItems: MessageItem[] = account.messages.map((message) => ({
    ...base(userMessageKey(userId, message.id), ENTITY_TYPES.message),
    ...message,
  }));
  const membershipItems = account.organizations.map((membership) => ({
    ...base(userOrganizationKey(userId, membership.id), ENTITY_TYPES.organizationMembership),
    ...membership,
  }));
  const identityItems: IdentityItem[] = account.identities.map((identity) => ({
    ...base(identityKey(identity.provider, identity.subject), ENTITY_TYPES.identity),
    ...identity,
    userId,
  }));
  // A transaction may touch each item once: a claim named twice is stored once.
  const unique = (items: readonly TableKey[]) => [
    ...new Map(items.map((item) => [`${item.pk}\u0000${item.sk}`, { ...item } as Record<string, unknown>])).values(),
  ];
  const identities = unique(identityItems);
  return {
    items: [
      ...unique([userItem, ...claimItems, ...subscriptionItems, ...messageItems, ...membershipItems]),
      ...identities,
    ],
    identityCount: identities.length,
  };
}

/**
 * Creates a user with its claims (one item per scope, `*` when unscoped),
 * subscriptions, messages and identity links in ONE TransactWriteItems, each item
 * conditional on its key being absent, so a user never exists half-written. The
 * user item gets version 1, its e-mail index key and `roles` from its role claims.
 * @returns the account as {@link getUserAccount} will read it.
 * @throws ConflictError when the user exists ("User already exists.") or one of the
 *   identities is linked already ("Identity is already linked.").
 * @throws RangeError when the account needs more than 100 items.
 */
export async function createUserAccount(account: NewUserAccount): Promise<UserAccount> {
  const { items, identityCount } = itemsOf(account);
  if (items.length > TRANSACTION_MAX) {
    throw new RangeError(`A user account of ${items.length} items exceeds ${TRANSACTION_MAX}.`);
  }
  try {
    await dynamoDocumentClient.send(new TransactWriteCommand({ TransactItems: items.map(putNewItemStep) }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') {
        throw new ConflictError('User already exists.', { cause: error });
      }
      const identityStart = items.length - identityCount;
      if (reasons.slice(identityStart).some((reason) => reason?.Code === 'ConditionalCheckFailed')) {
        throw new ConflictError('Identity is already linked.', { cause: error });
      }
    }
    throw error;
  }
  return accountOf(items) as UserAccount;
}

/** Message of the 409 when the user item's version moved between the read and the write. */
export const USER_CHANGED_MESSAGE = 'User changed meanwhile.';

/**
 * One version-checked write of a user's item collection: the user item is updated
 * (`set` attributes, `remove` attributes, version + 1, session epoch + 1) on
 * condition that it exists with `version`; `steps` follow it in the same
 * TransactWriteItems (claim and subscription items, memberships, the audit event).
 * Every writer of a user's claims, subscriptions and memberships bumps the version,
 * so the condition guards them all, and the session epoch, so the user's open
 * sessions end (issue 21 item 2; decision record 032).
 */
interface UserWrite {
  readonly userId: string;
  readonly version: number;
  readonly set: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
  readonly steps: readonly TransactWriteItem[];
  /** The error for a cancellation whose first failed step is `steps[index]` (default: {@link USER_CHANGED_MESSAGE}). */
  readonly stepConflict?: (index: number) => Error | null;
}

/**
 * Sends a {@link UserWrite} as ONE TransactWriteItems (user update first).
 * @throws ConflictError "User changed meanwhile." when the user item's condition or
 *   a step's condition fails (or `stepConflict`'s error for a step).
 * @throws RangeError when the write needs more than 100 items.
 */
async function writeUser(write: UserWrite): Promise<void> {
  const total = write.steps.length + 1;
  if (total > TRANSACTION_MAX) throw new RangeError(`A user write of ${total} items exceeds ${TRANSACTION_MAX}.`);
  const names: Record<string, string> = {
    '#pk': TABLE.partitionKey,
    '#version': TABLE.versionAttribute,
    ...SESSION_EPOCH_NAMES,
  };
  const values: Record<string, unknown> = { ':one': 1, ':version': write.version, ...SESSION_EPOCH_VALUES };
  const assignments = Object.entries(write.set).map(([attribute, value], index) => {
    names[`#s${index}`] = attribute;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  const removals = (write.remove ?? []).map((attribute, index) => {
    names[`#r${index}`] = attribute;
    return `#r${index}`;
  });
  const update: TransactWriteItem = {
    Update: {
      TableName: tableName(),
      Key: { ...userKey(write.userId) },
      UpdateExpression: `SET ${[...assignments, '#version = #version + :one', SESSION_EPOCH_INCREMENT].join(', ')}${
        removals.length > 0 ? ` REMOVE ${removals.join(', ')}` : ''
      }`,
      ConditionExpression: 'attribute_exists(#pk) AND #version = :version',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  await transactWrite(
    [update, ...write.steps],
    (failed, cancellation) =>
      (failed > 0 ? write.stepConflict?.(failed - 1) : null) ??
      new ConflictError(USER_CHANGED_MESSAGE, { cause: cancellation }),
  );
  forgetSessionEpochs([write.userId]);
}

/** The Delete step of an item of a user's collection (unconditional: the user item's version guards it). */
function deleteStep(key: TableKey): TransactWriteItem {
  return { Delete: { TableName: tableName(), Key: { pk: key.pk, sk: key.sk } } };
}

/** The Put step of an item (unconditional: it replaces what the version-checked read saw). */
function putStep(item: Record<string, unknown>): TransactWriteItem {
  return { Put: { TableName: tableName(), Item: { ...item } } };
}

/**
 * Adds `claims` (one item per scope) and `subscriptions` to the existing user
 * `account.user.id`, and sets the user item's `roles` from its claims old and new,
 * in ONE TransactWriteItems: the user item's version must be the one read here
 * (consistent read) and every new item's key absent, so a concurrent change leaves
 * nothing written. Callers pass only what the user lacks (`account` as
 * {@link getUserAccount} read it). Used by the first-administrator tool
 * (`infra/tools/first-admin.ts`).
 * @returns the user's roles after the write.
 * @throws NotFoundError "User does not exist." when the user item is gone.
 * @throws ConflictError "User changed meanwhile." when the version moved or an item exists.
 * @throws RangeError when the write needs more than 100 items.
 */
export async function addUserClaims(
  account: UserAccount,
  claims: readonly Claim[],
  subscriptions: readonly string[],
): Promise<string[]> {
  const userId = account.user.id;
  const items = rightsItemsOf(userId, { claims, subscriptions });
  if (items.length + 1 > TRANSACTION_MAX) {
    throw new RangeError(`Adding ${items.length} items to a user exceeds ${TRANSACTION_MAX}.`);
  }
  const current = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: { ...userKey(userId) }, ConsistentRead: true }),
  );
  const userItem = current.Item as UserItem | undefined;
  if (!userItem) throw new NotFoundError('User does not exist.');
  const roles = rolesOf([...account.claims, ...claims]);
  await writeUser({
    userId,
    version: userItem.version,
    set: { roles },
    steps: items.map((item) => putNewItemStep({ ...item })),
  });
  return roles;
}

/**
 * The TransactWriteItems steps that create `account` as {@link createUserAccount}
 * writes it (each item put-if-absent, the user item first), for a caller that
 * creates a user inside its own transaction (accepting an invitation, decision
 * record 030); with the account {@link getUserAccount} will read.
 * @throws RangeError when the account needs more than `maxItems` items.
 */
export function newUserAccountSteps(
  account: NewUserAccount,
  maxItems = TRANSACTION_MAX,
): { steps: TransactWriteItem[]; account: UserAccount } {
  const { items } = itemsOf(account);
  if (items.length > maxItems) throw new RangeError(`A user account of ${items.length} items exceeds ${maxItems}.`);
  return { steps: items.map(putNewItemStep), account: accountOf(items) as UserAccount };
}

/**
 * The TransactWriteItems steps that give the existing user `account` more rights and
 * an organization membership (accepting an invitation, decision record 030): the
 * user item's `roles` from its claims old and new, conditional on `account.version`
 * (and bumped); each new claim-scope and subscription item put-if-absent (pass only
 * what the user lacks); the membership item of the user's collection put with
 * `membership` (its roles are the caller's union of old and new).
 */
export function userGrantSteps(
  account: VersionedUserAccount,
  claims: readonly Claim[],
  subscriptions: readonly string[],
  membership: OrganizationMembership,
): TransactWriteItem[] {
  const userId = account.user.id;
  const roles = rolesOf([...account.claims, ...claims]);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { ...userKey(userId) },
        UpdateExpression: 'SET #roles = :roles, #version = #version + :one',
        ConditionExpression: 'attribute_exists(#pk) AND #version = :version',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#roles': 'roles', '#version': TABLE.versionAttribute },
        ExpressionAttributeValues: { ':roles': roles, ':one': 1, ':version': account.version },
      },
    },
    ...rightsItemsOf(userId, { claims, subscriptions }).map((item) => putNewItemStep({ ...item })),
    putStep({
      ...userOrganizationKey(userId, membership.id),
      entityType: ENTITY_TYPES.organizationMembership,
      version: 1,
      ...membership,
    }),
  ];
}

/** A user's rights as an administrator edits them (spec §3 "Session and claims"; issue 11 item 2). */
export interface UserRights {
  /** Every claim (roles are `role` claims); one stored item per scope. */
  readonly claims: readonly Claim[];
  /** Product subscriptions, e.g. `coursewareFeature`. */
  readonly subscriptions: readonly string[];
  /** The ranges (brands) the user is a user of. */
  readonly ranges: readonly Brand[];
}

/** The claim and subscription items of `rights` (pure), each key once. */
function rightsItemsOf(
  userId: string,
  rights: Pick<UserRights, 'claims' | 'subscriptions'>,
): (ClaimItem | SubscriptionItem)[] {
  const items = [
    ...claimItemsOf(userId, rights.claims),
    ...rights.subscriptions.map((product) => subscriptionItemOf(userId, product)),
  ];
  return [...new Map(items.map((item) => [`${item.pk}\u0000${item.sk}`, item])).values()];
}

/** What replacing a user's rights writes: the items to put and the keys to delete. */
export interface RightsChangePlan {
  readonly put: readonly Record<string, unknown>[];
  readonly remove: readonly TableKey[];
  /** Items of the TransactWriteItems: the user item, the puts, the deletes, the audit event. */
  readonly transactionItems: number;
}

/**
 * The items that replace `before` by `after` (pure): a claim scope or a subscription
 * that is in both stays untouched; one that goes is deleted, one that comes is put.
 * `transactionItems` counts the user item and one audit event too (DynamoDB's
 * limit is 100).
 */
export function planRightsChange(
  userId: string,
  before: Pick<UserRights, 'claims' | 'subscriptions'>,
  after: Pick<UserRights, 'claims' | 'subscriptions'>,
): RightsChangePlan {
  const keyOf = (item: TableKey) => `${item.pk}\u0000${item.sk}`;
  const old = new Map(rightsItemsOf(userId, before).map((item) => [keyOf(item), item]));
  const next = new Map(rightsItemsOf(userId, after).map((item) => [keyOf(item), item]));
  const put = [...next].filter(([key]) => !old.has(key)).map(([, item]) => ({ ...item }));
  const remove = [...old].filter(([key]) => !next.has(key)).map(([, item]) => ({ pk: item.pk, sk: item.sk }));
  return { put, remove, transactionItems: put.length + remove.length + 2 };
}

/**
 * The account `account` becomes with `rights` (pure): claims grouped as stored,
 * roles from them, subscriptions once each and sorted, version + 1.
 */
export function accountWithRights(account: VersionedUserAccount, rights: UserRights): VersionedUserAccount {
  // In sort-key order, as a Query of the collection reads them back.
  const items = claimItemsOf(account.user.id, rights.claims).sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  const claims = groupClaims(items);
  const roles = rolesOf(claims);
  return {
    ...account,
    user: { ...account.user, ranges: [...rights.ranges], roles },
    roles,
    claims,
    subscriptions: [...new Set(rights.subscriptions)].sort(),
    version: account.version + 1,
    sessionEpoch: account.sessionEpoch + 1,
  };
}

/**
 * Replaces a user's claims, subscriptions and ranges (issue 11 item 2; spec §3, §6
 * "edit") in ONE TransactWriteItems with `audit`: deletes the claim-scope and
 * subscription items that go, puts those that come, and updates the user item
 * (`roles` from the role claims, `ranges`, version + 1) on condition of
 * `account.version`. `account` must have been read consistently
 * ({@link getUserAccount} `consistent`): the plan is computed from it.
 * @returns the account after the change.
 * @throws ConflictError "User changed meanwhile." when the version moved.
 * @throws RangeError when the write needs more than 100 items (check {@link planRightsChange} first).
 */
export async function replaceUserRights(
  account: VersionedUserAccount,
  rights: UserRights,
  audit: AuditEvent,
): Promise<VersionedUserAccount> {
  const plan = planRightsChange(account.user.id, account, rights);
  const after = accountWithRights(account, rights);
  await writeUser({
    userId: account.user.id,
    version: account.version,
    set: { roles: after.roles, ranges: [...rights.ranges] },
    steps: [...plan.put.map(putStep), ...plan.remove.map(deleteStep), auditPutStep(audit)],
  });
  return after;
}

/** What a user item copies of its business unit (display, and the users-by-unit index). */
export interface BusinessUnitPlacement {
  readonly id: string;
  readonly snapshot: BusinessUnitSnapshot;
}

/** Message of the 409 when the business unit was merged or removed between the read and the move. */
export const BUSINESS_UNIT_CHANGED_MESSAGE = 'Business unit changed meanwhile.';

/**
 * Moves a user to business unit `unit` (or none: null) in ONE TransactWriteItems
 * with `audit` (issue 11 item 2): sets `businessUnitId` and the `businessUnit` copy
 * and the users-by-business-unit key (gsi2; REMOVEd for none) on condition of
 * `account.version`; a ConditionCheck keeps the unit existing and not merged.
 * @returns the account after the move.
 * @throws ConflictError "User changed meanwhile." / "Business unit changed meanwhile.".
 */
export async function moveUserBusinessUnit(
  account: VersionedUserAccount,
  unit: BusinessUnitPlacement | null,
  audit: AuditEvent,
): Promise<VersionedUserAccount> {
  const userId = account.user.id;
  const { gsi2 } = TABLE.indexes;
  const steps: TransactWriteItem[] = [auditPutStep(audit)];
  if (unit) {
    steps.unshift({
      ConditionCheck: {
        TableName: tableName(),
        Key: { ...businessUnitKey(unit.id) },
        ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(#merged) OR #merged = :null)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#merged': 'mergedIntoId' },
        ExpressionAttributeValues: { ':null': null },
      },
    });
  }
  await writeUser({
    userId,
    version: account.version,
    set: unit
      ? {
          businessUnitId: unit.id,
          businessUnit: { ...unit.snapshot },
          ...businessUnitUsersIndexKey(unit.id, userId),
        }
      : { businessUnitId: null, businessUnit: null },
    remove: unit ? [] : [gsi2.partitionKey, gsi2.sortKey],
    steps,
    stepConflict: (index) => (unit && index === 0 ? new ConflictError(BUSINESS_UNIT_CHANGED_MESSAGE) : null),
  });
  return {
    ...account,
    user: {
      ...account.user,
      businessUnitId: unit?.id ?? null,
      businessUnit: unit ? { ...unit.snapshot } : null,
    },
    version: account.version + 1,
    sessionEpoch: account.sessionEpoch + 1,
  };
}

/**
 * Moves a user to another team (spec §6 "move team"; issue 11 item 2) in ONE
 * TransactWriteItems with `audit`: leaves `fromId` (null: only joins) — the
 * membership item of the user's collection and the organization's roster item
 * (`MEMBER#<userId>`) are deleted — and joins `to` with `roles`, both items put; the
 * user item's version is checked and bumped, a ConditionCheck keeps `to` existing.
 * `fromId` equal to `to.id` changes the roles in that organization.
 * @returns the account after the move.
 * @throws ConflictError "User changed meanwhile." when the version moved.
 * @throws NotFoundError "Organization does not exist." when `to` vanished meanwhile.
 */
export async function moveUserOrganization(
  account: VersionedUserAccount,
  fromId: string | null,
  to: Organization,
  roles: readonly string[],
  audit: AuditEvent,
): Promise<VersionedUserAccount> {
  const userId = account.user.id;
  const membership: OrganizationMembership = { id: to.id, name: to.name, roles: [...roles] };
  const leaving = fromId !== null && fromId !== to.id;
  const steps: TransactWriteItem[] = [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: { ...organizationKey(to.id) },
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
    },
    ...(leaving
      ? [deleteStep(userOrganizationKey(userId, fromId)), deleteStep(organizationMemberKey(fromId, userId))]
      : []),
    putStep({
      ...userOrganizationKey(userId, to.id),
      entityType: ENTITY_TYPES.organizationMembership,
      version: 1,
      ...membership,
    }),
    putStep(organizationMemberItem(to.id, { userId, roles: [...roles] })),
    auditPutStep(audit),
  ];
  await writeUser({
    userId,
    version: account.version,
    set: {},
    steps,
    stepConflict: (index) => (index === 0 ? new NotFoundError(ORGANIZATION_NOT_FOUND_MESSAGE) : null),
  });
  const organizations = [
    ...account.organizations.filter((item) => item.id !== to.id && !(leaving && item.id === fromId)),
    membership,
  ].sort((a, b) => a.name.localeCompare(b.name));
  return { ...account, organizations, version: account.version + 1, sessionEpoch: account.sessionEpoch + 1 };
}
