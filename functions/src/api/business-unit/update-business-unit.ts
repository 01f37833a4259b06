import { updateBusinessUnitAudited } from '../../data/business-units.ts';
import { defineRoute } from './define-route.ts';

/**
 * `PUT /api/v1/business-units/{id}` (issue 11; decision record 030), for
 * administrators (`manageBusinessUnits`): replaces the unit's fields, conditional on
 * the version read (409 "Business unit changed meanwhile. …"); a merged unit is a
 * 409, a missing one a 404. The unit and its audit event (`businessUnit.update`,
 * before and after) in one transaction. A change of `eligibleBrands` counts at each
 * member's next sign-in and download.
 */
export const updateBusinessUnit = defineRoute('updateBusinessUnit', async ({ path, body, caller }) =>
  updateBusinessUnitAudited(path.id, body, caller),
);
