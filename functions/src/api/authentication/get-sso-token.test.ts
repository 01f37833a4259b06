import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXERCISE_AREA_AUDIENCE, PORTAL_AUDIENCE } from '#shared/contracts/identity';
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

const ISSUER = 'https://portal.test/api/v1/auth';
const USER_ID = '01jd3k2m4n5p6q7r8s9t0v1w2x';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-sso-'));
  vi.stubEnv('PORTAL_ISSUER', ISSUER);
  vi.stubEnv('PORTAL_SIGNING_KEY_FILE', path.join(dir, 'portal-key.json'));
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** A student who may view the exercise area (list_v1_courses, spec §6) unless `claims` says otherwise. */
const bearer = async (roles: string[], claims = [{ type: 'api', value: 'list_v1_courses' }]) =>
  `Bearer ${await signPortalToken({
    userId: USER_ID,
    displayName: 'Sam Student',
    email: 'student@example.edu',
    picture: null,
    provider: 'vcr',
    roles,
    claims,
    subscriptions: ['coursewareFeature'],
  })}`;

async function jwks() {
  const result = await handler(loadEvent('authentication/get-jwks'), lambdaContext());
  return createLocalJWKSet(jsonBody(result) as never);
}

describe('GET /api/v1/sso-token', () => {
  it('answers a short-lived token for the exercise area naming the caller, verifiable with the JWKS', async () => {
    // Prepare
    const event = withHeaders(loadEvent('authentication/get-sso-token'), { authorization: await bearer(['USER']) });
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    const { payload } = await jwtVerify(jsonBody<{ token: string }>(result).token, await jwks(), {
      issuer: ISSUER,
      audience: EXERCISE_AREA_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: USER_ID, email: 'student@example.edu', provider: 'vcr' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(300);
  });

  it('answers 401 without a valid login', async () => {
    const anonymous = await handler(loadEvent('authentication/get-sso-token'), lambdaContext());
    expect(anonymous.statusCode).toBe(401);
    const noRole = withHeaders(loadEvent('authentication/get-sso-token'), { authorization: await bearer([]) });
    expect((await handler(noRole, lambdaContext())).statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user without exercise-area rights (spec §1: students enter by invitation only)', async () => {
    const uninvited = withHeaders(loadEvent('authentication/get-sso-token'), {
      authorization: await bearer(['USER'], []),
    });
    expect((await handler(uninvited, lambdaContext())).statusCode).toBe(403);
    const manager = withHeaders(loadEvent('authentication/get-sso-token'), {
      authorization: await bearer(['USER'], [{ type: 'can-manage-organization', value: 'any' }]),
    });
    expect((await handler(manager, lambdaContext())).statusCode).toBe(200);
  });
});

describe('GET /api/v1/auth/.well-known/openid-configuration and jwks.json', () => {
  it('names the issuer and its JWKS, whose key verifies portal tokens', async () => {
    const result = await handler(loadEvent('authentication/get-open-id-configuration'), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['cache-control']).toBe('public, max-age=300');
    expect(jsonBody(result)).toEqual({
      issuer: ISSUER,
      jwks_uri: `${ISSUER}/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['token'],
      subject_types_supported: ['public'],
    });
    const token = (await bearer(['USER'])).slice('Bearer '.length);
    const { payload } = await jwtVerify(token, await jwks(), { issuer: ISSUER, audience: PORTAL_AUDIENCE });
    expect(payload.sub).toBe(USER_ID);
  });

  it('publishes public key parts only', async () => {
    const result = await handler(loadEvent('authentication/get-jwks'), lambdaContext());
    const { keys } = jsonBody<{ keys: Record<string, unknown>[] }>(result);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});
