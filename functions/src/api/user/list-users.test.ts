import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Claim } from '#shared/contracts/identity';
import { listUsersByEmail } from '../../data/users.ts';
import { signPortalToken } from '../../lib/auth/portal-tokens.ts';
import { jsonBody, loadEvent, withHeaders, withQuery } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { listUsers as handler } from './list-users.ts';

// The session-epoch check (issue 21 item 2) reads the table: here every session is current;
// it is tested against the emulators (tests/integration/sessions.int.test.ts).
vi.mock('../../data/sessions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/sessions.ts')>()),
  currentSessionEpoch: async () => 0,
}));

const ADA = {
  id: '01jd3k2m4n5p6q7r8s9t0v1w2x',
  displayName: 'Ada Admin',
  email: 'admin@example.org',
  picture: null,
  businessUnitId: null,
  businessUnit: null,
  ranges: ['USCR' as const],
  roles: ['USER'],
  createdTimestamp: '2026-11-21T00:00:00.000Z',
};

vi.mock('../../data/users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/users.ts')>()),
  listUsersByEmail: vi.fn(async () => ({ items: [ADA], nextPageToken: null })),
}));

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-users-'));
  vi.stubEnv('PORTAL_ISSUER', 'https://portal.test/api/v1/auth');
  vi.stubEnv('PORTAL_SIGNING_KEY_FILE', path.join(dir, 'portal-key.json'));
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const bearer = async (claims: Claim[]) =>
  `Bearer ${await signPortalToken({
    userId: ADA.id,
    displayName: ADA.displayName,
    email: ADA.email,
    picture: null,
    provider: 'vcr',
    roles: ['USER'],
    claims,
    subscriptions: ['coursewareFeature'],
  })}`;

describe('GET /api/v1/users', () => {
  it('lists users by e-mail as UserSummary for a caller with get_v1_users', async () => {
    // Prepare
    const authorization = await bearer([{ type: 'api', value: 'get_v1_users' }]);
    const event = withQuery(withHeaders(loadEvent('user/list-users'), { authorization }), { limit: '2' });
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({
      items: [
        {
          id: ADA.id,
          displayName: 'Ada Admin',
          email: 'admin@example.org',
          roles: ['USER'],
          businessUnitId: null,
          businessUnitName: null,
          createdTimestamp: '2026-11-21T00:00:00.000Z',
        },
      ],
      nextPageToken: null,
    });
    expect(listUsersByEmail).toHaveBeenCalledWith({ limit: 2, pageToken: undefined, q: undefined });
  });

  it('passes a search of at least 2 characters on, trimmed', async () => {
    const authorization = await bearer([{ type: 'api', value: 'get_v1_users' }]);
    const event = withQuery(withHeaders(loadEvent('user/list-users'), { authorization }), { q: '  Ada ' });
    const result = await handler(event, lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(listUsersByEmail).toHaveBeenLastCalledWith({ limit: 100, pageToken: undefined, q: 'Ada' });
  });

  it('answers 400 at query.q for a search of 1 character', async () => {
    const authorization = await bearer([{ type: 'api', value: 'get_v1_users' }]);
    const event = withQuery(withHeaders(loadEvent('user/list-users'), { authorization }), { q: 'a' });
    const result = await handler(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result).errors).toEqual([{ path: 'query.q', message: 'Type at least 2 characters.' }]);
  });

  it('answers 403 when an editor lists users', async () => {
    const authorization = await bearer([{ type: 'api', value: 'patch_v1_content' }]);
    const result = await handler(withHeaders(loadEvent('user/list-users'), { authorization }), lambdaContext());
    expect(result.statusCode).toBe(403);
  });
});
