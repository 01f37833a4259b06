import { decideAccess } from '#shared/capabilities';
import type { IdentityProvider } from '#shared/contracts/identity';
import { newAuditEvent, putAuditEvent } from '../../data/audit.ts';
import { withCurrentBusinessUnit } from '../../data/business-units.ts';
import { getUserAccount, getUserIdByIdentity, type UserAccount } from '../../data/users.ts';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  EXIT_IMPERSONATION_MESSAGE,
  principalFor,
  USER_NOT_FOUND_MESSAGE,
} from '../../domain/entitlement.ts';
import { type PortalTokenInput, signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { verifySessionToken } from '../../lib/auth/sessions.ts';
import { type UpstreamIdentity, verifyUpstreamToken } from '../../lib/auth/upstream.ts';
import { deploymentBrand } from '../../lib/deployment.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/handler.ts';
import { acceptInvitationSignIn } from '../../services/invitation-acceptance.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/authenticate` (spec §7 "Authenticate", §4 "Session"). Signs in: the
 * upstream token of `provider` → the linked user → a portal token with the user's
 * roles, claims (brand eligibility applied, spec §1) and subscriptions. The token is
 * issued even without the USER role or the coursewareFeature subscription: the SPA
 * judges validity (spec §4) and the API's access rule refuses such tokens. With
 * `impersonateUserId`, `token` is the caller's portal token and the answer a portal
 * token of the target with `act` naming the caller, once its `impersonation.start`
 * audit event is stored (issue 11); an administrator impersonating themselves is a
 * 400 (issue 21 item 8). The caller's token of an impersonation must still open a
 * session (decision record 032). At most three DynamoDB requests (four to
 * impersonate): the user's business unit is read fresh for eligibility (decision record 030).
 * With `invitationToken`, the invitation is accepted first (`services/invitation-acceptance.ts`:
 * the identity's account is created or extended in one transaction with the
 * invitation marked used; 404 / 409 / 403 `INVITATION_MESSAGES`) and the answer is a
 * token of that account.
 */
export const authenticate = defineRoute('authenticate', async ({ body }) => {
  if (body.impersonateUserId !== undefined) {
    return { token: await impersonate(body.token, body.impersonateUserId) };
  }
  const identity = await verifyUpstreamToken(body.provider, body.token);
  if (body.invitationToken !== undefined) {
    // Accepting an invitation signs in as the account it created or extended (decision record 030).
    const invited = await acceptInvitationSignIn(body.provider, identity, body.invitationToken);
    return { token: await signPortalToken(await tokenInput(invited, body.provider, identity)) };
  }
  const userId = await getUserIdByIdentity(body.provider, identity.subject);
  // Read consistently: the token must carry the session epoch of the latest change (decision record 032).
  const account = userId === null ? null : await getUserAccount(userId, { consistent: true });
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND_MESSAGE);
  return { token: await signPortalToken(await tokenInput(account, body.provider, identity)) };
});

/** Message of the 400 for an administrator who asks to impersonate themselves (issue 21 item 8). */
export const SELF_IMPERSONATION_MESSAGE = 'You cannot impersonate yourself.';

async function impersonate(token: string, targetUserId: string): Promise<string> {
  const caller = await verifySessionToken(token);
  if (caller.act) throw new ForbiddenError(EXIT_IMPERSONATION_MESSAGE);
  const principal = { roles: caller.roles, claims: caller.claims, subscriptions: caller.subscriptions };
  if (decideAccess(principal, 'impersonateUsers') !== 'allowed') throw new ForbiddenError(FORBIDDEN_MESSAGE);
  if (targetUserId === caller.sub) {
    throw new ValidationError([{ path: 'body.impersonateUserId', message: SELF_IMPERSONATION_MESSAGE }]);
  }
  const target = await getUserAccount(targetUserId, { consistent: true });
  if (!target) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  // Recorded before the token exists (issue 11 item 2): no impersonation without its audit event.
  await putAuditEvent(
    newAuditEvent({
      action: 'impersonation.start',
      actor: { id: caller.sub, displayName: caller.displayName, impersonatorId: null },
      target: { type: 'user', id: target.user.id, name: target.user.displayName },
      before: null,
      after: null,
    }),
  );
  return signPortalToken({
    ...(await tokenInput(target, caller.provider, null)),
    actorUserId: caller.sub,
    actorSessionEpoch: caller.sessionEpoch,
  });
}

/**
 * The token of `account`: its claims with brand eligibility applied, read from the
 * user's business unit AS STORED NOW (one GetItem; a merged unit resolves to the
 * unit kept; decision record 030), so an edit of the unit's `eligibleBrands` counts
 * at the next sign-in; and the account's session epoch (decision record 032; 0 for
 * an account just created).
 */
export async function tokenInput(
  account: UserAccount & { readonly sessionEpoch?: number },
  provider: IdentityProvider,
  identity: UpstreamIdentity | null,
): Promise<PortalTokenInput> {
  const principal = principalFor(await withCurrentBusinessUnit(account), deploymentBrand());
  return {
    userId: account.user.id,
    displayName: account.user.displayName,
    email: account.user.email ?? identity?.email ?? null,
    picture: account.user.picture ?? identity?.picture ?? null,
    provider,
    ...principal,
    sessionEpoch: account.sessionEpoch ?? 0,
  };
}
