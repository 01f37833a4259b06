import { signSsoToken } from '../../lib/auth/portal-tokens.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { defineRoute, SIGN_IN_MESSAGE } from '../../lib/handler.ts';

/** `GET /api/v1/sso-token` (spec §7 "Get an SSO token"): a short-lived token for the exercise area. */
export const getSsoToken = defineRoute('getSsoToken', async ({ caller }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return { token: await signSsoToken(caller.claims) };
});
