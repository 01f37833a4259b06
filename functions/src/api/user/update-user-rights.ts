import { auditActorOf, newAuditEvent } from '../../data/audit.ts';
import {
  accountWithRights,
  getUserAccount,
  planRightsChange,
  replaceUserRights,
  USER_CHANGED_MESSAGE,
} from '../../data/users.ts';
import { USER_NOT_FOUND_MESSAGE } from '../../domain/entitlement.ts';
import {
  rightsAuditFields,
  rightsErrors,
  TRANSACTION_ITEMS_MAX,
  tooManyItemsMessage,
} from '../../domain/user-rights.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { toUserDetail, userAuditTarget } from '../../services/user-detail.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/users/{id}/rights` (issue 11 item 2; spec §3 "Session and claims", §6
 * "edit"; decision record 030): replaces the user's claims, subscriptions and ranges
 * with the body's in ONE version-checked transaction with its audit event
 * (`user.rights.update`, before and after). 400 with field paths for a claim named
 * twice, `#` or `*` where a key cannot take it, a change beyond one transaction, or
 * an administrator removing their own way in; 404 "User does not exist."; 409
 * "User changed meanwhile." when `version` is not the stored one (nothing written).
 * The user's tokens carry the new rights from their next sign-in (decision record 012).
 */
export const updateUserRights = defineRoute('updateUserRights', async ({ path, body, caller }) => {
  const actor = auditActorOf(caller);
  const selfEdit = path.id === actor.id || path.id === actor.impersonatorId;
  const errors = rightsErrors(body, selfEdit);
  if (errors.length > 0) throw new ValidationError(errors);
  const account = await getUserAccount(path.id, { consistent: true });
  if (!account) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  if (account.version !== body.version) throw new ConflictError(USER_CHANGED_MESSAGE);
  const plan = planRightsChange(account.user.id, account, body);
  if (plan.transactionItems > TRANSACTION_ITEMS_MAX) {
    throw new ValidationError([{ path: 'body.claims', message: tooManyItemsMessage(plan.transactionItems) }]);
  }
  const rights = { claims: body.claims, subscriptions: body.subscriptions, ranges: body.ranges };
  const after = accountWithRights(account, rights);
  const event = newAuditEvent({
    action: 'user.rights.update',
    actor,
    target: userAuditTarget(account),
    before: rightsAuditFields({ ...account, ranges: account.user.ranges }),
    after: rightsAuditFields({ ...after, ranges: after.user.ranges }),
  });
  return toUserDetail(await replaceUserRights(account, rights, event));
});
