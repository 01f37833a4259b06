import { TokenResponse } from '#shared/contracts/identity';
import { apiGet, apiUrl } from '../../../lib/api-client.ts';

/** A short-lived token for the exercise area (`GET /api/v1/sso-token`, spec §2.2 /exercises, §7). */
export function getSsoToken({ signal }: { signal?: AbortSignal } = {}): Promise<TokenResponse> {
  return apiGet(apiUrl('getSsoToken'), TokenResponse, { signal });
}
