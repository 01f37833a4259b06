import { AUTHENTICATION_ROUTES } from '#shared/routes/authentication';
import { createGroupHandler } from '../../lib/group.ts';
import { authenticate } from './authenticate.ts';
import { endImpersonation } from './end-impersonation.ts';
import { getJwks } from './get-jwks.ts';
import { getOpenIdConfiguration } from './get-open-id-configuration.ts';
import { getSsoToken } from './get-sso-token.ts';

/** Lambda entry of the `authentication` group (spec §7 "Authentication and entitlement"). */
export const handler = createGroupHandler(AUTHENTICATION_ROUTES, {
  authenticate,
  endImpersonation,
  getSsoToken,
  getOpenIdConfiguration,
  getJwks,
});
