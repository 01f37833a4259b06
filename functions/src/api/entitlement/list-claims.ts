import { withCurrentBusinessUnit } from '../../data/business-units.ts';
import { getUserAccount } from '../../data/users.ts';
import { ACCOUNT_NOT_FOUND_MESSAGE, principalFor } from '../../domain/entitlement.ts';
import { deploymentBrand } from '../../lib/deployment.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/claims` (spec §7 "List claims"): the caller's claims as stored now
 * (one Query), brand eligibility applied (spec §1) from the caller's business unit
 * as stored now (one GetItem; decision record 030), not the token's copy.
 */
export const listClaims = defineRoute('listClaims', async ({ caller }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  const account = await getUserAccount(caller.sub);
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND_MESSAGE);
  return { items: principalFor(await withCurrentBusinessUnit(account), deploymentBrand()).claims };
});
