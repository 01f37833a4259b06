import { BusinessUnit } from '#shared/contracts/administration';
import { apiGet } from '../../../lib/api-client.ts';
import { businessUnitsApiUrl } from './paths.ts';

/**
 * One business unit, also a merged one (`GET /api/v1/business-units/{id}`): the merge
 * reads the duplicate's current version before finishing an interrupted merge.
 * Throws `ApiError` (404 when there is none).
 */
export function getBusinessUnit(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet(businessUnitsApiUrl('getBusinessUnit', { id }), BusinessUnit, { signal });
}
