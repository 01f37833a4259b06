import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CLAIM_TYPES } from '#shared/capabilities';
import type { Claim, IdentityProvider, Message, OrganizationMembership, UserSummary } from '#shared/contracts/identity';
import type { Brand } from '#shared/enums';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { batchGetItems, createItem, type Page, putNewItemStep, queryPage, tableName } from './dynamo.ts';
import {
  businessUnitKey,
  ENTITY_TYPES,
  type EntityType,
  identityKey,
  organizationKey,
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

/**
 * Access patterns of users, their upstream identities and business units (keys.ts
 * rows "user by id, with claims, subscriptions, messages", "user by upstream
 * identity", "users by e-mail", "business unit by id"). Spec §3 "Session and claims".
 */

/** Kinds of business unit (spec §3 "Chart institution kinds", as far as a school list gives them). */
export const BUSINESS_UNIT_CATEGORIES = ['K12', 'college', 'university', 'government'] as const;
export type BusinessUnitCategory = (typeof BUSINESS_UNIT_CATEGORIES)[number];

/** A business unit: the school, college or organisation a user belongs to. `state` is the two-letter US code. */
export interface BusinessUnit {
  readonly id: string;
  readonly name: string;
  readonly category: BusinessUnitCategory;
  readonly region: string;
  readonly state: string;
  /** True for a public (state-run) institution. */
  readonly public: boolean;
}

/**
 * What the entitlement rules need of a user's business unit, copied onto the user
 * item when the user is written so that signing in reads one item collection
 * (spec §1 brand eligibility; decision record 012).
 */
export type BusinessUnitSnapshot = Pick<BusinessUnit, 'id' | 'name' | 'state' | 'public'>;

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

/** A stored user: the record plus its e-mail index key. */
export interface UserItem extends UserRecord, ItemBase {
  readonly gsi1pk: string;
  readonly gsi1sk: string;
}

/** A stored business unit. */
export type BusinessUnitItem = BusinessUnit & ItemBase;

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

/** An organization (spec §7 "Organizations"): a school's or company's group of courses and people. */
export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly businessUnitId: string | null;
}

/** DynamoDB's limit of items in one TransactWriteItems. */
const TRANSACTION_MAX = 100;

/**
 * A user's whole item collection, read with ONE Query in the normal case (more only
 * when the collection exceeds DynamoDB's 1 MB page). Claims come back grouped into
 * `Claim { type, value, scopes? }` (one item per scope is stored); messages in id
 * order.
 * @returns null when there is no such user.
 */
export async function getUserAccount(userId: string): Promise<UserAccount | null> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': userPartition(userId) },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((output.Items ?? []) as Record<string, unknown>[]));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return accountOf(items);
}

/** Builds an account from the items of one user collection (exported for tests); null without the user item. */
export function accountOf(items: readonly Record<string, unknown>[]): UserAccount | null {
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
  return { user: toUserRecord(user), roles: rolesOf(claims), claims, subscriptions, messages, organizations };
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

/** The `UserSummary` contract of a stored user (admin list). */
export function toUserSummary(user: UserRecord): UserSummary {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    roles: [...user.roles],
    businessUnitId: user.businessUnitId,
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
}

/**
 * Users ordered by e-mail, lower-cased; users without one last (gsi1, one partition).
 * One Query per page in the normal case.
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listUsersByEmail(options: ListUsersOptions): Promise<Page<UserRecord>> {
  const page = await queryPage<UserItem>({
    index: 'gsi1',
    partitions: [USERS_PARTITION],
    limit: options.limit,
    pageToken: options.pageToken,
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
export function userAccountOf(account: NewUserAccount): UserAccount {
  return accountOf(itemsOf(account).items) as UserAccount;
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
  const items = [
    ...claimItemsOf(userId, claims),
    ...subscriptions.map((product) => subscriptionItemOf(userId, product)),
  ];
  if (items.length + 1 > TRANSACTION_MAX) {
    throw new RangeError(`Adding ${items.length} items to a user exceeds ${TRANSACTION_MAX}.`);
  }
  const current = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: { ...userKey(userId) }, ConsistentRead: true }),
  );
  const userItem = current.Item as UserItem | undefined;
  if (!userItem) throw new NotFoundError('User does not exist.');
  const roles = rolesOf([...account.claims, ...claims]);
  try {
    await dynamoDocumentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: { ...userKey(userId) },
              UpdateExpression: 'SET #roles = :roles, #version = #version + :one',
              ConditionExpression: 'attribute_exists(#pk) AND #version = :version',
              ExpressionAttributeNames: {
                '#pk': TABLE.partitionKey,
                '#roles': 'roles',
                '#version': TABLE.versionAttribute,
              },
              ExpressionAttributeValues: { ':roles': roles, ':one': 1, ':version': userItem.version },
            },
          },
          ...items.map((item) => putNewItemStep({ ...item })),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new ConflictError('User changed meanwhile.', { cause: error });
    }
    throw error;
  }
  return roles;
}

/** Business units by id (BatchGetItem); missing ones are absent, order undefined. */
export function getBusinessUnitsByIds(ids: readonly string[]): Promise<BusinessUnitItem[]> {
  return batchGetItems<BusinessUnitItem>(ids.map(businessUnitKey));
}

/**
 * Creates a business unit (version 1), conditional on the id being new.
 * @throws ConflictError when a business unit with this id exists.
 */
export async function createBusinessUnit(unit: BusinessUnit): Promise<BusinessUnitItem> {
  const item: BusinessUnitItem = {
    ...unit,
    ...businessUnitKey(unit.id),
    entityType: ENTITY_TYPES.businessUnit,
    version: 1,
  };
  await createItem({ ...item }, 'Business unit already exists.');
  return item;
}

/**
 * Creates an organization (conditional on its key being absent).
 * @throws ConflictError "Organization already exists." when it does.
 */
export async function createOrganization(organization: Organization): Promise<void> {
  await createItem(
    { ...organizationKey(organization.id), entityType: ENTITY_TYPES.organization, version: 1, ...organization },
    'Organization already exists.',
  );
}

/** Organizations by id (BatchGetItem); missing ones are absent, order undefined. */
export async function getOrganizationsByIds(ids: readonly string[]): Promise<Organization[]> {
  if (ids.length === 0) return [];
  const items = await batchGetItems<Organization & { entityType: string }>(ids.map(organizationKey));
  return items
    .filter((item) => item.entityType === ENTITY_TYPES.organization)
    .map((item) => ({ id: item.id, name: item.name, businessUnitId: item.businessUnitId }));
}
