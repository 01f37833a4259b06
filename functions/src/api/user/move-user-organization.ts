import { auditActorOf, newAuditEvent } from '../../data/audit.ts';
import { getOrganization } from '../../data/organizations.ts';
import { getUserAccount, moveUserOrganization as moveUser, USER_CHANGED_MESSAGE } from '../../data/users.ts';
import { USER_NOT_FOUND_MESSAGE } from '../../domain/entitlement.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { toUserDetail, userAuditTarget } from '../../services/user-detail.ts';
import { defineRoute } from './define-route.ts';

/** 400 (`body.fromOrganizationId`) of a move out of an organization the user is not in. */
export const NOT_A_MEMBER_MESSAGE = 'The user is not a member of this organization.';
/** 400 (`body.toOrganizationId`) of a join of an organization the user is in already (change roles by moving from it to it). */
export const ALREADY_A_MEMBER_MESSAGE =
  'The user is a member of this organization already; to change their roles there, move them from it to it.';

/**
 * `PUT /api/v1/users/{id}/organization` (spec §6 "move team"; issue 11 item 2):
 * leaves `fromOrganizationId` (null: only joins) and joins `toOrganizationId` with
 * `roles` — the user's membership item and the organizations' roster items change in
 * ONE transaction, version-checked on the user item, with the audit event
 * (`user.organization.move`, the memberships before and after). From and to the same
 * organization changes the roles there. 404 for a missing user or organization; 400
 * when the user is not in `from` or already in `to`; 409 "User changed meanwhile.".
 */
export const moveUserOrganization = defineRoute('moveUserOrganization', async ({ path, body, caller }) => {
  const actor = auditActorOf(caller);
  const account = await getUserAccount(path.id, { consistent: true });
  if (!account) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  const to = await getOrganization(body.toOrganizationId);
  const errors = [];
  const memberOf = (id: string) => account.organizations.some((membership) => membership.id === id);
  if (body.fromOrganizationId !== null && !memberOf(body.fromOrganizationId)) {
    errors.push({ path: 'body.fromOrganizationId', message: NOT_A_MEMBER_MESSAGE });
  }
  if (body.fromOrganizationId !== to.id && memberOf(to.id)) {
    errors.push({ path: 'body.toOrganizationId', message: ALREADY_A_MEMBER_MESSAGE });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  if (account.version !== body.version) throw new ConflictError(USER_CHANGED_MESSAGE);
  const roles = [...new Set(body.roles)];
  const moved = await moveUser(
    account,
    body.fromOrganizationId,
    to,
    roles,
    newAuditEvent({
      action: 'user.organization.move',
      actor,
      target: userAuditTarget(account),
      before: { organizations: account.organizations },
      after: {
        organizations: [
          ...account.organizations.filter(
            (membership) => membership.id !== to.id && membership.id !== body.fromOrganizationId,
          ),
          { id: to.id, name: to.name, roles },
        ].sort((a, b) => a.name.localeCompare(b.name)),
      },
    }),
  );
  return toUserDetail(moved);
});
