import { auditActorOf, newAuditEvent } from '../../data/audit.ts';
import { getBusinessUnit } from '../../data/business-units.ts';
import {
  type BusinessUnitPlacement,
  getUserAccount,
  moveUserBusinessUnit as moveUser,
  USER_CHANGED_MESSAGE,
} from '../../data/users.ts';
import { BUSINESS_UNIT_NOT_FOUND_MESSAGE } from '../../domain/business-units.ts';
import { USER_NOT_FOUND_MESSAGE } from '../../domain/entitlement.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { toUserDetail, userAuditTarget } from '../../services/user-detail.ts';
import { defineRoute } from './define-route.ts';

/** 400 (`body.businessUnitId`) of a move into a unit that was merged into another. */
export const MOVE_INTO_MERGED_MESSAGE =
  'This business unit was merged into another one; choose the unit it was merged into.';

/**
 * `PUT /api/v1/users/{id}/business-unit` (issue 11 item 2): moves the user to another
 * business unit, or to none (`businessUnitId: null`), in ONE version-checked
 * transaction with its audit event (`user.businessUnit.move`, before and after the
 * unit as `{ id, name }`). Sets the user's unit, its copy on the user item and the
 * users-by-unit index key. 404 for a missing user or unit; 400 at
 * `body.businessUnitId` for a merged unit; 409 "User changed meanwhile." for a stale
 * `version`. A move to the unit the user is in already writes nothing.
 */
export const moveUserBusinessUnit = defineRoute('moveUserBusinessUnit', async ({ path, body, caller }) => {
  const actor = auditActorOf(caller);
  const account = await getUserAccount(path.id, { consistent: true });
  if (!account) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  let placement: BusinessUnitPlacement | null = null;
  if (body.businessUnitId !== null) {
    const unit = await getBusinessUnit(body.businessUnitId, true);
    if (!unit) throw new NotFoundError(BUSINESS_UNIT_NOT_FOUND_MESSAGE);
    if (unit.mergedIntoId !== null) {
      throw new ValidationError([{ path: 'body.businessUnitId', message: MOVE_INTO_MERGED_MESSAGE }]);
    }
    placement = {
      id: unit.id,
      snapshot: {
        id: unit.id,
        name: unit.name,
        state: unit.state,
        public: unit.public,
        eligibleBrands: [...unit.eligibleBrands],
      },
    };
  }
  if (account.version !== body.version) throw new ConflictError(USER_CHANGED_MESSAGE);
  const current = account.user.businessUnitId;
  if (current === body.businessUnitId) return toUserDetail(account, placement?.snapshot.name);
  const unitRef = (id: string | null, name: string | undefined) => (id === null ? null : { id, name: name ?? '' });
  const event = newAuditEvent({
    action: 'user.businessUnit.move',
    actor,
    target: userAuditTarget(account),
    before: { businessUnit: unitRef(current, account.user.businessUnit?.name) },
    after: { businessUnit: unitRef(placement?.id ?? null, placement?.snapshot.name) },
  });
  return toUserDetail(await moveUser(account, placement, event));
});
