import { INVITATION_MESSAGES } from '#shared/contracts/administration';
import type { IdentityProvider } from '#shared/contracts/identity';
import { newAuditEvent } from '../data/audit.ts';
import { resolveBusinessUnit } from '../data/business-units.ts';
import type { TransactWriteItem } from '../data/catalog.ts';
import { organizationMemberItem } from '../data/courses.ts';
import { putNewItemStep, tableName } from '../data/dynamo.ts';
import { acceptInvitation, getInvitation, type InvitationRecord } from '../data/invitations.ts';
import { getOrganizationsByIds } from '../data/organizations.ts';
import {
  getUserAccount,
  getUserIdByIdentity,
  newUserAccountSteps,
  type UserAccount,
  userGrantSteps,
} from '../data/users.ts';
import { newId } from '../domain/ids.ts';
import {
  effectiveStatus,
  grantsOf,
  INVITATION_SUBSCRIPTIONS,
  missingClaims,
  normalizeEmail,
} from '../domain/invitations.ts';
import type { UpstreamIdentity } from '../lib/auth/upstream.ts';
import { deploymentBrand } from '../lib/deployment.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { auditedFields, invitationOfToken } from './invitations.ts';

/**
 * Accepting an invitation through the login flow (`POST /api/v1/authenticate` with
 * `invitationToken`; spec §1 "Students: enter the exercise area by faculty invitation
 * only"; issue 11 item 3; decision record 030). The upstream token is verified by the
 * caller; here the invitation is checked and, in ONE transaction conditional on it
 * still being pending with the same secret and unexpired, the identity's account is
 * created (or given what it lacks), joined to the organization and its roster, the
 * invitation marked accepted, and `invitation.accept` audited.
 */

/**
 * Why an invitation cannot be accepted (after its secret matched): 409 for used,
 * withdrawn or expired ones.
 */
function refuseUnlessPending(record: InvitationRecord, now: Date): void {
  const status = effectiveStatus(record.status, record.expiresTimestamp, now);
  if (status === 'accepted') throw new ConflictError(INVITATION_MESSAGES.used);
  if (status === 'revoked') throw new ConflictError(INVITATION_MESSAGES.revoked);
  if (status === 'expired') throw new ConflictError(INVITATION_MESSAGES.expired);
}

/**
 * Accepts the invitation of `token` for the upstream identity (`provider`,
 * `identity`), and returns the account to sign in as.
 * @throws NotFoundError (404) `INVITATION_MESSAGES.invalid` for a forged, unknown or
 *   superseded link (or an organization that no longer exists).
 * @throws ConflictError (409) `used` / `revoked` / `expired` — also when a concurrent
 *   acceptance won; nothing is written then.
 * @throws ForbiddenError (403) `emailMismatch` when the identity's e-mail address is
 *   not the invitation's (or the identity has none).
 */
export async function acceptInvitationSignIn(
  provider: IdentityProvider,
  identity: UpstreamIdentity,
  token: string,
  now: Date = new Date(),
): Promise<UserAccount> {
  const record = await invitationOfToken(token);
  refuseUnlessPending(record, now);
  if (!identity.email || normalizeEmail(identity.email) !== record.email) {
    throw new ForbiddenError(INVITATION_MESSAGES.emailMismatch);
  }
  const [organization] = await getOrganizationsByIds([record.organization.id]);
  if (!organization) throw new NotFoundError(INVITATION_MESSAGES.invalid);
  const grants = grantsOf(record.role, organization.id);
  const linkedUserId = await getUserIdByIdentity(provider, identity.subject);
  const existing = linkedUserId === null ? null : await getUserAccount(linkedUserId, { consistent: true });
  let userId: string;
  let displayName: string;
  let steps: TransactWriteItem[];
  if (!existing) {
    userId = newId();
    displayName = identity.displayName ?? record.displayName ?? record.email;
    const unit = organization.businessUnitId ? await resolveBusinessUnit(organization.businessUnitId) : null;
    const created = newUserAccountSteps({
      user: {
        id: userId,
        displayName,
        email: record.email,
        picture: identity.picture,
        businessUnitId: unit?.id ?? null,
        businessUnit: unit
          ? {
              id: unit.id,
              name: unit.name,
              state: unit.state,
              public: unit.public,
              eligibleBrands: unit.eligibleBrands,
            }
          : null,
        ranges: [deploymentBrand()],
        createdTimestamp: now.toISOString(),
      },
      claims: grants,
      subscriptions: INVITATION_SUBSCRIPTIONS,
      messages: [],
      organizations: [{ id: organization.id, name: organization.name, roles: [record.role] }],
      identities: [{ provider, subject: identity.subject }],
    });
    steps = [
      ...created.steps,
      putNewItemStep(organizationMemberItem(organization.id, { userId, roles: [record.role] })),
    ];
  } else {
    userId = existing.user.id;
    displayName = existing.user.displayName;
    const held = existing.organizations.find((membership) => membership.id === organization.id);
    const roles = [...new Set([...(held?.roles ?? []), record.role])];
    steps = [
      ...userGrantSteps(
        existing,
        missingClaims(existing.claims, grants),
        INVITATION_SUBSCRIPTIONS.filter((product) => !existing.subscriptions.includes(product)),
        { id: organization.id, name: organization.name, roles },
      ),
      { Put: { TableName: tableName(), Item: organizationMemberItem(organization.id, { userId, roles }) } },
    ];
  }
  const accepted: InvitationRecord = {
    ...record,
    status: 'accepted',
    acceptedTimestamp: now.toISOString(),
    acceptedUserId: userId,
  };
  const audit = newAuditEvent({
    action: 'invitation.accept',
    actor: { id: userId, displayName, impersonatorId: null },
    target: { type: 'invitation', id: record.id, name: record.email },
    before: auditedFields(record, now),
    after: { ...auditedFields(accepted, now), acceptedUserId: userId, newAccount: !existing },
    now,
  });
  const written = await acceptInvitation(record, { userId, now: now.toISOString() }, steps, audit);
  if (!written) {
    // Someone else accepted, withdrew or re-sent it meanwhile: say which.
    const current = await getInvitation(record.id);
    if (!current || current.secretHash !== record.secretHash) throw new NotFoundError(INVITATION_MESSAGES.invalid);
    refuseUnlessPending(current, now);
    throw new ConflictError(INVITATION_MESSAGES.used);
  }
  const account = await getUserAccount(userId, { consistent: true });
  if (!account) throw new Error('The account of an accepted invitation is missing.');
  return account;
}
