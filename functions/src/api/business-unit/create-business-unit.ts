import { createBusinessUnitAudited } from '../../data/business-units.ts';
import { defineRoute } from './define-route.ts';

/**
 * `POST /api/v1/business-units` (issue 11; spec §1 eligibility as data; decision
 * record 030), for administrators (`manageBusinessUnits`): a new unit with its
 * category, state, region, public flag and eligible brands; the unit and its audit
 * event (`businessUnit.create`) in one transaction. Answers 201 with the unit.
 */
export const createBusinessUnit = defineRoute('createBusinessUnit', async ({ body, caller }) =>
  createBusinessUnitAudited(body, caller),
);
