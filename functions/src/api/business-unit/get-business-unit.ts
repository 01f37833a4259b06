import { getBusinessUnit as readBusinessUnit } from '../../data/business-units.ts';
import { BUSINESS_UNIT_NOT_FOUND_MESSAGE } from '../../domain/business-units.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/business-units/{id}` (issue 11; decision record 030), for any
 * signed-in user: one unit, a merged one too (its `mergedIntoId` names the unit
 * kept). One GetItem; 404 "Business unit does not exist.".
 */
export const getBusinessUnit = defineRoute('getBusinessUnit', async ({ path }) => {
  const unit = await readBusinessUnit(path.id);
  if (!unit) throw new NotFoundError(BUSINESS_UNIT_NOT_FOUND_MESSAGE);
  return unit;
});
