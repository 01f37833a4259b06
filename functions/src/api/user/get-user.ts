import { getBusinessUnitsByIds } from '../../data/business-units.ts';
import { getUserAccount } from '../../data/users.ts';
import { USER_NOT_FOUND_MESSAGE } from '../../domain/entitlement.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { toUserDetail } from '../../services/user-detail.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/users/{id}` (issue 11 item 2): one user with roles, claims (grouped as
 * stored), subscriptions, ranges, business unit (its current name), organizations
 * and the version a change must send back. One Query of the user's collection and,
 * with a business unit, one BatchGetItem. 404 "User does not exist.".
 */
export const getUser = defineRoute('getUser', async ({ path }) => {
  const account = await getUserAccount(path.id);
  if (!account) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  const unitId = account.user.businessUnitId;
  const [unit] = unitId ? await getBusinessUnitsByIds([unitId]) : [];
  return toUserDetail(account, unit?.name);
});
