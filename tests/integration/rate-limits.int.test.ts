import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentDetail } from '#shared/contracts/content';
import type { PersonaName } from '#shared/contracts/identity';
import { tooManyRequestsMessage } from '#shared/contracts/messages';
import { ROUTE_RATE_LIMITS } from '#shared/limits';
import { startOfNextRateLimitWindow } from '../../functions/src/test-support/rate-limit-window.ts';
import { type LocalPortal, portalTokenFor, signInAs, startLocalPortal } from '../support/local-portal.ts';

/**
 * Rate limits of the routes that send e-mail or sign in (issue 21 item 4; decision
 * record 033), over HTTP against the seeded local stack: the request after the
 * limit is a 429 with `Retry-After` and the clear message, and nothing is mailed
 * (the local SES inbox store); the per-target limit holds whoever calls. Every
 * request comes from 127.0.0.1, so the sign-in case runs last.
 */

let portal: LocalPortal;
const tokens = new Map<PersonaName, string>();
let signInWindow: number | null = null;
const MODULE_ALIAS = 'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security';

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
  const window = ROUTE_RATE_LIMITS.authenticate.caller.windowSeconds;
  const before = Math.floor(Date.now() / 1000 / window);
  for (const persona of ['faculty-uscr', 'student', 'admin'] as const) {
    tokens.set(persona, await portalTokenFor(portal, persona));
  }
  // The window of these three sign-ins (null when they straddle two).
  signInWindow = Math.floor(Date.now() / 1000 / window) === before ? before : null;
}, 600_000);
afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await portal?.stop();
});

async function post(path: string, as: PersonaName | null, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (as) headers.authorization = `Bearer ${tokens.get(as)}`;
  const response = await fetch(`${portal.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json().catch(() => null)) as { message?: string; id?: string } | null,
  };
}

interface InboxEmail {
  destination: { to: string[] };
  body: { text?: string };
}

async function inbox(): Promise<InboxEmail[]> {
  const store = (await (await fetch(`${portal.urls.sesInbox}/store`)).json()) as { emails: InboxEmail[] };
  return store.emails;
}

/** The e-mails whose text holds `marker`, once every stored message of these tests has had its chance to go out. */
async function mailedWith(marker: string): Promise<InboxEmail[]> {
  return (await inbox()).filter((email) => email.body.text?.includes(marker));
}

/** Expects a 429 with a whole-seconds Retry-After within the window, and the message that says how long to wait. */
function expectRefused(answer: Awaited<ReturnType<typeof post>>, windowSeconds: number): void {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.retryAfter);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(answer.body?.message).toBe(tooManyRequestsMessage(seconds));
}

async function moduleId(): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/v1/content/${encodeURIComponent(MODULE_ALIAS)}`);
  return ContentDetail.parse(await response.json()).content.id;
}

async function firstId(path: string, as: PersonaName): Promise<string> {
  const response = await fetch(`${portal.baseUrl}${path}`, { headers: { authorization: `Bearer ${tokens.get(as)}` } });
  const id = ((await response.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!id) throw new Error(`${path} lists nothing for ${as}.`);
  return id;
}

describe('rate limits over HTTP (issue 21 item 4)', () => {
  it('answers the 6th content feedback of one caller 429 with Retry-After, and mails nothing for it', async () => {
    const limit = ROUTE_RATE_LIMITS.sendContentFeedback.caller;
    startOfNextRateLimitWindow(limit.windowSeconds);
    const id = await moduleId();
    const stamp = `feedback-${Date.now()}`;
    for (let i = 1; i <= limit.requests; i += 1) {
      const sent = await post(`/api/v1/content-items/${id}/feedback`, 'faculty-uscr', { message: `${stamp} ${i}` });
      expect(sent.status).toBe(201);
    }
    const refused = await post(`/api/v1/content-items/${id}/feedback`, 'faculty-uscr', { message: `${stamp} over` });
    expectRefused(refused, limit.windowSeconds);
    await expect.poll(async () => (await mailedWith(stamp)).length).toBe(limit.requests);
    expect(await mailedWith(`${stamp} over`)).toEqual([]);
    // Another caller is not held back by this one's count.
    expect((await post(`/api/v1/content-items/${id}/feedback`, 'admin', { message: `${stamp} admin` })).status).toBe(
      201,
    );
  });

  it('answers the 6th course support request of one caller 429, and mails nothing for it', async () => {
    const limit = ROUTE_RATE_LIMITS.requestCourseSupport.caller;
    startOfNextRateLimitWindow(limit.windowSeconds);
    const course = await firstId('/api/v1/user/courses', 'student');
    const stamp = `support-${Date.now()}`;
    const body = (subject: string) => ({
      subject,
      message: `The lab VM stays at the boot screen (${subject}).`,
      context: { browser: 'Firefox 147', operatingSystem: 'Linux', timeZone: 'America/Chicago' },
    });
    for (let i = 1; i <= limit.requests; i += 1) {
      expect((await post(`/api/v1/courses/${course}/support`, 'student', body(`${stamp} ${i}`))).status).toBe(201);
    }
    const refused = await post(`/api/v1/courses/${course}/support`, 'student', body(`${stamp} over`));
    expectRefused(refused, limit.windowSeconds);
    await expect.poll(async () => (await mailedWith(stamp)).length).toBeGreaterThanOrEqual(limit.requests);
    expect(await mailedWith(`${stamp} over`)).toEqual([]);
  });

  it('holds the per-recipient limit of invitations whoever invites, and mails the recipient once', async () => {
    const limit = ROUTE_RATE_LIMITS.createInvitation.target;
    startOfNextRateLimitWindow(limit.windowSeconds);
    const organizationId = await firstId('/api/v1/organizations', 'faculty-uscr');
    const email = `rate.${Date.now()}@example.edu`;
    const invite = (as: PersonaName, address = email) =>
      post('/api/v1/invitations', as, { email: address, organizationId, role: 'student' });
    // The first invitation is sent; the repeats are 409 (pending already) but count against the address.
    expect((await invite('faculty-uscr')).status).toBe(201);
    for (let i = 2; i <= limit.requests; i += 1) {
      expect((await invite(i % 2 === 0 ? 'admin' : 'faculty-uscr')).status).toBe(409);
    }
    // Each inviter is far below its own limit; the address is at its limit.
    const refused = await invite('admin', email.toUpperCase());
    expectRefused(refused, limit.windowSeconds);
    // The inviter may still invite someone else.
    expect((await invite('admin', `other.${email}`)).status).toBe(201);
    await expect.poll(async () => (await inbox()).filter((mail) => mail.destination.to.includes(email)).length).toBe(1);
  });

  it('answers sign-in past its limit per client address 429 with Retry-After', async () => {
    const limit = ROUTE_RATE_LIMITS.authenticate.caller;
    // Hundreds of requests take a while here: they must all fall into one fixed window
    // (issue 23 item 8); the portal runs in this process.
    startOfNextRateLimitWindow(limit.windowSeconds);
    const upstream = await signInAs(portal, 'student');
    // The beforeAll's sign-ins count when they fell into this window.
    const windowOf = (ms: number) => Math.floor(ms / 1000 / limit.windowSeconds);
    const already = windowOf(Date.now()) === signInWindow ? 3 : 0;
    const statuses: number[] = [];
    for (let sent = already; sent < limit.requests; sent += 10) {
      const batch = Math.min(10, limit.requests - sent);
      const answers = await Promise.all(
        Array.from({ length: batch }, () => post('/api/v1/authenticate', null, { provider: 'vcr', token: upstream })),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await post('/api/v1/authenticate', null, { provider: 'vcr', token: upstream });
    expectRefused(refused, limit.windowSeconds);
  }, 300_000);
});
