import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import { hasRole, isValidLogin, type Principal } from '#shared/capabilities';
import {
  type Claim,
  IdentityProvider,
  type Message,
  type PortalTokenClaims,
  USER_ROLE,
} from '#shared/contracts/identity';
import { INVITATION_MESSAGES } from '#shared/contracts/invitation-values';
import { SETTINGS_VERSION, TIMING } from '#shared/limits';
import { ApiError, setBearerTokenSource } from '../api-client.ts';
import { endsSession, reportError, SESSION_EXPIRED_MESSAGE, setSessionEndHandler, showError } from '../error-store.ts';
import { readStored, writeStored } from '../storage.ts';
import { authenticate } from './api/authenticate.ts';
import { endImpersonation } from './api/end-impersonation.ts';
import { getClaims } from './api/get-claims.ts';
import { getMessages } from './api/get-messages.ts';
import { type PendingInvitation, settleInvitation } from './invitation-token.ts';
import { decodePortalToken, msUntilExpiry } from './token.ts';

/**
 * The session of spec §3 "Session and claims" and §4 "Session", in one module:
 * the values kept in local storage (token, original token, provider, impersonation
 * path; under the versioned settings key, e.g. `courseware-portal:1.00:session`),
 * and the state the screens read (logged out, logging in, logged in with the
 * principal decoded from the token, its claims, subscriptions and messages).
 *
 * The token is decoded, never verified, here: the SPA uses it only to decide what
 * to show; the API verifies it on every call.
 */

export type SessionStatus = 'logged-out' | 'logging-in' | 'logged-in';

/** Who is signed in, from the token's claims. */
export interface SessionUser {
  readonly id: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly picture: string | null;
  readonly provider: IdentityProvider;
  /** The real user behind an impersonation (`act.sub`), else null. */
  readonly actorId: string | null;
}

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: SessionUser | null;
  /** What the capability table reads (`can`, `capabilitiesOf`); null when logged out. */
  readonly principal: Principal | null;
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
  readonly messages: readonly Message[];
  /** True while an administrator views the portal as someone else. */
  readonly impersonating: boolean;
}

const StoredSession = z.object({
  token: z.string().nullable(),
  originalToken: z.string().nullable(),
  provider: IdentityProvider.nullable(),
  impersonationPath: z.string().nullable(),
});
type StoredSession = z.infer<typeof StoredSession>;

const STORAGE_NAME = 'session';
const EMPTY_STORED: StoredSession = { token: null, originalToken: null, provider: null, impersonationPath: null };
const LOGGED_OUT: SessionState = {
  status: 'logged-out',
  user: null,
  principal: null,
  claims: [],
  subscriptions: [],
  messages: [],
  impersonating: false,
};
/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

let storageVersion = SETTINGS_VERSION;
let stored: StoredSession = EMPTY_STORED;
let state: SessionState = LOGGED_OUT;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function setState(next: SessionState) {
  state = next;
  emit();
}

function persist(next: Partial<StoredSession>) {
  stored = { ...stored, ...next };
  writeStored(STORAGE_NAME, storageVersion, stored);
}

function clearTimer() {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
}

/** Reads the stored session values of this settings version (call once at start, and in tests). */
export function configureSession({ storageVersion: version }: { storageVersion: string }): void {
  storageVersion = version;
  stored = readStored(STORAGE_NAME, version, StoredSession)?.value ?? EMPTY_STORED;
}

export function getSession(): SessionState {
  return state;
}

/** The stored values of spec §3 (token, original token, provider, impersonation path). */
export function getStoredSession(): StoredSession {
  return stored;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering on every change. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** The token the API client sends as Bearer: only while logged in. */
export function bearerToken(): string | null {
  return state.status === 'logged-in' ? stored.token : null;
}

/**
 * Logs out (spec §4): clears timers, tokens, messages, claims and subscriptions.
 * With `expired`, the ERROR dialog says "Your session has expired." (once). Where
 * to go next is the caller's (the /logout route goes home).
 */
export function logout({ expired = false }: { expired?: boolean } = {}): void {
  generation++;
  clearTimer();
  const wasLoggedIn = state.status !== 'logged-out' || stored.token !== null;
  persist(EMPTY_STORED);
  setState(LOGGED_OUT);
  if (expired && wasLoggedIn) showError({ message: SESSION_EXPIRED_MESSAGE, statusCode: null, details: [] });
}

/**
 * Schedules the end of the session (spec §4, §9 "Refresh: scheduled 60 s before
 * expiry, skipped if 60 s or less remain").
 *
 * Decision: the portal has no refresh endpoint, and the upstream token that bought
 * the portal token is not kept, so a "refresh login" can only re-check the token we
 * have, and 60 s before expiry that check ends the session. So: with 60 s or less
 * left the session is logged out now, with "Your session has expired."; with more,
 * that logout is scheduled 60 s before expiry. Logging in again (/login) starts a
 * new session.
 */
function scheduleExpiry(claims: PortalTokenClaims, now: number): boolean {
  clearTimer();
  const remaining = msUntilExpiry(claims, now);
  if (remaining <= TIMING.refreshBeforeExpiryMs) {
    logout({ expired: true });
    return false;
  }
  const delay = remaining - TIMING.refreshBeforeExpiryMs;
  expiryTimer = setTimeout(
    () => {
      expiryTimer = undefined;
      const current = stored.token ? decodePortalToken(stored.token) : null;
      if (current) scheduleExpiry(current, Date.now());
      else logout({ expired: true });
    },
    Math.min(delay, MAX_TIMER_MS),
  );
  return true;
}

function principalOf(claims: PortalTokenClaims): Principal {
  return { roles: claims.roles, claims: claims.claims, subscriptions: claims.subscriptions };
}

/**
 * Tries a login from the stored token (spec §4 "A login counts as valid only if"):
 * the token exists, is not within 30 s of expiry, holds the USER role and the
 * coursewareFeature subscription. A token without the USER role (or one that is
 * not a portal token, or expired) is cleared. On success the state is logged in at
 * once (guards can decide), the expiry is scheduled, and claims and messages load.
 */
export function tryLogin(now: number = Date.now()): boolean {
  const token = stored.token;
  if (!token) {
    if (state.status !== 'logged-out') setState(LOGGED_OUT);
    return false;
  }
  const claims = decodePortalToken(token);
  const expired = claims === null || msUntilExpiry(claims, now) <= TIMING.tokenExpiryMarginMs;
  if (claims !== null && expired && hasRole(principalOf(claims), USER_ROLE)) {
    // A session that ended while the portal was closed (spec §8; issue 21 item 26): say so.
    logout({ expired: true });
    return false;
  }
  if (claims === null || expired || !hasRole(principalOf(claims), USER_ROLE)) {
    generation++;
    clearTimer();
    persist({ token: null });
    setState(LOGGED_OUT);
    return false;
  }
  const principal = principalOf(claims);
  if (!isValidLogin(principal)) {
    // No coursewareFeature subscription: not a valid login, but the token is the reader's own.
    clearTimer();
    setState(LOGGED_OUT);
    return false;
  }
  const sameToken = state.status === 'logged-in' && state.user?.id === claims.sub && expiryTimer !== undefined;
  if (!sameToken) generation++;
  setState({
    status: 'logged-in',
    user: {
      id: claims.sub,
      displayName: claims.displayName,
      email: claims.email,
      picture: claims.picture,
      provider: claims.provider,
      actorId: claims.act?.sub ?? null,
    },
    principal,
    claims: claims.claims,
    subscriptions: claims.subscriptions,
    messages: sameToken ? state.messages : [],
    impersonating: claims.act !== undefined && stored.originalToken !== null,
  });
  if (!scheduleExpiry(claims, now)) return false;
  if (!sameToken) void loadAccountData(generation);
  return true;
}

/** Loads the reader's claims and messages (spec §4); a stale answer (another login since) is dropped. */
async function loadAccountData(forGeneration: number): Promise<void> {
  const [claims, messages] = await Promise.allSettled([getClaims(), getMessages()]);
  if (forGeneration !== generation || state.status !== 'logged-in') return;
  let next = state;
  if (claims.status === 'fulfilled') {
    const principal = next.principal ? { ...next.principal, claims: claims.value.items } : null;
    next = { ...next, claims: claims.value.items, principal };
  }
  if (messages.status === 'fulfilled') next = { ...next, messages: messages.value.items };
  setState(next);
  for (const result of [claims, messages]) if (result.status === 'rejected') reportError(result.reason);
}

/**
 * Sets the reader's messages (issue 25 item 5: a dismiss takes one out, a failed one puts
 * it back), unless the login changed since `loginGeneration` ({@link sessionGeneration}).
 */
export function setSessionMessages(messages: readonly Message[], loginGeneration: number = generation): void {
  if (loginGeneration === generation && state.status === 'logged-in') setState({ ...state, messages });
}

/** The current login's generation: it changes at every login and logout. */
export function sessionGeneration(): number {
  return generation;
}

/**
 * Logs in with an upstream token (the entry guard's `s` and `t`, spec §2.1): POST
 * authenticate, keep the portal token as the Bearer token, then try a login. A
 * failed authentication clears the token (spec §4) and goes through the error
 * rules (a 401 "Your account could not be found." shows once). With `invitation`
 * (issue 11), its token goes along as `invitationToken` and the outcome is recorded
 * (`settleInvitation`); a refused invitation is retried as a normal sign-in.
 */
export function loginWithUpstreamToken(
  provider: IdentityProvider,
  upstreamToken: string,
  { invitation = null }: { invitation?: PendingInvitation | null } = {},
): Promise<boolean> {
  const login = authenticateAndLogin(provider, upstreamToken, invitation);
  inFlightLogin = login;
  void login.finally(() => {
    if (inFlightLogin === login) inFlightLogin = null;
  });
  return login;
}

/** The login started by {@link loginWithUpstreamToken}, while it runs. */
let inFlightLogin: Promise<boolean> | null = null;

/**
 * Resolves when no login is in flight: guards that decide by the session wait here,
 * so a navigation that overlaps the entry guard's login never mistakes "logging in"
 * for "logged out".
 */
export async function sessionSettled(): Promise<void> {
  while (inFlightLogin) await inFlightLogin.catch(() => false);
}

async function authenticateAndLogin(
  provider: IdentityProvider,
  upstreamToken: string,
  invitation: PendingInvitation | null,
): Promise<boolean> {
  const mine = ++generation;
  clearTimer();
  setState({ ...LOGGED_OUT, status: 'logging-in' });
  try {
    const { token } = await authenticate({
      provider,
      token: upstreamToken,
      ...(invitation ? { invitationToken: invitation.token } : {}),
    });
    if (mine !== generation) return false;
    persist({ token, provider, originalToken: null, impersonationPath: null });
    if (invitation) settleInvitation({ kind: 'accepted', invitation });
  } catch (error) {
    if (invitation && isInvitationRefusal(error)) return loginAfterRefusal(mine, provider, upstreamToken, error);
    if (mine === generation) {
      persist({ token: null });
      setState(LOGGED_OUT);
    }
    if (invitation) settleInvitation({ kind: 'refused', message: messageOf(error), signedIn: false });
    reportError(error);
    return false;
  }
  return tryLogin();
}

/**
 * Whether authenticate refused the invitation rather than the sign-in: a client
 * error (used, expired, withdrawn, forged, another e-mail address) that is not the
 * 401 of an upstream token the portal does not accept.
 */
function isInvitationRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if ((Object.values(INVITATION_MESSAGES) as string[]).includes(error.message)) return true;
  return error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 401;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The invitation could not be accepted.';
}

/**
 * An invitation the server refused (issue 11): its message goes to the ERROR
 * dialog as it is (it ends no session: none has begun), then the sign-in is tried
 * again without it, so a reader who already has an account gets their normal
 * session. A reader without one stays signed out; "Your account could not be
 * found." is not added, the refusal already says why.
 */
async function loginAfterRefusal(
  mine: number,
  provider: IdentityProvider,
  upstreamToken: string,
  refusal: ApiError,
): Promise<boolean> {
  showError({ message: refusal.message, statusCode: refusal.statusCode, details: [] });
  try {
    const { token } = await authenticate({ provider, token: upstreamToken });
    if (mine !== generation) return false;
    persist({ token, provider, originalToken: null, impersonationPath: null });
  } catch (error) {
    if (mine === generation) {
      persist({ token: null });
      setState(LOGGED_OUT);
    }
    settleInvitation({ kind: 'refused', message: refusal.message, signedIn: false });
    if (!(error instanceof ApiError && error.statusCode === 401)) reportError(error);
    return false;
  }
  const loggedIn = tryLogin();
  settleInvitation({ kind: 'refused', message: refusal.message, signedIn: loggedIn });
  return loggedIn;
}

/** Thrown when the user to impersonate could not use the portal themselves. */
export class ImpersonationError extends Error {
  override name = 'ImpersonationError';
}

/**
 * Starts an impersonation (spec §4): authenticates with the current token for the
 * target user, saves the original token (the first one, when already impersonating)
 * and the return path, swaps the token and reloads claims and messages.
 */
export async function startImpersonation(userId: string, returnPath: string | null): Promise<void> {
  const current = stored.token;
  const provider = stored.provider ?? state.user?.provider;
  if (state.status !== 'logged-in' || !current || !provider) throw new ImpersonationError('Log in first.');
  const { token } = await authenticate({ provider, token: current, impersonateUserId: userId });
  const claims = decodePortalToken(token);
  if (!claims || !isValidLogin(principalOf(claims))) {
    throw new ImpersonationError(
      'This user cannot use the portal (the USER role or the courseware subscription is missing).',
    );
  }
  persist({ token, originalToken: stored.originalToken ?? current, impersonationPath: returnPath });
  tryLogin();
}

/**
 * Ends an impersonation (spec §4; issue 21 item 19): `POST /api/v1/impersonation/end`
 * records the end in the audit log and answers the administrator's own token, read
 * fresh, which replaces the impersonation's; then logs in with it and returns the
 * saved path (null when none was saved, or nothing was impersonated). An answer that
 * ends the session (the administrator's session was ended meanwhile) logs out with
 * "Your session has expired."; when the call cannot be made at all, the original
 * token is restored as spec §4 says.
 */
export async function exitImpersonation(): Promise<string | null> {
  const { originalToken, impersonationPath } = stored;
  if (!originalToken) return null;
  let token = originalToken;
  try {
    token = (await endImpersonation()).token;
  } catch (error) {
    if (endsSession(error)) {
      reportError(error);
      return null;
    }
  }
  persist({ token, originalToken: null, impersonationPath: null });
  generation++;
  clearTimer();
  tryLogin();
  return impersonationPath;
}

/** Forgets everything in memory and reads storage again; for tests. */
export function resetSessionForTests(): void {
  generation++;
  clearTimer();
  stored = EMPTY_STORED;
  state = LOGGED_OUT;
  storageVersion = SETTINGS_VERSION;
  emit();
}

setBearerTokenSource(bearerToken);
setSessionEndHandler(() => logout());
configureSession({ storageVersion });
