import { decideAccess } from '#shared/capabilities';
import type { IdentityProvider } from '#shared/contracts/identity';
import { getUserAccount, getUserIdByIdentity, type UserAccount } from '../../data/users.ts';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  brandOf,
  EXIT_IMPERSONATION_MESSAGE,
  principalFor,
  USER_NOT_FOUND_MESSAGE,
} from '../../domain/entitlement.ts';
import { type PortalTokenInput, signPortalToken, verifyPortalToken } from '../../lib/auth/portal-tokens.ts';
import { type UpstreamIdentity, verifyUpstreamToken } from '../../lib/auth/upstream.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { defineRoute, FORBIDDEN_MESSAGE } from '../../lib/handler.ts';

/**
 * `POST /api/v1/authenticate` (spec §7 "Authenticate", §4 "Session"). Signs in: the
 * upstream token of `provider` → the linked user → a portal token with the user's
 * roles, claims (brand eligibility applied, spec §1) and subscriptions. The token is
 * issued even without the USER role or the coursewareFeature subscription: the SPA
 * judges validity (spec §4) and the API's access rule refuses such tokens. With
 * `impersonateUserId`, `token` is the caller's portal token and the answer a portal
 * token of the target with `act` naming the caller. At most two DynamoDB requests.
 */
export const authenticate = defineRoute('authenticate', async ({ body }) => {
  if (body.impersonateUserId !== undefined) {
    return { token: await impersonate(body.token, body.impersonateUserId) };
  }
  const identity = await verifyUpstreamToken(body.provider, body.token);
  const userId = await getUserIdByIdentity(body.provider, identity.subject);
  const account = userId === null ? null : await getUserAccount(userId);
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND_MESSAGE);
  return { token: await signPortalToken(tokenInput(account, body.provider, identity)) };
});

async function impersonate(token: string, targetUserId: string): Promise<string> {
  const caller = await verifyPortalToken(token);
  if (caller.act) throw new ForbiddenError(EXIT_IMPERSONATION_MESSAGE);
  const principal = { roles: caller.roles, claims: caller.claims, subscriptions: caller.subscriptions };
  if (decideAccess(principal, 'impersonateUsers') !== 'allowed') throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const target = await getUserAccount(targetUserId);
  if (!target) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return signPortalToken({ ...tokenInput(target, caller.provider, null), actorUserId: caller.sub });
}

function tokenInput(
  account: UserAccount,
  provider: IdentityProvider,
  identity: UpstreamIdentity | null,
): PortalTokenInput {
  const principal = principalFor(account, brandOf());
  return {
    userId: account.user.id,
    displayName: account.user.displayName,
    email: account.user.email ?? identity?.email ?? null,
    picture: account.user.picture ?? identity?.picture ?? null,
    provider,
    ...principal,
  };
}
