import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { API_CLAIMS, CLAIM_TYPES } from '#shared/capabilities';
import { COURSEWARE_FEATURE, USER_ROLE } from '#shared/contracts/identity';
import type { PortalTokenInput } from './portal-tokens.ts';
import { resetPortalVerifier } from './portal-tokens.ts';
import { resetSigningKey } from './signing-key.ts';

/** The issuer tests sign and verify portal tokens with. */
export const TEST_PORTAL_ISSUER = 'https://portal.test.example/api/v1/auth';

/** A portal user id of the EntityId shape. */
export const TEST_USER_ID = '01jd0000000000000000000000';

/**
 * Environment for portal tokens in a test: a fresh temporary folder for the signing
 * key file (created on first use) and the test issuer. Stub each entry
 * (`vi.stubEnv`), then call {@link resetPortalTokenCaches}.
 */
export function portalTokenTestEnv(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-key-'));
  return {
    PORTAL_SIGNING_KEY_FILE: join(dir, 'keys', 'portal-signing-key.json'),
    PORTAL_ISSUER: TEST_PORTAL_ISSUER,
  };
}

/** Forgets the cached signing key and verifier, so the next call reads the environment again. */
export function resetPortalTokenCaches(): void {
  resetSigningKey();
  resetPortalVerifier();
}

/** A student with a valid login (USER role, coursewareFeature); override any field. */
export function studentTokenInput(overrides: Partial<PortalTokenInput> = {}): PortalTokenInput {
  return {
    userId: TEST_USER_ID,
    displayName: 'Test Student',
    email: 'student@example.org',
    picture: null,
    provider: 'vcr',
    roles: [USER_ROLE],
    claims: [],
    subscriptions: [COURSEWARE_FEATURE],
    ...overrides,
  };
}

/** An editor: a student with the `patch_v1_content` API claim (spec §6 "Update content"). */
export function editorTokenInput(overrides: Partial<PortalTokenInput> = {}): PortalTokenInput {
  return studentTokenInput({
    displayName: 'Test Editor',
    claims: [{ type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent }],
    ...overrides,
  });
}

/** An administrator: an editor who may also view archived content. */
export function adminTokenInput(overrides: Partial<PortalTokenInput> = {}): PortalTokenInput {
  return studentTokenInput({
    displayName: 'Test Admin',
    claims: [
      { type: CLAIM_TYPES.api, value: API_CLAIMS.updateContent },
      { type: CLAIM_TYPES.viewArchivedContent, value: 'any' },
    ],
    ...overrides,
  });
}

/**
 * An upstream identity provider for a test: a fresh RS256 key pair whose public JWKS
 * (key id `kid`) is written to `<dir>/<file>`, the file `VCR_JWKS_FILE` / `SSO_JWKS_FILE`
 * point at. Sign upstream tokens with the returned `privateKey`.
 */
export async function writeUpstreamJwks(
  dir: string,
  file: string,
  kid: string,
): Promise<{ privateKey: CryptoKey; jwksFile: string }> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwksFile = join(dir, file);
  writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256' }] }));
  return { privateKey: pair.privateKey, jwksFile };
}
