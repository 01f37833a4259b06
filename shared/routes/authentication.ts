import { AuthenticateRequest, JsonWebKeySet, OpenIdConfiguration, TokenResponse } from '../contracts/identity.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `authentication` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const AUTHENTICATION_ROUTES = [
  {
    operationId: 'authenticate',
    method: 'POST',
    path: '/api/v1/authenticate',
    group: 'authentication',
    access: 'public',
    summary:
      'Exchange an upstream token (provider vcr or sso) for a portal token; with impersonateUserId, the caller\'s portal token for one of that user (spec §7, §4 "Impersonation"); with invitationToken, accepts that invitation first (decision record 030).',
    request: { body: AuthenticateRequest },
    response: TokenResponse,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'endImpersonation',
    method: 'POST',
    path: '/api/v1/impersonation/end',
    group: 'authentication',
    access: 'authenticated',
    summary:
      'Ends an impersonation (spec §4 "Impersonation"): the caller\'s impersonation token for a fresh portal token of the administrator behind it, once the end is in the audit log (issue 21 item 19).',
    request: {},
    response: TokenResponse,
    errorStatuses: [401, 409],
  },
  {
    operationId: 'getSsoToken',
    method: 'GET',
    path: '/api/v1/sso-token',
    group: 'authentication',
    access: 'viewExerciseArea',
    summary:
      'A short-lived token for the exercise area, added as query s by /exercises (spec §2.2, §7 "Get an SSO token"); only to those who may view the exercise area (spec §1 "Students: by invitation only", §6; decision record 030).',
    request: {},
    response: TokenResponse,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'getOpenIdConfiguration',
    method: 'GET',
    path: '/api/v1/auth/.well-known/openid-configuration',
    group: 'authentication',
    access: 'public',
    summary: "The portal issuer's discovery document (issuer, jwks_uri), read by API Gateway's JWT authorizer.",
    request: {},
    response: OpenIdConfiguration,
    cacheSeconds: 300,
  },
  {
    operationId: 'getJwks',
    method: 'GET',
    path: '/api/v1/auth/jwks.json',
    group: 'authentication',
    access: 'public',
    summary: "The portal's public signing keys (JWKS) that verify portal tokens.",
    request: {},
    response: JsonWebKeySet,
    cacheSeconds: 300,
  },
] as const satisfies readonly GroupRouteDefinition<'authentication'>[];
