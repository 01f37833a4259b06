import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Claim } from '#shared/contracts/identity';
import { getUserAccount, type UserAccount } from '../../data/users.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { jsonBody, loadEvent, withHeaders } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { handler } from './index.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

// The caller's business unit as stored now (decision record 030): George Mason University, eligible on VACR.
vi.mock('../../data/business-units.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/business-units.ts')>()),
  withCurrentBusinessUnit: vi.fn(async <A extends { user: object }>(account: A) => ({
    ...account,
    user: {
      ...account.user,
      businessUnit: { id: 'bu', name: 'George Mason University', state: 'VA', public: true, eligibleBrands: ['VACR'] },
    },
  })),
}));

vi.mock('../../data/users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/users.ts')>()),
  getUserAccount: vi.fn(),
}));

const USER_ID = '01jd3k2m4n5p6q7r8s9t0v1w2x';
const FILES: Claim = { type: 'scoped-file', value: 'any', scopes: ['courseware'] };
const stored: UserAccount = {
  user: {
    id: USER_ID,
    displayName: 'Val Faculty',
    email: 'faculty-vacr@example.edu',
    picture: null,
    businessUnitId: 'bu',
    businessUnit: { id: 'bu', name: 'George Mason University', state: 'VA', public: true },
    ranges: ['VACR'],
    roles: ['USER'],
    createdTimestamp: '2026-11-21T00:00:00.000Z',
  },
  roles: ['USER'],
  claims: [{ type: 'role', value: 'USER' }, FILES, { type: 'api', value: 'list_v1_lessons' }],
  subscriptions: ['coursewareFeature'],
  messages: [{ id: '01jd3k2m4n5p6q7r8s9t0v1w2y', message: 'Welcome to the courseware portal.', link: '/courseware' }],
  organizations: [],
};
let dir: string;
let authorization: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-entitlement-'));
  vi.stubEnv('PORTAL_ISSUER', 'https://portal.test/api/v1/auth');
  vi.stubEnv('PORTAL_SIGNING_KEY_FILE', path.join(dir, 'portal-key.json'));
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  // The token's claims are stale on purpose: the list reads the table.
  authorization = `Bearer ${await signPortalToken({
    userId: USER_ID,
    displayName: 'Val Faculty',
    email: null,
    picture: null,
    provider: 'vcr',
    roles: ['USER'],
    claims: [{ type: 'role', value: 'USER' }],
    subscriptions: ['coursewareFeature'],
  })}`;
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.mocked(getUserAccount).mockReset();
  vi.mocked(getUserAccount).mockResolvedValue({ ...stored, version: 1, sessionEpoch: 0 });
});

describe('GET /api/v1/claims', () => {
  it("lists the caller's claims as stored, file rights kept where the caller is eligible (VACR)", async () => {
    // Prepare
    vi.stubEnv('BRAND', 'VACR');
    const event = withHeaders(loadEvent('entitlement/list-claims'), { authorization });
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({ items: stored.claims });
    expect(getUserAccount).toHaveBeenCalledWith(USER_ID);
  });

  it('drops file rights where the caller is not eligible (USCR, not a national-range user)', async () => {
    vi.stubEnv('BRAND', 'USCR');
    const result = await handler(withHeaders(loadEvent('entitlement/list-claims'), { authorization }), lambdaContext());
    expect(jsonBody<{ items: Claim[] }>(result).items).not.toContainEqual(FILES);
  });

  it('answers 401 "Your account could not be found." when the user is gone', async () => {
    vi.mocked(getUserAccount).mockResolvedValue(null);
    const result = await handler(withHeaders(loadEvent('entitlement/list-claims'), { authorization }), lambdaContext());
    expect(result.statusCode).toBe(401);
    expect(jsonBody(result).message).toBe('Your account could not be found.');
  });

  it('answers 401 without a token', async () => {
    const result = await handler(loadEvent('entitlement/list-claims'), lambdaContext());
    expect(result.statusCode).toBe(401);
    expect(getUserAccount).not.toHaveBeenCalled();
  });
});

describe('GET /api/v1/messages', () => {
  it("lists the caller's messages", async () => {
    const result = await handler(
      withHeaders(loadEvent('entitlement/list-messages'), { authorization }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({ items: stored.messages });
  });
});
