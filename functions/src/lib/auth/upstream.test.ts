import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenError, UnauthorizedError } from '../errors.ts';
import { resetUpstreamVerifiers, verifyUpstreamToken } from './upstream.ts';

const ISSUER = 'http://127.0.0.1:4566/dev-idp';
const AUDIENCE = 'courseware-portal-local';

interface TestKey {
  privateKey: CryptoKey;
  kid: string;
  publicJwk: Record<string, unknown>;
}

async function newKey(): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, kid, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

function sign(key: TestKey, claims: Record<string, unknown> = {}, expiresIn: number | string = '10m') {
  return new SignJWT({
    email: 'ada@example.org',
    name: 'Ada Lovelace',
    picture: 'https://example.org/ada.png',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('dev-idp|ada')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey);
}

function writeJwks(path: string, keys: TestKey[], mtimeSeconds: number): void {
  writeFileSync(path, JSON.stringify({ keys: keys.map((key) => key.publicJwk) }));
  utimesSync(path, mtimeSeconds, mtimeSeconds);
}

async function failure(promise: Promise<unknown>): Promise<UnauthorizedError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UnauthorizedError);
  expect((error as UnauthorizedError).statusCode).toBe(401);
  return error as UnauthorizedError;
}

let keyA: TestKey;
let keyB: TestKey;
let jwksFile: string;

beforeAll(async () => {
  [keyA, keyB] = await Promise.all([newKey(), newKey()]);
});

beforeEach(() => {
  jwksFile = join(mkdtempSync(join(tmpdir(), 'dev-idp-')), 'jwks.json');
  for (const name of ['VCR_COGNITO_USER_POOL_ID', 'VCR_COGNITO_CLIENT_ID', 'VCR_JWKS_URI', 'SSO_JWKS_URI']) {
    vi.stubEnv(name, '');
  }
  vi.stubEnv('VCR_ISSUER', ISSUER);
  vi.stubEnv('VCR_AUDIENCE', AUDIENCE);
  vi.stubEnv('VCR_JWKS_FILE', jwksFile);
  for (const name of ['SSO_ISSUER', 'SSO_AUDIENCE', 'SSO_JWKS_FILE']) vi.stubEnv(name, '');
  resetUpstreamVerifiers();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetUpstreamVerifiers();
});

describe('verifyUpstreamToken with a JWKS file (the local dev identity provider)', () => {
  it('returns who a valid token names', async () => {
    writeJwks(jwksFile, [keyA], 1_000);
    await expect(verifyUpstreamToken('vcr', await sign(keyA))).resolves.toEqual({
      subject: 'dev-idp|ada',
      email: 'ada@example.org',
      displayName: 'Ada Lovelace',
      picture: 'https://example.org/ada.png',
    });
  });

  it('answers null for claims the token does not carry', async () => {
    writeJwks(jwksFile, [keyA], 1_000);
    const token = await sign(keyA, { email: undefined, name: undefined, picture: undefined });
    await expect(verifyUpstreamToken('vcr', token)).resolves.toMatchObject({
      email: null,
      displayName: null,
      picture: null,
    });
  });

  it('picks up a JWKS file created after start, and a rotated one, by its modification time', async () => {
    const token = await sign(keyA);
    expect((await failure(verifyUpstreamToken('vcr', token))).message).toBe('Invalid token.');
    writeJwks(jwksFile, [keyA], 1_000);
    await expect(verifyUpstreamToken('vcr', token)).resolves.toMatchObject({ subject: 'dev-idp|ada' });
    writeJwks(jwksFile, [keyB], 2_000);
    await expect(verifyUpstreamToken('vcr', await sign(keyB))).resolves.toMatchObject({ subject: 'dev-idp|ada' });
  });

  it('answers an expired token with "jwt expired"', async () => {
    writeJwks(jwksFile, [keyA], 1_000);
    const past = Math.floor(Date.now() / 1000) - 60;
    const error = await failure(verifyUpstreamToken('vcr', await sign(keyA, { iat: past - 600 }, past)));
    expect(error).toBeInstanceOf(TokenError);
    expect(error.message).toBe('jwt expired');
  });

  it('refuses a key it does not know, a wrong audience, a wrong issuer and garbage with "Invalid token."', async () => {
    writeJwks(jwksFile, [keyA], 1_000);
    const wrongAudience = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: keyA.kid })
      .setIssuer(ISSUER)
      .setAudience('another-app')
      .setSubject('dev-idp|ada')
      .setExpirationTime('10m')
      .sign(keyA.privateKey);
    const wrongIssuer = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: keyA.kid })
      .setIssuer('http://attacker.example')
      .setAudience(AUDIENCE)
      .setSubject('dev-idp|ada')
      .setExpirationTime('10m')
      .sign(keyA.privateKey);
    for (const token of [await sign(keyB), wrongAudience, wrongIssuer, 'not-a-token']) {
      expect((await failure(verifyUpstreamToken('vcr', token))).message).toBe('Invalid token.');
    }
  });
});

describe('provider configuration', () => {
  it('answers 401 "Sign-in with sso is not configured." for a provider without configuration', async () => {
    const error = await failure(verifyUpstreamToken('sso', 'a.b.c'));
    expect(error).not.toBeInstanceOf(TokenError);
    expect(error.message).toBe('Sign-in with sso is not configured.');
  });

  it('configures sso from SSO_ISSUER, SSO_AUDIENCE and SSO_JWKS_FILE', async () => {
    writeJwks(jwksFile, [keyA], 1_000);
    vi.stubEnv('SSO_ISSUER', ISSUER);
    vi.stubEnv('SSO_AUDIENCE', AUDIENCE);
    vi.stubEnv('SSO_JWKS_FILE', jwksFile);
    resetUpstreamVerifiers();
    await expect(verifyUpstreamToken('sso', await sign(keyA))).resolves.toMatchObject({ subject: 'dev-idp|ada' });
  });

  it('uses Cognito when VCR_COGNITO_USER_POOL_ID and VCR_COGNITO_CLIENT_ID are set', async () => {
    vi.stubEnv('VCR_COGNITO_USER_POOL_ID', 'us-east-1_example');
    vi.stubEnv('VCR_COGNITO_CLIENT_ID', 'client123');
    resetUpstreamVerifiers();
    // A malformed token fails before any JWKS would be fetched from Cognito (no network in tests);
    // the point is that the provider counts as configured.
    const error = await failure(verifyUpstreamToken('vcr', 'not.a.token'));
    expect(error).toBeInstanceOf(TokenError);
    expect(error.message).toBe('Invalid token.');
  });
});
