import { signSsoToken } from '../../lib/auth/portal-tokens.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { SIGN_IN_MESSAGE } from '../../lib/handler.ts';
import { defineRoute } from './define-route.ts';

/**
 * `GET /api/v1/sso-token` (spec §7 "Get an SSO token"): a short-lived token for the
 * exercise area. The route's access is `viewExerciseArea` (spec §6: manage
 * organization or list courses), so a signed-in user without an accepted invitation's
 * rights gets a 403 (spec §1 "Students: enter the exercise area by faculty invitation
 * only"; decision record 030).
 */
export const getSsoToken = defineRoute('getSsoToken', async ({ caller }) => {
  if (!caller) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return { token: await signSsoToken(caller.claims) };
});
