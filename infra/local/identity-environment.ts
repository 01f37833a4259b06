import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resetPortalVerifier } from '../../functions/src/lib/auth/portal-tokens.ts';
import { resetSigningKey } from '../../functions/src/lib/auth/signing-key.ts';
import { resetUpstreamVerifiers } from '../../functions/src/lib/auth/upstream.ts';
import { DEV_IDP_JWKS_FILE } from './dev-identity-provider.ts';

/**
 * The identity settings of the local portal, as environment variables the handlers
 * read (they run in this process):
 *
 * | variable                | local value                                   |
 * |-------------------------|-----------------------------------------------|
 * | PORTAL_ISSUER           | `<portal url>/api/v1/auth`                    |
 * | PORTAL_SIGNING_KEY_FILE | `<keys>/portal-signing-key.json`              |
 * | VCR_ISSUER              | `<portal url>/dev` (the dev identity provider) |
 * | VCR_AUDIENCE            | `courseware-portal-dev-login`                 |
 * | VCR_JWKS_FILE           | `<keys>/dev-idp-jwks.json`                    |
 * | SSO_ISSUER              | `<portal url>/dev/sso`                        |
 * | SSO_AUDIENCE            | `exercise-area-dev`                           |
 * | SSO_JWKS_FILE           | `<keys>/dev-idp-jwks.json`                    |
 *
 * `<keys>` is `<dataDir>/keys`, or in memory one temporary folder per process
 * (removed at exit), so a restarted in-memory portal keeps its keys. A variable the
 * user set wins; the ones set here are removed again by `restore()`.
 */

export const DEV_LOGIN_AUDIENCE = 'courseware-portal-dev-login';
export const DEV_SSO_AUDIENCE = 'exercise-area-dev';
export const PORTAL_SIGNING_KEY_FILE_NAME = 'portal-signing-key.json';

/** Values this module set, by name: a variable holding another value was set by the user. */
const ours = new Map<string, string>();
let memoryKeysDir: string | undefined;

/** The folder of the portal's and the dev identity provider's keys. */
export function keysDirOf(dataDir: string | null): string {
  if (dataDir) return path.join(dataDir, 'keys');
  if (!memoryKeysDir) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
    memoryKeysDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return memoryKeysDir;
}

/** The variables for a portal at `portalUrl` whose keys live in `keysDir`. */
export function identityEnvironment(portalUrl: string, keysDir: string): Record<string, string> {
  const jwks = path.join(keysDir, DEV_IDP_JWKS_FILE);
  return {
    PORTAL_ISSUER: `${portalUrl}/api/v1/auth`,
    PORTAL_SIGNING_KEY_FILE: path.join(keysDir, PORTAL_SIGNING_KEY_FILE_NAME),
    VCR_ISSUER: `${portalUrl}/dev`,
    VCR_AUDIENCE: DEV_LOGIN_AUDIENCE,
    VCR_JWKS_FILE: jwks,
    SSO_ISSUER: `${portalUrl}/dev/sso`,
    SSO_AUDIENCE: DEV_SSO_AUDIENCE,
    SSO_JWKS_FILE: jwks,
  };
}

/**
 * Sets the identity variables the user has not set, and makes the in-process
 * handlers read them afresh (their verifiers and key are cached per process).
 * @returns `restore`, which removes the variables set here.
 */
export function applyIdentityEnvironment(portalUrl: string, keysDir: string): { restore(): void } {
  const applied: [string, string][] = [];
  for (const [name, value] of Object.entries(identityEnvironment(portalUrl, keysDir))) {
    const current = process.env[name];
    if (current !== undefined && current !== ours.get(name)) continue;
    process.env[name] = value;
    ours.set(name, value);
    applied.push([name, value]);
  }
  forgetCachedIdentity();
  return {
    restore() {
      for (const [name, value] of applied) {
        if (process.env[name] !== value) continue;
        delete process.env[name];
        ours.delete(name);
      }
      forgetCachedIdentity();
    },
  };
}

function forgetCachedIdentity(): void {
  resetUpstreamVerifiers();
  resetSigningKey();
  resetPortalVerifier();
}
