import { paths } from '../../config/paths.ts';
import { getPendingInvitation } from './invitation-token.ts';
import { getSession, loginWithUpstreamToken, sessionSettled, tryLogin } from './session-store.ts';

/** Query parameters that carry an upstream token into the portal (spec §2.1). */
const SSO_PARAM = 's';
const TOKEN_PARAM = 't';

/**
 * The entry guard of spec §2.1, run before every shell navigation:
 * - `s` in the query: log in with provider `sso` and that token;
 * - else `t`: log in with provider `vcr` (authenticate, keep the portal token as
 *   Bearer, try a login); on the invitation page, with the invitation kept for this
 *   tab (issue 11), which the sign-in then accepts;
 * - else, when not logged in, try a login from the stored session (a logged-in
 *   session is checked again too, so an expired one ends here).
 *
 * Returns the address to replace the current one with when `s` or `t` had to be
 * stripped (both are removed, so no token stays in the address or the history;
 * other parameters are kept), else null.
 */
export async function entryGuard(url: URL): Promise<string | null> {
  const sso = url.searchParams.get(SSO_PARAM);
  const vcr = url.searchParams.get(TOKEN_PARAM);
  if (sso !== null || vcr !== null) {
    if (sso) await loginWithUpstreamToken('sso', sso);
    else if (vcr) {
      // Back from the login host to accept an invitation: the sign-in carries its token (issue 11).
      const invitation = url.pathname === paths.invitation ? getPendingInvitation() : null;
      await loginWithUpstreamToken('vcr', vcr, { invitation });
    }
    const search = new URLSearchParams(url.search);
    search.delete(SSO_PARAM);
    search.delete(TOKEN_PARAM);
    const query = search.toString();
    return `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
  }
  if (getSession().status === 'logging-in') await sessionSettled();
  else tryLogin();
  return null;
}

const pending = new Map<string, Promise<string | null>>();

/**
 * The entry guard once per address: the root route's loader and the loaders that
 * need the session (guards, /login, /exercises) run side by side, and React's
 * StrictMode (development) starts the first navigation twice with two `Request`
 * objects; all of them wait for the same run, so an upstream token is exchanged
 * exactly once. The run is forgotten once settled.
 */
export function sessionGate(request: Request): Promise<string | null> {
  const key = request.url;
  let run = pending.get(key);
  if (!run) {
    const started = entryGuard(new URL(key));
    run = started;
    pending.set(key, started);
    void started.finally(() => {
      if (pending.get(key) === started) pending.delete(key);
    });
  }
  return run;
}
