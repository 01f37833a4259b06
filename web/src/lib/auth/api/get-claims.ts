import { ClaimList } from '#shared/contracts/identity';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

/** The signed-in reader's claims (`GET /api/v1/claims`, spec §7 "List claims"). */
export function getClaims({ signal }: { signal?: AbortSignal } = {}): Promise<ClaimList> {
  return apiGet(apiUrl('listClaims'), ClaimList, { signal });
}
