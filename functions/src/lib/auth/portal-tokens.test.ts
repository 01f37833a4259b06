import { readFileSync, statSync } from 'node:fs';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXERCISE_AREA_AUDIENCE, PORTAL_AUDIENCE } from '#shared/contracts/identity';
import { TokenError } from '../errors.ts';
import { portalIssuer, signPortalToken, signSsoToken, verifyPortalToken } from './portal-tokens.ts';
import { getSigningKey, portalJwks } from './signing-key.ts';
import {
  portalTokenTestEnv,
  resetPortalTokenCaches,
  studentTokenInput,
  TEST_PORTAL_ISSUER,
  TEST_USER_ID,
} from './test-support.ts';

let keyFile: string;

beforeEach(() => {
  const env = portalTokenTestEnv();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  keyFile = env.PORTAL_SIGNING_KEY_FILE ?? '';
  resetPortalTokenCaches();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetPortalTokenCaches();
});

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A token with the genuine token's claims plus `changes`, signed by the portal key (or a foreign one). */
async function resigned(changes: Record<string, unknown>, options: { foreignKey?: boolean; kid?: string } = {}) {
  const payload = { ...payloadOf(await signPortalToken(studentTokenInput())), ...changes };
  const own = await getSigningKey();
  const key = options.foreignKey ? (await generateKeyPair('RS256')).privateKey : own.privateKey;
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? own.kid }).sign(key);
}

async function rejection(token: string): Promise<TokenError> {
  const error = await verifyPortalToken(token).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TokenError);
  return error as TokenError;
}

describe('signPortalToken and verifyPortalToken', () => {
  it('round-trips the claims of spec §3 with iss, aud, a one-hour lifetime and the kid header', async () => {
    // Prepare
    const now = new Date();
    // Act
    const token = await signPortalToken(studentTokenInput(), now);
    const claims = await verifyPortalToken(token);
    // Assess
    const iat = Math.floor(now.getTime() / 1000);
    expect(claims).toMatchObject({
      iss: TEST_PORTAL_ISSUER,
      aud: PORTAL_AUDIENCE,
      sub: TEST_USER_ID,
      iat,
      exp: iat + 3600,
      displayName: 'Test Student',
      email: 'student@example.org',
      picture: null,
      provider: 'vcr',
      roles: ['USER'],
      claims: [],
      subscriptions: ['coursewareFeature'],
    });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.act).toBeUndefined();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: (await getSigningKey()).kid, typ: 'JWT' });
  });

  it('gives every token its own jti', async () => {
    const a = payloadOf(await signPortalToken(studentTokenInput()));
    const b = payloadOf(await signPortalToken(studentTokenInput()));
    expect(a.jti).not.toBe(b.jti);
  });

  it('takes the lifetime from PORTAL_TOKEN_TTL_SECONDS', async () => {
    vi.stubEnv('PORTAL_TOKEN_TTL_SECONDS', '120');
    const claims = await verifyPortalToken(await signPortalToken(studentTokenInput()));
    expect(claims.exp - claims.iat).toBe(120);
  });

  it('names the real user in act.sub when impersonating', async () => {
    const actor = '01jd00000000000000000000zz';
    const claims = await verifyPortalToken(await signPortalToken(studentTokenInput({ actorUserId: actor })));
    expect(claims.act).toEqual({ sub: actor });
  });

  it('reads the issuer from PORTAL_ISSUER and refuses to work without it', async () => {
    expect(portalIssuer()).toBe(TEST_PORTAL_ISSUER);
    vi.stubEnv('PORTAL_ISSUER', '');
    expect(() => portalIssuer()).toThrow('PORTAL_ISSUER');
  });
});

describe('verifyPortalToken refuses forged and stale tokens with a 401', () => {
  it('accepts a token re-signed by the portal key with unchanged claims (the control)', async () => {
    await expect(verifyPortalToken(await resigned({}))).resolves.toMatchObject({ sub: TEST_USER_ID });
  });

  it('answers an expired token with exactly "jwt expired" (spec §8)', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const error = await rejection(await resigned({ iat: past - 3600, exp: past }));
    expect(error.statusCode).toBe(401);
    expect(error.message).toBe('jwt expired');
  });

  it('refuses alg: none', async () => {
    const [, payload] = (await signPortalToken(studentTokenInput())).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await rejection(`${header}.${payload}.`)).message).toBe('Invalid token.');
  });

  it('refuses a token signed by another key, under our kid or its own', async () => {
    expect((await rejection(await resigned({}, { foreignKey: true }))).message).toBe('Invalid token.');
    expect((await rejection(await resigned({}, { foreignKey: true, kid: 'foreign' }))).message).toBe('Invalid token.');
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const { publicJwk, kid } = await getSigningKey();
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const payload = payloadOf(await signPortalToken(studentTokenInput()));
    const token = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
    expect((await rejection(token)).message).toBe('Invalid token.');
  });

  it('refuses a wrong issuer and a wrong audience', async () => {
    expect((await rejection(await resigned({ iss: 'https://attacker.example/api/v1/auth' }))).message).toBe(
      'Invalid token.',
    );
    expect((await rejection(await resigned({ aud: 'some-other-app' }))).message).toBe('Invalid token.');
  });

  it('refuses the SSO token meant for the exercise area', async () => {
    const claims = await verifyPortalToken(await signPortalToken(studentTokenInput()));
    expect((await rejection(await signSsoToken(claims))).message).toBe('Invalid token.');
  });

  it('refuses a tampered payload that keeps the signature', async () => {
    const [header, payload, signature] = (await signPortalToken(studentTokenInput())).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    claims.claims = [{ type: 'api', value: 'get_v1_users' }];
    const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect((await rejection(`${header}.${forged}.${signature}`)).message).toBe('Invalid token.');
  });

  it('refuses a genuinely signed token whose claims have the wrong shape', async () => {
    expect((await rejection(await resigned({ sub: 'not-an-id' }))).message).toBe('Invalid token.');
    expect((await rejection(await resigned({ roles: 'USER' }))).message).toBe('Invalid token.');
  });

  it('refuses malformed tokens without leaking why', async () => {
    for (const token of ['', 'abc', 'a.b.c', 'x.y', `${'e'.repeat(20)}.${'e'.repeat(20)}.${'e'.repeat(20)}`]) {
      const error = await rejection(token);
      expect(error.message).toBe('Invalid token.');
      expect(error.expose).toBe(true);
    }
  });
});

describe('signSsoToken', () => {
  it('signs a 300-second token for the exercise area that the portal JWKS verifies', async () => {
    const claims = await verifyPortalToken(await signPortalToken(studentTokenInput()));
    const token = await signSsoToken(claims);
    const payload = payloadOf(token);
    expect(payload).toMatchObject({
      iss: TEST_PORTAL_ISSUER,
      aud: EXERCISE_AREA_AUDIENCE,
      sub: TEST_USER_ID,
      email: 'student@example.org',
      displayName: 'Test Student',
      provider: 'vcr',
    });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);
    expect(payload).not.toHaveProperty('claims');
    const { keys } = await portalJwks();
    const publicKey = await importJWK(keys[0] as JWK, 'RS256');
    const { jwtVerify } = await import('jose');
    await expect(
      jwtVerify(token, publicKey, { issuer: TEST_PORTAL_ISSUER, audience: EXERCISE_AREA_AUDIENCE }),
    ).resolves.toBeTruthy();
  });
});

describe('the signing key file (local stack)', () => {
  it('is generated on first use with mode 0600 in new folders, and reused after a restart', async () => {
    const first = await getSigningKey();
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(keyFile, 'utf8')) as JWK;
    expect(stored).toMatchObject({ kty: 'RSA', kid: first.kid, alg: 'RS256', use: 'sig' });
    expect(stored.d).toBeTruthy();
    resetPortalTokenCaches();
    const token = await signPortalToken(studentTokenInput());
    resetPortalTokenCaches();
    expect((await getSigningKey()).kid).toBe(first.kid);
    await expect(verifyPortalToken(token)).resolves.toMatchObject({ sub: TEST_USER_ID });
  });

  it('uses the RFC 7638 thumbprint as kid and publishes only the public parts', async () => {
    const { keys } = await portalJwks();
    expect(keys).toHaveLength(1);
    const [jwk] = keys;
    expect(Object.keys(jwk ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwk?.kid).toBe(await calculateJwkThumbprint({ kty: 'RSA', n: jwk?.n, e: jwk?.e }));
    expect(Buffer.from(jwk?.n ?? '', 'base64url').length * 8).toBe(2048);
  });
});

describe('the signing key secret (AWS)', () => {
  it('reads the private JWK from Secrets Manager once per container', async () => {
    // Prepare
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const secrets = mockClient(SecretsManagerClient);
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(jwk) });
    vi.stubEnv('PORTAL_SIGNING_KEY_FILE', '');
    vi.stubEnv('PORTAL_SIGNING_KEY_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:123456789012:secret:portal-key');
    resetPortalTokenCaches();
    try {
      // Act
      const token = await signPortalToken(studentTokenInput());
      await verifyPortalToken(token);
      await portalJwks();
      // Assess
      expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
      expect(secrets.commandCalls(GetSecretValueCommand)[0]?.args[0].input.SecretId).toContain('portal-key');
      expect((await getSigningKey()).kid).toBe(await calculateJwkThumbprint(jwk));
    } finally {
      secrets.restore();
    }
  });

  it('fails loudly when no key source is configured', async () => {
    vi.stubEnv('PORTAL_SIGNING_KEY_FILE', '');
    vi.stubEnv('PORTAL_SIGNING_KEY_SECRET_ARN', '');
    resetPortalTokenCaches();
    await expect(getSigningKey()).rejects.toThrow('PORTAL_SIGNING_KEY_FILE, PORTAL_SIGNING_KEY_SECRET_ARN');
  });
});

describe('remembered tokens', () => {
  it('still answers "jwt expired" for a remembered token once it has expired', async () => {
    const token = await signPortalToken(studentTokenInput());
    const claims = await verifyPortalToken(token);
    const afterExpiry = claims.exp * 1000 + 1;
    const error = await verifyPortalToken(token, afterExpiry).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).message).toBe('jwt expired');
  });

  it('verifies a tampered copy of a remembered token in full and rejects it', async () => {
    const token = await signPortalToken(studentTokenInput());
    await verifyPortalToken(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    claims.roles = ['USER', 'ADMIN'];
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await rejection(forged)).message).toBe('Invalid token.');
  });
});
