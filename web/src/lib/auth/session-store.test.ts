// @vitest-environment jsdom
import '../../testing/setup.ts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/mock-api.ts';
import { PERSONAS, portalToken, signIn, storeSession, USER_IDS } from '../../testing/session.ts';
import { ApiError } from '../api-client.ts';
import { getShownErrors, reportError, SESSION_EXPIRED_MESSAGE } from '../error-store.ts';
import {
  bearerToken,
  exitImpersonation,
  getSession,
  getStoredSession,
  startImpersonation,
  tryLogin,
} from './session-store.ts';

function mockAccount() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
    if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login from the stored session (spec §4)', () => {
  it('logs in with a valid token and sends it as Bearer', () => {
    mockAccount();
    expect(signIn(PERSONAS.editor())).toBe(true);
    expect(getSession()).toMatchObject({ status: 'logged-in', user: { displayName: 'Eddie Editor' } });
    expect(bearerToken()).toBe(getStoredSession().token);
  });

  it('clears the token and fails when the USER role is missing', () => {
    mockAccount();
    expect(signIn(portalToken({ roles: [] }))).toBe(false);
    expect(getSession().status).toBe('logged-out');
    expect(getStoredSession().token).toBeNull();
    expect(bearerToken()).toBeNull();
  });

  it('fails without the coursewareFeature subscription', () => {
    mockAccount();
    expect(signIn(portalToken({ subscriptions: [] }))).toBe(false);
    expect(getSession().status).toBe('logged-out');
  });

  it('treats a token as expired 30 s early, and says the session has expired (spec §8; issue 21 item 26)', () => {
    mockAccount();
    const now = Date.now();
    storeSession(portalToken({ exp: Math.floor(now / 1000) + 30 }, now));
    expect(tryLogin(now)).toBe(false);
    expect(getStoredSession().token).toBeNull();
    expect(getShownErrors().map((shown) => shown.message)).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it('says nothing about a stored token that is no session at all (no USER role)', () => {
    mockAccount();
    const now = Date.now();
    storeSession(portalToken({ exp: Math.floor(now / 1000) - 60, roles: [] }, now));
    expect(tryLogin(now)).toBe(false);
    expect(getShownErrors()).toEqual([]);
  });

  it('logs out at once, as expired, when 60 s or less remain', () => {
    mockAccount();
    const now = Date.now();
    storeSession(portalToken({ exp: Math.floor(now / 1000) + 45 }, now));
    expect(tryLogin(now)).toBe(false);
    expect(getSession().status).toBe('logged-out');
    expect(getShownErrors().map((error) => error.message)).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it('schedules the end of the session 60 s before expiry', () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T12:00:00Z') });
    mockAccount();
    const now = Date.now();
    storeSession(portalToken({ exp: Math.floor(now / 1000) + 300 }, now));
    expect(tryLogin()).toBe(true);
    vi.advanceTimersByTime(240_000 - 1);
    expect(getSession().status).toBe('logged-in');
    vi.advanceTimersByTime(1);
    expect(getSession().status).toBe('logged-out');
    expect(getStoredSession().token).toBeNull();
    expect(getShownErrors().map((error) => error.message)).toEqual([SESSION_EXPIRED_MESSAGE]);
  });
});

describe('error rules with a session (spec §8)', () => {
  it.each([[new ApiError(401, 'Unauthorized')], [new ApiError(403, 'Forbidden')], [new ApiError(400, 'jwt expired')]])(
    'logs out and says the session has expired on %s',
    (error) => {
      mockAccount();
      signIn(PERSONAS.student());
      reportError(error);
      reportError(error);
      expect(getSession().status).toBe('logged-out');
      expect(getStoredSession().token).toBeNull();
      expect(getShownErrors().map((shown) => shown.message)).toEqual([SESSION_EXPIRED_MESSAGE]);
    },
  );

  it('logs out on a 422 and shows its own message', () => {
    mockAccount();
    signIn(PERSONAS.student());
    reportError(new ApiError(422, 'The content is invalid.'));
    expect(getSession().status).toBe('logged-out');
    expect(getShownErrors().map((shown) => shown.message)).toEqual(['The content is invalid.']);
  });

  it('shows "Your account could not be found." once', () => {
    reportError(new ApiError(401, 'Your account could not be found in the range.'));
    reportError(new ApiError(401, 'Your account could not be found.'));
    expect(getShownErrors().map((shown) => shown.message)).toEqual(['Your account could not be found.']);
  });
});

describe('impersonation (spec §4)', () => {
  it("swaps the token for the target user, and on exit takes the administrator's fresh token", async () => {
    const adminToken = PERSONAS.admin();
    const freshAdminToken = portalToken({ sub: USER_IDS.admin, displayName: 'Ada Admin', jti: 'fresh' });
    const studentToken = portalToken({ act: { sub: USER_IDS.admin } });
    const spy = mockApi((url) => {
      if (url.pathname === '/api/v1/authenticate') return { body: { token: studentToken } };
      if (url.pathname === '/api/v1/impersonation/end') return { body: { token: freshAdminToken } };
      if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
      if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
      return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
    });
    signIn(adminToken);

    await startImpersonation(USER_IDS.student, '/admin');
    const authenticateCall = spy.mock.calls.find(([input]) => String(input).endsWith('/authenticate'));
    expect(JSON.parse(String(authenticateCall?.[1]?.body))).toEqual({
      provider: 'vcr',
      token: adminToken,
      impersonateUserId: USER_IDS.student,
    });
    expect(getStoredSession()).toMatchObject({
      token: studentToken,
      originalToken: adminToken,
      impersonationPath: '/admin',
    });
    expect(getSession()).toMatchObject({ impersonating: true, user: { displayName: 'Sam Student' } });
    await waitFor(() => expect(spy.mock.calls.filter(([input]) => String(input).endsWith('/claims'))).toHaveLength(2));

    expect(await exitImpersonation()).toBe('/admin');
    const endCall = spy.mock.calls.find(([input]) => String(input).endsWith('/impersonation/end'));
    expect(new Headers(endCall?.[1]?.headers).get('authorization')).toBe(`Bearer ${studentToken}`);
    expect(getStoredSession()).toMatchObject({ token: freshAdminToken, originalToken: null, impersonationPath: null });
    expect(getSession()).toMatchObject({ impersonating: false, user: { displayName: 'Ada Admin' } });
  });

  it('restores the original token when the end of the impersonation gets no answer', async () => {
    const adminToken = PERSONAS.admin();
    const studentToken = portalToken({ act: { sub: USER_IDS.admin } });
    mockApi((url) => {
      if (url.pathname === '/api/v1/authenticate') return { body: { token: studentToken } };
      if (url.pathname === '/api/v1/impersonation/end') return { status: 502, body: { message: 'Bad Gateway' } };
      if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
      if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
      return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
    });
    signIn(adminToken);
    await startImpersonation(USER_IDS.student, null);
    expect(await exitImpersonation()).toBeNull();
    expect(getStoredSession()).toMatchObject({ token: adminToken, originalToken: null });
    expect(getSession()).toMatchObject({ impersonating: false, user: { displayName: 'Ada Admin' } });
  });

  it('logs out with "Your session has expired." when the administrator\'s session ended meanwhile', async () => {
    const adminToken = PERSONAS.admin();
    const studentToken = portalToken({ act: { sub: USER_IDS.admin } });
    mockApi((url) => {
      if (url.pathname === '/api/v1/authenticate') return { body: { token: studentToken } };
      if (url.pathname === '/api/v1/impersonation/end') {
        return { status: 401, body: { statusCode: 401, message: 'Your session has ended. Sign in again.' } };
      }
      if (url.pathname === '/api/v1/claims') return { body: { items: [] } };
      if (url.pathname === '/api/v1/messages') return { body: { items: [] } };
      return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
    });
    signIn(adminToken);
    await startImpersonation(USER_IDS.student, '/admin');
    expect(await exitImpersonation()).toBeNull();
    expect(getSession().status).toBe('logged-out');
    expect(getStoredSession().token).toBeNull();
    expect(getShownErrors().map((shown) => shown.message)).toContain(SESSION_EXPIRED_MESSAGE);
  });
});
