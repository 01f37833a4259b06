import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEvent, InvitationRole, InvitationStatus } from '#shared/contracts/administration';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import type { StoredInvitationStatus } from '../domain/invitations.ts';
import { ConflictError } from '../lib/errors.ts';
import { auditPutStep } from './audit.ts';
import type { TransactWriteItem } from './catalog.ts';
import { listOrganizationMembers } from './courses.ts';
import { batchGetItems, type Page, putNewItemStep, queryPage, tableName, transactWrite } from './dynamo.ts';
import {
  ENTITY_TYPES,
  INVITATIONS_PARTITION,
  invitationIndexKeys,
  invitationKey,
  organizationInvitationsPartition,
  organizationMemberKey,
  outboxMessageKey,
  pendingInvitationGuardKey,
  type TableKey,
} from './keys.ts';
import { type OutboxItem, type OutboxRecord, outboxItemOf } from './messages.ts';
import { getUsersByEmail, getUsersByIds } from './users.ts';

/**
 * Invitations (issue 11 item 3; decision record 030; keys.ts rows "invitation by
 * id", "invitations of one organization", "every invitation", "at most one pending
 * invitation per e-mail and organization"). Every change is ONE TransactWriteItems
 * with its audit event and, when an e-mail goes out, the outbox message that carries
 * it (stored first, sent after the transaction: decision record 025).
 */

/** An invitation as stored. Only the hash of the link's secret is kept. */
export interface InvitationRecord {
  readonly id: string;
  /** Lower-cased. */
  readonly email: string;
  readonly displayName: string | null;
  readonly organization: { readonly id: string; readonly name: string };
  readonly role: InvitationRole;
  readonly status: StoredInvitationStatus;
  readonly secretHash: string;
  readonly invitedBy: { readonly id: string; readonly displayName: string };
  readonly createdTimestamp: string;
  readonly expiresTimestamp: string;
  readonly sentCount: number;
  readonly lastSentTimestamp: string;
  /** The outbox message of the last e-mail (its `emailStatus` says whether it went out). */
  readonly outboxMessageId: string;
  readonly acceptedTimestamp: string | null;
  readonly acceptedUserId: string | null;
  readonly importId: string | null;
  readonly version: number;
}

type InvitationItem = InvitationRecord &
  TableKey & { readonly entityType: typeof ENTITY_TYPES.invitation } & ReturnType<typeof invitationIndexKeys>;

/** Message of the 409 for a second pending invitation of the same address to the same organization. */
export const PENDING_INVITATION_EXISTS_MESSAGE =
  'This e-mail address already has a pending invitation to this organization. Re-invite it instead.';
/** Message of the 409 when an invitation changed between the read and the write. */
export const INVITATION_CHANGED_MESSAGE = 'The invitation changed meanwhile. Reload and try again.';

function itemOf(record: InvitationRecord): InvitationItem {
  return {
    ...record,
    ...invitationKey(record.id),
    ...invitationIndexKeys(record.organization.id, record.createdTimestamp, record.id),
    entityType: ENTITY_TYPES.invitation,
  };
}

function recordOf(item: InvitationItem): InvitationRecord {
  return {
    id: item.id,
    email: item.email,
    displayName: item.displayName,
    organization: { id: item.organization.id, name: item.organization.name },
    role: item.role,
    status: item.status,
    secretHash: item.secretHash,
    invitedBy: { id: item.invitedBy.id, displayName: item.invitedBy.displayName },
    createdTimestamp: item.createdTimestamp,
    expiresTimestamp: item.expiresTimestamp,
    sentCount: item.sentCount,
    lastSentTimestamp: item.lastSentTimestamp,
    outboxMessageId: item.outboxMessageId,
    acceptedTimestamp: item.acceptedTimestamp,
    acceptedUserId: item.acceptedUserId,
    importId: item.importId,
    version: item.version,
  };
}

/**
 * The steps that store a new invitation (version 1) with its pending guard and its
 * e-mail, all put-if-absent; the guard's failure means a pending invitation of the
 * same address to the same organization exists. The outbox message is held until
 * `outbox.leaseUntil` so the re-sender leaves it to the writer.
 */
export function newInvitationSteps(
  record: InvitationRecord,
  outbox: Omit<OutboxRecord<'invitationEmail'>, 'emailStatus'>,
): { steps: TransactWriteItem[]; outboxItem: OutboxItem<'invitationEmail'> } {
  const outboxItem = outboxItemOf(outbox);
  return {
    steps: [
      putNewItemStep({ ...itemOf(record) }),
      putNewItemStep({
        ...pendingInvitationGuardKey(record.organization.id, record.email),
        entityType: ENTITY_TYPES.invitationGuard,
        version: 1,
        invitationId: record.id,
      }),
      putNewItemStep({ ...outboxItem }),
    ],
    outboxItem,
  };
}

/**
 * Stores a new invitation, its pending guard, its e-mail and `audit` in ONE
 * TransactWriteItems.
 * @returns the stored outbox message (to send now).
 * @throws ConflictError {@link PENDING_INVITATION_EXISTS_MESSAGE} when the address has
 *   a pending invitation to the organization.
 */
export async function createInvitation(
  record: InvitationRecord,
  outbox: Omit<OutboxRecord<'invitationEmail'>, 'emailStatus'>,
  audit: AuditEvent,
): Promise<OutboxItem<'invitationEmail'>> {
  const { steps, outboxItem } = newInvitationSteps(record, outbox);
  await transactWrite([...steps, auditPutStep(audit)], (index) =>
    index === 1 ? new ConflictError(PENDING_INVITATION_EXISTS_MESSAGE) : null,
  );
  return outboxItem;
}

/** One invitation by id (strongly consistent), or null. */
export async function getInvitation(id: string): Promise<InvitationRecord | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: invitationKey(id), ConsistentRead: true }),
  );
  const item = output.Item as InvitationItem | undefined;
  return item && item.entityType === ENTITY_TYPES.invitation ? recordOf(item) : null;
}

/** The id of the pending invitation of `email` to `organizationId` (its guard), or null. */
export async function getPendingInvitationId(organizationId: string, email: string): Promise<string | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: pendingInvitationGuardKey(organizationId, email),
      ConsistentRead: true,
    }),
  );
  return (output.Item?.invitationId as string | undefined) ?? null;
}

/** The addresses (lower-cased) among `emails` that have a pending invitation to `organizationId` (BatchGetItem). */
export async function pendingInvitationEmails(organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  const keys = emails.map((email) => pendingInvitationGuardKey(organizationId, email));
  const items = await batchGetItems<{ pk: string }>(keys, ['pk']);
  const found = new Set(items.map((item) => item.pk));
  return new Set(emails.filter((email) => found.has(pendingInvitationGuardKey(organizationId, email).pk)));
}

/** The Update step of an invitation conditional on it being pending at `version`. */
function pendingUpdateStep(
  record: InvitationRecord,
  set: Readonly<Record<string, unknown>>,
  extraCondition?: { expression: string; values: Record<string, unknown> },
): TransactWriteItem {
  const names: Record<string, string> = {
    '#pk': TABLE.partitionKey,
    '#version': TABLE.versionAttribute,
    '#status': 'status',
  };
  const values: Record<string, unknown> = { ':one': 1, ':version': record.version, ':pending': 'pending' };
  const assignments = Object.entries(set).map(([attribute, value], index) => {
    names[`#s${index}`] = attribute;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: invitationKey(record.id),
      UpdateExpression: `SET ${[...assignments, '#version = #version + :one'].join(', ')}`,
      ConditionExpression: `attribute_exists(#pk) AND #version = :version AND #status = :pending${
        extraCondition ? ` AND ${extraCondition.expression}` : ''
      }`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ...extraCondition?.values },
    },
  };
}

function guardDeleteStep(record: InvitationRecord): TransactWriteItem {
  return { Delete: { TableName: tableName(), Key: pendingInvitationGuardKey(record.organization.id, record.email) } };
}

/**
 * Re-invite: a new secret hash and expiry, one more send, the new e-mail stored, and
 * `audit`, in ONE TransactWriteItems conditional on the invitation being pending at
 * the version read.
 * @returns the invitation after the change and the stored outbox message.
 * @throws ConflictError {@link INVITATION_CHANGED_MESSAGE} when it changed meanwhile.
 */
export async function resendInvitation(
  record: InvitationRecord,
  change: { secretHash: string; expiresTimestamp: string; now: string },
  outbox: Omit<OutboxRecord<'invitationEmail'>, 'emailStatus'>,
  audit: AuditEvent,
): Promise<{ record: InvitationRecord; outboxItem: OutboxItem<'invitationEmail'> }> {
  const outboxItem = outboxItemOf(outbox);
  const set = {
    secretHash: change.secretHash,
    expiresTimestamp: change.expiresTimestamp,
    sentCount: record.sentCount + 1,
    lastSentTimestamp: change.now,
    outboxMessageId: outbox.id,
  };
  await transactWrite(
    [pendingUpdateStep(record, set), putNewItemStep({ ...outboxItem }), auditPutStep(audit)],
    (index) => (index === 0 ? new ConflictError(INVITATION_CHANGED_MESSAGE) : null),
  );
  return { record: { ...record, ...set, version: record.version + 1 }, outboxItem };
}

/**
 * Revokes a pending invitation (its link stops working; a new invitation of the same
 * address becomes possible) with `audit`, in ONE TransactWriteItems conditional on it
 * being pending at the version read.
 * @throws ConflictError {@link INVITATION_CHANGED_MESSAGE} when it changed meanwhile.
 */
export async function revokeInvitation(record: InvitationRecord, audit: AuditEvent): Promise<InvitationRecord> {
  await transactWrite(
    [pendingUpdateStep(record, { status: 'revoked' }), guardDeleteStep(record), auditPutStep(audit)],
    (index) => (index === 0 ? new ConflictError(INVITATION_CHANGED_MESSAGE) : null),
  );
  return { ...record, status: 'revoked', version: record.version + 1 };
}

/**
 * Accepts an invitation in ONE TransactWriteItems: the invitation becomes `accepted`
 * by `userId` at `now` ON CONDITION that it is still pending, at the version read,
 * with the same secret hash and not expired at `now` — so a second use, even a
 * concurrent one, cancels everything; its pending guard goes; `steps` (the account
 * or its new rights, the membership, the roster entry) and `audit` are written with it.
 * @returns false when the invitation's condition failed (used, revoked, re-sent,
 *   expired or changed meanwhile: re-read it to say which); true when written.
 * @throws ConflictError "Identity is already linked." / "User changed meanwhile." when
 *   one of `steps` fails its condition (a concurrent sign-up or change of the user).
 */
export async function acceptInvitation(
  record: InvitationRecord,
  acceptance: { userId: string; now: string },
  steps: readonly TransactWriteItem[],
  audit: AuditEvent,
): Promise<boolean> {
  const invitationStep = pendingUpdateStep(
    record,
    { status: 'accepted', acceptedTimestamp: acceptance.now, acceptedUserId: acceptance.userId },
    {
      expression: 'secretHash = :hash AND expiresTimestamp > :now',
      values: { ':hash': record.secretHash, ':now': acceptance.now },
    },
  );
  let invitationFailed = false;
  await transactWrite([invitationStep, guardDeleteStep(record), ...steps, auditPutStep(audit)], (index) => {
    if (index === 0) {
      invitationFailed = true;
      return new ConflictError(INVITATION_CHANGED_MESSAGE);
    }
    return new ConflictError('Your account changed meanwhile. Sign in again to accept the invitation.');
  }).catch((error: unknown) => {
    if (invitationFailed) return;
    throw error;
  });
  return !invitationFailed;
}

/** Options of {@link listInvitations}. */
export interface ListInvitationsOptions {
  /** The organizations to read (in order), or `all` (every invitation, newest first). */
  readonly organizations: 'all' | readonly string[];
  readonly status?: InvitationStatus | undefined;
  readonly now: Date;
  readonly limit: number;
  readonly pageToken?: string | undefined;
}

/**
 * Invitations newest first (per organization when several are named), one page;
 * `status` filters (`expired` is a pending one past its expiry at `now`, `pending` one
 * that is not).
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listInvitations(options: ListInvitationsOptions): Promise<Page<InvitationRecord>> {
  const now = options.now.toISOString();
  const filter = (() => {
    switch (options.status) {
      case undefined:
        return undefined;
      case 'pending':
        return {
          expression: '#status = :pending AND expiresTimestamp > :now',
          names: { '#status': 'status' },
          values: { ':pending': 'pending', ':now': now },
        };
      case 'expired':
        return {
          expression: '#status = :pending AND expiresTimestamp <= :now',
          names: { '#status': 'status' },
          values: { ':pending': 'pending', ':now': now },
        };
      default:
        return {
          expression: '#status = :status',
          names: { '#status': 'status' },
          values: { ':status': options.status },
        };
    }
  })();
  const page = await queryPage<InvitationItem>({
    index: options.organizations === 'all' ? 'gsi2' : 'gsi1',
    partitions:
      options.organizations === 'all'
        ? [INVITATIONS_PARTITION]
        : options.organizations.map(organizationInvitationsPartition),
    ...(filter ? { filter } : {}),
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return { items: page.items.map(recordOf), nextPageToken: page.nextPageToken };
}

/**
 * The e-mail status of the given outbox messages by id (`sent` or `pending`; missing
 * ones absent). A message being sent or whose send is unconfirmed (decision record
 * 083) reads `pending`: not known to be out, so its sender may resend the invitation.
 */
export async function outboxEmailStatuses(ids: readonly string[]): Promise<Map<string, 'sent' | 'pending'>> {
  if (ids.length === 0) return new Map();
  const items = await batchGetItems<{ id: string; emailStatus: string }>(ids.map(outboxMessageKey), [
    'id',
    'emailStatus',
  ]);
  return new Map(items.map((item) => [item.id, item.emailStatus === 'sent' ? 'sent' : 'pending']));
}

/**
 * Whether a user with this e-mail address (case-insensitive) is on the organization's
 * roster: the users of the address (users-by-e-mail index), then their roster items.
 */
export async function isOrganizationMemberEmail(organizationId: string, email: string): Promise<boolean> {
  const users = await getUsersByEmail(email);
  if (users.length === 0) return false;
  const members = await batchGetItems<{ pk: string }>(
    users.map((user) => organizationMemberKey(organizationId, user.id)),
    ['pk'],
  );
  return members.length > 0;
}

/** The e-mail addresses (lower-cased) of the organization's members: its roster, then those users. */
export async function organizationMemberEmails(organizationId: string): Promise<Set<string>> {
  const members = await listOrganizationMembers(organizationId);
  const users = await getUsersByIds(members.map((member) => member.userId));
  return new Set(users.flatMap((user) => (user.email ? [user.email.trim().toLowerCase()] : [])));
}
