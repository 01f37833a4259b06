import { getUserAccount } from '../../data/users.ts';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../../domain/entitlement.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/organizations` (spec §7 "Organizations: get all"): the organizations the
 * caller belongs to, with the caller's roles in each, read with the caller's account
 * (one Query of the user's item collection).
 */
export const listOrganizations = defineRoute('listOrganizations', async ({ caller }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  const account = await getUserAccount(caller.sub);
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND_MESSAGE);
  return { items: account.organizations };
});
