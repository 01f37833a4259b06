import { BUSINESS_UNIT_ROUTES } from '#shared/routes/business-unit';
import { createGroupHandler } from '../../lib/group.ts';
import { createBusinessUnit } from './create-business-unit.ts';
import { getBusinessUnit } from './get-business-unit.ts';
import { listBusinessUnits } from './list-business-units.ts';
import { mergeBusinessUnit } from './merge-business-unit.ts';
import { updateBusinessUnit } from './update-business-unit.ts';

/**
 * Lambda entry of the `business-unit` group (spec §7 "Business units"; issue 11 item
 * 1; decision record 030): schools, colleges, universities, governments and
 * companies listed and read by any signed-in user; created, updated and merged by
 * administrators (`manageBusinessUnits`), audited.
 */
export const handler = createGroupHandler(BUSINESS_UNIT_ROUTES, {
  listBusinessUnits,
  getBusinessUnit,
  createBusinessUnit,
  updateBusinessUnit,
  mergeBusinessUnit,
});
