import { TokenResponse } from '#shared/contracts/identity';
import { apiPost, apiUrl } from '../../../lib/api-client.ts';

/**
 * Ends the impersonation the current token is (`POST /api/v1/impersonation/end`,
 * spec §4 "Impersonation"; issue 21 item 19): the server records the end in the
 * audit log and answers a fresh token of the administrator.
 */
export function endImpersonation(): Promise<TokenResponse> {
  return apiPost(apiUrl('endImpersonation'), undefined, TokenResponse);
}
