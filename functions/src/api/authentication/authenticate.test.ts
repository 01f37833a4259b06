import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonaName, PortalTokenClaims } from '#shared/contracts/identity';
import { putAuditEvent } from '../../data/audit.ts';
import { getUserAccount, getUserIdByIdentity, userAccountOf } from '../../data/users.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { writeUpstreamJwks } from '../../lib/auth/test-support.ts';
import { DEFAULT_DATA_ROOT } from '../../seed/import.ts';
import { PERSONA_ACCOUNTS, planPersonas, readSchools } from '../../seed/personas.ts';
import { jsonBody, loadEvent } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler } from './index.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

// Sign-in is rate-limited (issue 21 item 4) through a table counter: here every request is
// allowed; the limit is tested over HTTP (tests/integration/rate-limits.int.test.ts).
vi.mock('../../data/rate-limits.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/rate-limits.ts')>()),
  hitRateLimit: async () => ({ allowed: true, hits: 1 }),
}));

vi.mock('../../data/users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/users.ts')>()),
  getUserIdByIdentity: vi.fn(),
  getUserAccount: vi.fn(),
}));

// The business unit as stored now (issue 11): the plan's accounts already carry their
// units with eligibleBrands, so the stored read is replaced by the account's own copy.
vi.mock('../../data/business-units.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/business-units.ts')>()),
  withCurrentBusinessUnit: vi.fn(async <A>(account: A) => account),
}));

// The impersonation's audit event (issue 11) is stored through this; its write is tested against the emulators.
vi.mock('../../data/audit.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/audit.ts')>()),
  putAuditEvent: vi.fn(async () => undefined),
}));

const UPSTREAM = { issuer: 'https://login.test', audience: 'portal-test' };
const plan = planPersonas(await readSchools(DEFAULT_DATA_ROOT), new Date('2026-11-21T00:00:00.000Z'));
const accounts = new Map(plan.accounts.map((account) => [account.user.id, userAccountOf(account)]));
const userIdOf = (persona: PersonaName) => PERSONA_ACCOUNTS.find((a) => a.persona === persona)?.userId ?? '';

let dir: string;
let upstreamKey: CryptoKey;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-authenticate-'));
  const upstream = await writeUpstreamJwks(dir, 'upstream-jwks.json', 'up');
  upstreamKey = upstream.privateKey;
  const { jwksFile } = upstream;
  vi.stubEnv('VCR_ISSUER', UPSTREAM.issuer);
  vi.stubEnv('VCR_AUDIENCE', UPSTREAM.audience);
  vi.stubEnv('VCR_JWKS_FILE', jwksFile);
  vi.stubEnv('PORTAL_ISSUER', 'https://portal.test/api/v1/auth');
  vi.stubEnv('PORTAL_SIGNING_KEY_FILE', path.join(dir, 'portal-key.json'));
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.stubEnv('BRAND', 'USCR');
  vi.mocked(getUserIdByIdentity).mockReset();
  vi.mocked(getUserAccount).mockReset();
  vi.mocked(getUserIdByIdentity).mockImplementation(async (_provider, subject) => {
    return PERSONA_ACCOUNTS.find((account) => account.subject === subject)?.userId ?? null;
  });
  vi.mocked(getUserAccount).mockImplementation(async (userId) => accounts.get(userId) ?? null);
});

function upstreamToken(subject: string): Promise<string> {
  return new SignJWT({ email: 'someone@example.edu', name: 'Someone' })
    .setProtectedHeader({ alg: 'RS256', kid: 'up' })
    .setIssuer(UPSTREAM.issuer)
    .setAudience(UPSTREAM.audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(upstreamKey);
}

async function authenticate(body: Record<string, unknown>) {
  const event = loadEvent('authentication/authenticate');
  event.body = JSON.stringify(body);
  return handler(event, lambdaContext());
}

async function portalTokenOf(persona: PersonaName, actorUserId?: string): Promise<string> {
  const account = accounts.get(userIdOf(persona));
  if (!account) throw new Error(persona);
  return signPortalToken({
    userId: account.user.id,
    displayName: account.user.displayName,
    email: account.user.email,
    picture: null,
    provider: 'vcr',
    roles: account.roles,
    claims: account.claims,
    subscriptions: account.subscriptions,
    ...(actorUserId ? { actorUserId } : {}),
  });
}

describe('POST /api/v1/authenticate', () => {
  it('exchanges an upstream token for a portal token with the persona and its file rights on VACR', async () => {
    // Prepare
    vi.stubEnv('BRAND', 'VACR');
    // Act
    const result = await authenticate({ provider: 'vcr', token: await upstreamToken('dev|faculty-vacr') });
    // Assess
    expect(result.statusCode).toBe(200);
    const claims = decodeJwt(jsonBody<{ token: string }>(result).token) as unknown as PortalTokenClaims;
    expect(claims).toMatchObject({
      sub: userIdOf('faculty-vacr'),
      displayName: 'Val Faculty',
      email: 'faculty-vacr@example.edu',
      provider: 'vcr',
      roles: ['USER'],
      subscriptions: ['coursewareFeature'],
    });
    expect(claims.claims).toContainEqual({ type: 'scoped-file', value: 'any', scopes: ['courseware', 'lesson'] });
    expect(claims.act).toBeUndefined();
    expect(getUserIdByIdentity).toHaveBeenCalledWith('vcr', 'dev|faculty-vacr');
    expect(getUserAccount).toHaveBeenCalledTimes(1);
  });

  it('leaves out file rights of VACR faculty on USCR', async () => {
    const result = await authenticate({ provider: 'vcr', token: await upstreamToken('dev|faculty-vacr') });
    const claims = decodeJwt(jsonBody<{ token: string }>(result).token) as unknown as PortalTokenClaims;
    expect(claims.claims.map((claim) => claim.type)).not.toContain('scoped-file');
    expect(claims.claims).toContainEqual({ type: 'api', value: 'list_v1_courses' });
  });

  it('issues a token without the USER role too: the SPA and the access rule judge it', async () => {
    const result = await authenticate({ provider: 'vcr', token: await upstreamToken('dev|no-role') });
    expect(result.statusCode).toBe(200);
    expect(decodeJwt(jsonBody<{ token: string }>(result).token)).toMatchObject({ roles: [], claims: [] });
  });

  it('answers 401 "Your account could not be found." for an identity linked to no user', async () => {
    const result = await authenticate({ provider: 'vcr', token: await upstreamToken('dev|nobody') });
    expect(result.statusCode).toBe(401);
    expect(jsonBody(result).message).toBe('Your account could not be found.');
    expect(getUserAccount).not.toHaveBeenCalled();
  });

  it('answers 401 for an upstream token the provider did not sign', async () => {
    const foreign = await signPortalToken({
      userId: userIdOf('admin'),
      displayName: 'x',
      email: null,
      picture: null,
      provider: 'vcr',
      roles: [],
      claims: [],
      subscriptions: [],
    });
    const result = await authenticate({ provider: 'vcr', token: foreign });
    expect(result.statusCode).toBe(401);
    expect(getUserIdByIdentity).not.toHaveBeenCalled();
  });

  it('lets an administrator impersonate a user: a token of the target whose act names the administrator', async () => {
    const result = await authenticate({
      provider: 'vcr',
      token: await portalTokenOf('admin'),
      impersonateUserId: userIdOf('student'),
    });
    expect(result.statusCode).toBe(200);
    expect(decodeJwt(jsonBody<{ token: string }>(result).token)).toMatchObject({
      sub: userIdOf('student'),
      displayName: 'Sam Student',
      act: { sub: userIdOf('admin') },
    });
    expect(getUserIdByIdentity).not.toHaveBeenCalled();
    expect(putAuditEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'impersonation.start',
        actor: expect.objectContaining({ id: userIdOf('admin'), impersonatorId: null }),
        target: { type: 'user', id: userIdOf('student'), name: 'Sam Student' },
      }),
    );
  });

  it('answers 403 Forbidden when an editor tries to impersonate', async () => {
    const result = await authenticate({
      provider: 'vcr',
      token: await portalTokenOf('editor'),
      impersonateUserId: userIdOf('student'),
    });
    expect(result.statusCode).toBe(403);
    expect(jsonBody(result).message).toBe('Forbidden');
    expect(getUserAccount).not.toHaveBeenCalled();
  });

  it('answers 403 "Exit impersonation first." from within an impersonation', async () => {
    const result = await authenticate({
      provider: 'vcr',
      token: await portalTokenOf('admin', userIdOf('admin')),
      impersonateUserId: userIdOf('student'),
    });
    expect(result.statusCode).toBe(403);
    expect(jsonBody(result).message).toBe('Exit impersonation first.');
  });

  it('answers 404 "User does not exist." for an unknown target', async () => {
    const result = await authenticate({
      provider: 'vcr',
      token: await portalTokenOf('admin'),
      impersonateUserId: '0000000000000000000000000z',
    });
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result).message).toBe('User does not exist.');
  });

  it('answers 401 when the impersonation token is an upstream token, not a portal token', async () => {
    const result = await authenticate({
      provider: 'vcr',
      token: await upstreamToken('dev|admin'),
      impersonateUserId: userIdOf('student'),
    });
    expect(result.statusCode).toBe(401);
  });
});
