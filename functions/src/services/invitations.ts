import { API_CLAIMS, claimCoverage, coverageIncludes } from '#shared/capabilities';
import {
  type CreateInvitationRequest,
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationPreview,
  type InvitationRole,
  type ListInvitationsQuery,
} from '#shared/contracts/administration';
import type { AuditActor } from '../data/audit.ts';
import { auditActorOf, newAuditEvent } from '../data/audit.ts';
import {
  getInvitation,
  type InvitationRecord,
  isOrganizationMemberEmail,
  listInvitations as listStoredInvitations,
  outboxEmailStatuses,
  createInvitation as storeInvitation,
  resendInvitation as storeResend,
  revokeInvitation as storeRevoke,
} from '../data/invitations.ts';
import type { OutboxRecord } from '../data/messages.ts';
import { getOrganization, type Organization } from '../data/organizations.ts';
import { newId } from '../domain/ids.ts';
import {
  composeInvitationEmail,
  effectiveStatus,
  invitationExpiry,
  invitationLink,
  invitationToken,
  newInvitationSecret,
  normalizeEmail,
  parseInvitationToken,
  secretMatches,
} from '../domain/invitations.ts';
import { deploymentBrand, messageEmailAddresses, portalOriginOfEnv } from '../lib/deployment.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { type Caller, FORBIDDEN_MESSAGE } from '../lib/handler.ts';
import { unheldLease } from '../messages/outbox.ts';

/**
 * Invitations to the exercise area (spec §1 "Faculty also invite students",
 * "Students: enter the exercise area by faculty invitation only", §6 "user invite,
 * re-invite"; issue 11 item 3; decision record 030). Who may: the `inviteUsers`
 * capability (api claim `post_v1_invitations`), whose scopes name the organizations
 * it covers (unscoped or `any`: all). Every change is audited in its own transaction.
 */

/** Message of the 404 for an invitation that does not exist or lies outside the caller's organizations. */
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation does not exist.';
/** Message of the 409 when the address belongs to a member of the organization already. */
export const ALREADY_MEMBER_MESSAGE = 'This e-mail address belongs to a member of this organization already.';
/** Message of the 409 for re-inviting or revoking an invitation that was accepted. */
export const ALREADY_ACCEPTED_MESSAGE = 'This invitation has already been accepted.';
/** Message of the 409 for re-inviting or revoking an invitation that was withdrawn. */
export const ALREADY_REVOKED_MESSAGE = 'This invitation was withdrawn. Invite the person again.';

/** The organizations the caller's invitation claim covers (`all` for an unscoped one). */
export function inviteCoverage(caller: Caller): 'all' | string[] {
  return caller ? claimCoverage(caller.principal, API_CLAIMS.inviteUsers) : [];
}

/** The contract shape of a stored invitation, its status at `now` and its e-mail's status. */
export function toInvitation(record: InvitationRecord, emailStatus: 'sent' | 'pending', now: Date): Invitation {
  return {
    id: record.id,
    email: record.email,
    displayName: record.displayName,
    organization: { ...record.organization },
    role: record.role,
    status: effectiveStatus(record.status, record.expiresTimestamp, now),
    invitedBy: { ...record.invitedBy },
    createdTimestamp: record.createdTimestamp,
    expiresTimestamp: record.expiresTimestamp,
    sentCount: record.sentCount,
    lastSentTimestamp: record.lastSentTimestamp,
    emailStatus,
    acceptedTimestamp: record.acceptedTimestamp,
    acceptedUserId: record.acceptedUserId,
    importId: record.importId,
    version: record.version,
  };
}

/** The fields of an invitation an audit event records (never its secret hash). */
export function auditedFields(record: InvitationRecord, now: Date): Record<string, unknown> {
  return {
    email: record.email,
    displayName: record.displayName,
    organizationId: record.organization.id,
    role: record.role,
    status: effectiveStatus(record.status, record.expiresTimestamp, now),
    expiresTimestamp: record.expiresTimestamp,
    sentCount: record.sentCount,
    importId: record.importId,
  };
}

/**
 * The outbox message of an invitation's e-mail (decision records 025, 033: stored
 * first, then sent by the outbox consumer): the link
 * `<portal>/invitation?token=<id>.<secret>` is in its text — and only there — until
 * it is sent. Held by nobody (the consumer may send it at once), unless `holdMs` is
 * given: then held that long (an import releases its messages once every row is written).
 */
export function invitationOutbox(
  record: InvitationRecord,
  secret: string,
  reason: 'create' | 'resend' | 'import',
  now: Date,
  holdMs = 0,
): Omit<OutboxRecord<'invitationEmail'>, 'emailStatus'> {
  const brand = deploymentBrand();
  const composed = composeInvitationEmail({
    brand,
    displayName: record.displayName,
    organizationName: record.organization.name,
    role: record.role,
    invitedByName: record.invitedBy.displayName,
    link: invitationLink(portalOriginOfEnv(), invitationToken(record.id, secret)),
    expiresTimestamp: record.expiresTimestamp,
  });
  return {
    id: record.outboxMessageId,
    kind: 'invitationEmail',
    brand,
    createdTimestamp: now.toISOString(),
    payload: {
      invitationId: record.id,
      organizationId: record.organization.id,
      email: record.email,
      reason,
      importId: record.importId,
    },
    email: {
      from: messageEmailAddresses().sender,
      fromName: 'Courseware portal',
      to: [record.email],
      replyTo: null,
      ...composed,
    },
    leaseUntil: holdMs > 0 ? new Date(now.getTime() + holdMs).toISOString() : unheldLease(now),
  };
}

/** A new pending invitation (pure but for its id and secret): the record and the link's secret. */
export function newInvitation(input: {
  readonly email: string;
  readonly displayName: string | null;
  readonly organization: Organization;
  readonly role: InvitationRole;
  readonly invitedBy: AuditActor;
  readonly importId: string | null;
  readonly now: Date;
}): { record: InvitationRecord; secret: string } {
  const { secret, secretHash } = newInvitationSecret();
  const now = input.now.toISOString();
  return {
    secret,
    record: {
      id: newId(),
      email: normalizeEmail(input.email),
      displayName: input.displayName,
      organization: { id: input.organization.id, name: input.organization.name },
      role: input.role,
      status: 'pending',
      secretHash,
      invitedBy: { id: input.invitedBy.id, displayName: input.invitedBy.displayName },
      createdTimestamp: now,
      expiresTimestamp: invitationExpiry(input.now),
      sentCount: 1,
      lastSentTimestamp: now,
      outboxMessageId: newId(),
      acceptedTimestamp: null,
      acceptedUserId: null,
      importId: input.importId,
      version: 1,
    },
  };
}

/** The invitation `id` when the caller's claim covers its organization; 404 otherwise (nothing leaks). */
async function coveredInvitation(id: string, caller: Caller): Promise<InvitationRecord> {
  const record = await getInvitation(id);
  if (!record || !coverageIncludes(inviteCoverage(caller), record.organization.id)) {
    throw new NotFoundError(INVITATION_NOT_FOUND_MESSAGE);
  }
  return record;
}

/** 409 for an invitation that is no longer pending (accepted or withdrawn). */
function assertPending(record: InvitationRecord): void {
  if (record.status === 'accepted') throw new ConflictError(ALREADY_ACCEPTED_MESSAGE);
  if (record.status === 'revoked') throw new ConflictError(ALREADY_REVOKED_MESSAGE);
}

/**
 * The invitations of `GET /api/v1/invitations`: newest first, of the organizations the
 * caller's claim covers (`organizationId` narrows to one), `status` filters; a page of
 * at most `limit` with its `nextPageToken`.
 * @throws ForbiddenError (403) when `organizationId` is not covered; ValidationError
 *   for a foreign page token.
 */
export async function listInvitations(
  query: ListInvitationsQuery,
  caller: Caller,
): Promise<{ items: Invitation[]; nextPageToken: string | null }> {
  const coverage = inviteCoverage(caller);
  if (query.organizationId !== undefined && !coverageIncludes(coverage, query.organizationId)) {
    throw new ForbiddenError(FORBIDDEN_MESSAGE);
  }
  const organizations = query.organizationId !== undefined ? [query.organizationId] : coverage;
  if (organizations !== 'all' && organizations.length === 0) return { items: [], nextPageToken: null };
  const now = new Date();
  const page = await listStoredInvitations({
    organizations,
    status: query.status,
    now,
    limit: query.limit,
    pageToken: query.pageToken,
  });
  const statuses = await outboxEmailStatuses(page.items.map((record) => record.outboxMessageId));
  return {
    items: page.items.map((record) => toInvitation(record, statuses.get(record.outboxMessageId) ?? 'pending', now)),
    nextPageToken: page.nextPageToken,
  };
}

/**
 * Invites `body.email` to an organization (`POST /api/v1/invitations`): 403 when the caller's claim does not cover the
 * organization, 404 when it does not exist, 409 when the address has a pending
 * invitation there or belongs to a member; else the invitation, its e-mail and the
 * audit event are stored in one transaction (201, `emailStatus: 'pending'`); the
 * outbox consumer sends the e-mail (decision record 033).
 */
export async function createInvitation(body: CreateInvitationRequest, caller: Caller): Promise<Invitation> {
  if (!coverageIncludes(inviteCoverage(caller), body.organizationId)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const organization = await getOrganization(body.organizationId);
  const email = normalizeEmail(body.email);
  if (await isOrganizationMemberEmail(organization.id, email)) throw new ConflictError(ALREADY_MEMBER_MESSAGE);
  const now = new Date();
  const actor = auditActorOf(caller);
  const { record, secret } = newInvitation({
    email,
    displayName: body.displayName ? body.displayName : null,
    organization,
    role: body.role,
    invitedBy: actor,
    importId: null,
    now,
  });
  const audit = newAuditEvent({
    action: 'invitation.create',
    actor,
    target: { type: 'invitation', id: record.id, name: record.email },
    before: null,
    after: auditedFields(record, now),
    now,
  });
  await storeInvitation(record, invitationOutbox(record, secret, 'create', now), audit);
  return toInvitation(record, 'pending', now);
}

/**
 * Re-invites (`POST /api/v1/invitations/{id}/resend`): a pending or expired invitation
 * gets a new secret (the old link stops working), a new expiry and a new e-mail.
 * 404 outside the caller's organizations; 409 when accepted or withdrawn.
 */
export async function resendInvitation(id: string, caller: Caller): Promise<Invitation> {
  const record = await coveredInvitation(id, caller);
  assertPending(record);
  const now = new Date();
  const { secret, secretHash } = newInvitationSecret();
  const expiresTimestamp = invitationExpiry(now);
  const next: InvitationRecord = {
    ...record,
    secretHash,
    expiresTimestamp,
    sentCount: record.sentCount + 1,
    lastSentTimestamp: now.toISOString(),
    outboxMessageId: newId(),
  };
  const audit = newAuditEvent({
    action: 'invitation.resend',
    actor: auditActorOf(caller),
    target: { type: 'invitation', id: record.id, name: record.email },
    before: auditedFields(record, now),
    after: auditedFields(next, now),
    now,
  });
  const { record: stored } = await storeResend(
    record,
    { secretHash, expiresTimestamp, now: now.toISOString() },
    invitationOutbox(next, secret, 'resend', now),
    audit,
  );
  return toInvitation(stored, 'pending', now);
}

/**
 * Withdraws (`DELETE /api/v1/invitations/{id}`) a pending (or expired) invitation; its
 * link stops working. 404 outside the caller's organizations; 409 when accepted or
 * withdrawn already.
 */
export async function revokeInvitation(id: string, caller: Caller): Promise<Invitation> {
  const record = await coveredInvitation(id, caller);
  assertPending(record);
  const now = new Date();
  const revoked: InvitationRecord = { ...record, status: 'revoked' };
  const audit = newAuditEvent({
    action: 'invitation.revoke',
    actor: auditActorOf(caller),
    target: { type: 'invitation', id: record.id, name: record.email },
    before: auditedFields(record, now),
    after: auditedFields(revoked, now),
    now,
  });
  const stored = await storeRevoke(record, audit);
  const statuses = await outboxEmailStatuses([stored.outboxMessageId]);
  return toInvitation(stored, statuses.get(stored.outboxMessageId) ?? 'pending', now);
}

/**
 * The invitation a link token names, when its secret matches; else 404
 * `INVITATION_MESSAGES.invalid` (a forged, mangled or superseded link — an unknown id
 * and a wrong secret answer alike).
 */
export async function invitationOfToken(token: string): Promise<InvitationRecord> {
  const parts = parseInvitationToken(token);
  const record = parts ? await getInvitation(parts.id) : null;
  if (!parts || !record || !secretMatches(parts.secret, record.secretHash)) {
    throw new NotFoundError(INVITATION_MESSAGES.invalid);
  }
  return record;
}

/**
 * What the link `token` invites to, before signing in (`GET /api/v1/invitations/preview?token=`, public).
 * @throws NotFoundError (404) as {@link invitationOfToken}.
 */
export async function invitationPreview(token: string): Promise<InvitationPreview> {
  const record = await invitationOfToken(token);
  return {
    organizationName: record.organization.name,
    role: record.role,
    invitedByName: record.invitedBy.displayName,
    expiresTimestamp: record.expiresTimestamp,
    status: effectiveStatus(record.status, record.expiresTimestamp, new Date()),
  };
}
