import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of the business units screens, with their paths below `/api/v1` (decision
 * record 040): loaded with this feature's lazily loaded code, not with the first render. An
 * operation the first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const BUSINESS_UNITS_API_PATHS = {
  listBusinessUnits: '/business-units',
  createBusinessUnit: '/business-units',
  getBusinessUnit: '/business-units/{id}',
  updateBusinessUnit: '/business-units/{id}',
  mergeBusinessUnit: '/business-units/{id}/merge',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link BUSINESS_UNITS_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const businessUnitsApiUrl = apiUrlFor(BUSINESS_UNITS_API_PATHS);
