import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_LOG_MESSAGE } from '#shared/contracts/client-error';
import { tooManyRequestsMessage } from '#shared/contracts/messages';
import { ROUTE_RATE_LIMITS } from '#shared/limits';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * Client error reports over HTTP (spec §8; issue 21 item 24; decision record 037),
 * against the local stack (its handlers run in this process, so their log lines
 * reach this process's console): an accepted report is one structured log event
 * with no token, e-mail address or query string; a body over the size limit is a
 * 413 and one with a field too long a 400, neither logged; past the caller's rate
 * limit a 429 with `Retry-After`. The rate-limit case runs last (every request
 * comes from 127.0.0.1).
 */

let portal: LocalPortal;
let warn: MockInstance<typeof console.warn>;

beforeAll(async () => {
  delete process.env.RATE_LIMIT_SCALE;
  portal = await startLocalPortal();
}, 600_000);
afterAll(async () => {
  await portal?.stop();
});
afterEach(() => {
  warn?.mockRestore();
});

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

async function report(body: unknown) {
  const response = await fetch(`${portal.baseUrl}/api/v1/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  };
}

/** The client error log lines written so far while `warn` spied (one JSON object each, `lib/logger.ts`). */
function clientErrorLines(): string[] {
  return warn.mock.calls.map((call) => String(call[0])).filter((line) => messageOf(line) === CLIENT_ERROR_LOG_MESSAGE);
}

function messageOf(line: string): unknown {
  try {
    return (JSON.parse(line) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}

describe('POST /api/v1/client-errors over HTTP', () => {
  it('logs an accepted report as one structured event, with no token, e-mail address or query string', async () => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await report({
      kind: 'error',
      name: 'TypeError',
      message: `Cannot read properties of undefined for pat.lee@example.edu with Bearer ${JWT}`,
      stack: `TypeError: boom\n    at https://portal.example/assets/index.js?t=${JWT}:1:2`,
      url: `https://portal.example/auth?t=${JWT}&redirect=%2Fcourseware#s=secret-sso-token`,
      api: { method: 'GET', path: '/api/v1/invitations/preview?token=abc.def', status: 500 },
    });
    expect(answer).toMatchObject({ status: 202, body: { accepted: true } });
    const lines = clientErrorLines();
    expect(lines).toHaveLength(1);
    const line = lines[0] as string;
    const event = JSON.parse(line) as { level: string; signedIn: boolean; report: Record<string, unknown> };
    expect(event).toMatchObject({
      level: 'WARN',
      signedIn: false,
      report: {
        kind: 'error',
        name: 'TypeError',
        url: 'https://portal.example/auth',
        api: { method: 'GET', path: '/api/v1/invitations/preview', status: 500 },
      },
    });
    expect(event.report.message).toBe('Cannot read properties of undefined for [email] with Bearer [jwt]');
    for (const secret of [JWT, 'eyJ', 'pat.lee', 'example.edu', 'secret-sso-token', 'abc.def', '?t=', 'token=']) {
      expect(line).not.toContain(secret);
    }
  });

  it('refuses a body over the size limit with a 413 and a field too long with a 400, logging neither', async () => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tooLarge = await report({
      kind: 'error',
      message: 'x',
      url: '/',
      stack: 'y'.repeat(CLIENT_ERROR_LIMITS.bodyMaxBytes),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body?.message).toBe(`The request body must be at most ${CLIENT_ERROR_LIMITS.bodyMaxBytes} bytes.`);
    const tooLong = await report({
      kind: 'error',
      message: 'x'.repeat(CLIENT_ERROR_LIMITS.messageMaxChars + 1),
      url: '/',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body?.errors).toContainEqual({ path: 'body.message', message: 'Must be at most 1000 characters.' });
    const unknownField = await report({ kind: 'error', message: 'x', url: '/', authorization: `Bearer ${JWT}` });
    expect(unknownField.status).toBe(400);
    expect(clientErrorLines()).toEqual([]);
  });

  it('answers 429 with Retry-After past the caller’s rate limit, and logs nothing more', async () => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { requests, windowSeconds } = ROUTE_RATE_LIMITS.reportClientError.caller;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof report>> | null = null;
    // One report was accepted above; the window may turn over once while these run.
    for (let sent = 0; sent < 2 * requests + 1 && refused === null; sent += 1) {
      const answer = await report({ kind: 'unhandledrejection', message: `flood ${sent}`, url: '/' });
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(new Set(statuses)).toEqual(new Set([202, 429]));
    const seconds = Number(refused?.retryAfter);
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
    expect(refused?.body?.message).toBe(tooManyRequestsMessage(seconds));
    expect(clientErrorLines()).toHaveLength(statuses.filter((status) => status === 202).length);
  });
});
