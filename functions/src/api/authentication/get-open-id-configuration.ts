import { portalIssuer, portalJwksUri } from '../../lib/auth/portal-tokens.ts';
import { PORTAL_SIGNING_ALGORITHM } from '../../lib/auth/signing-key.ts';
import { defineRoute } from './define-route.ts';

/** `GET /api/v1/auth/.well-known/openid-configuration`: the discovery document API Gateway's JWT authorizer reads. */
export const getOpenIdConfiguration = defineRoute('getOpenIdConfiguration', async () => {
  const issuer = portalIssuer();
  return {
    issuer,
    jwks_uri: portalJwksUri(issuer),
    id_token_signing_alg_values_supported: [PORTAL_SIGNING_ALGORITHM],
    response_types_supported: ['token'],
    subject_types_supported: ['public'],
  };
});
