import type { APIGatewayEventRequestContextJWTAuthorizer } from 'aws-lambda';
import { verifyPortalToken } from '../../functions/src/lib/auth/portal-tokens.ts';
import { type Authorizer, AuthorizerRejection } from './gateway.ts';

/**
 * The local stand-in for API Gateway's JWT authorizer (ApiStack: issuer = the portal
 * issuer, audience = PORTAL_AUDIENCE): a non-public route needs `Authorization:
 * Bearer <token>` that `verifyPortalToken` accepts (signature, issuer, audience,
 * expiry; the same aws-jwt-verify configuration the handlers use). Otherwise the
 * gateway answers 401 `{"message":"Unauthorized"}` with a `www-authenticate`
 * header, as API Gateway does.
 *
 * On success the claims go to `requestContext.authorizer.jwt.claims` in API
 * Gateway's shape: every value a string, arrays as `[a b]`, objects as Go's
 * `map[k:v]`. Handlers read the caller from the verified token, never from these.
 */

/** What verifies a bearer token: `verifyPortalToken` unless given. */
export type VerifyToken = (token: string) => Promise<Record<string, unknown>>;

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

export function createJwtAuthorizer(verify: VerifyToken = verifyPortalToken): Authorizer {
  return async (event) => {
    const header = event.headers.authorization;
    if (!header) throw new AuthorizerRejection('Bearer');
    const token = BEARER.exec(header.trim())?.[1];
    if (!token) throw new AuthorizerRejection('Bearer error="invalid_request"');
    let claims: Record<string, unknown>;
    try {
      claims = await verify(token);
    } catch (error) {
      const expired = error instanceof Error && error.message === 'jwt expired';
      throw new AuthorizerRejection(
        `Bearer error="invalid_token", error_description="${expired ? 'the token has expired' : 'the token is not valid'}"`,
      );
    }
    // API Gateway's HTTP API puts only `jwt` there (the REST API's principalId and
    // integrationLatency, which the type also names, are absent).
    return { jwt: { claims: apiGatewayClaims(claims), scopes: [] } } as APIGatewayEventRequestContextJWTAuthorizer;
  };
}

/** Claims as API Gateway passes them to a Lambda: strings only. */
export function apiGatewayClaims(claims: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(claims).map(([name, value]) => [name, claimText(value)]));
}

function claimText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(claimText).join(' ')}]`;
  if (value !== null && typeof value === 'object') {
    return `map[${Object.entries(value)
      .map(([key, inner]) => `${key}:${claimText(inner)}`)
      .join(' ')}]`;
  }
  return String(value);
}
