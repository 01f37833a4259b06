import { listBusinessUnits as readBusinessUnits } from '../../data/business-units.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/business-units?q&category&state&limit&pageToken` (issue 11; decision
 * record 030), for any signed-in user: business units that are not merged, in name
 * order, `q` anywhere in the name (case-insensitive), by category and state; paged
 * by token (gsi1 `BUSINESS_UNITS`).
 */
export const listBusinessUnits = defineRoute('listBusinessUnits', async ({ query }) => readBusinessUnits(query));
