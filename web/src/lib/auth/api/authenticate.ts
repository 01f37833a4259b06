import { type AuthenticateRequest, TokenResponse } from '#shared/contracts/identity';
import { apiPost, apiUrl } from '../../../lib/api-client.ts';

/**
 * Exchanges an upstream token (provider `vcr` or `sso`) for a portal token; with
 * `impersonateUserId`, the caller's portal token for one of that user
 * (`POST /api/v1/authenticate`, spec §7 "Authenticate", §4 "Impersonation").
 */
export function authenticate(request: AuthenticateRequest): Promise<TokenResponse> {
  return apiPost(apiUrl('authenticate'), request, TokenResponse);
}
