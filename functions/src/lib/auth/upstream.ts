import { readFile, stat } from 'node:fs/promises';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { type Jwks, SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { IdentityProvider } from '#shared/contracts/identity';
import { optionalVariable } from '../env.ts';
import { TokenError, UnauthorizedError } from '../errors.ts';

/**
 * Verification of upstream identity tokens (spec §7 "Authenticate: provider (vcr or
 * sso), token"; ARCHITECTURE.md "Identity, sessions, claims") with aws-jwt-verify.
 * Each provider is configured by environment variables, read once per container:
 *
 * | provider | AWS (Cognito)                                     | any OIDC issuer                                                        |
 * |----------|---------------------------------------------------|------------------------------------------------------------------------|
 * | `vcr`    | `VCR_COGNITO_USER_POOL_ID` + `VCR_COGNITO_CLIENT_ID` (ID tokens) | `VCR_ISSUER` + `VCR_AUDIENCE` + (`VCR_JWKS_FILE` or `VCR_JWKS_URI`) |
 * | `sso`    | —                                                 | `SSO_ISSUER` + `SSO_AUDIENCE` + (`SSO_JWKS_FILE` or `SSO_JWKS_URI`)    |
 *
 * A `*_JWKS_FILE` (the local dev identity provider writes one) is read from disk and
 * re-read whenever its modification time changes; a `*_JWKS_URI` must be https.
 */

/** The identity an upstream token proves. */
export interface UpstreamIdentity {
  /** The provider's subject (`sub`), unique per provider. */
  readonly subject: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly picture: string | null;
}

/** Environment variable names of each provider's configuration. */
export const UPSTREAM_ENV = {
  vcr: {
    cognitoUserPoolId: 'VCR_COGNITO_USER_POOL_ID',
    cognitoClientId: 'VCR_COGNITO_CLIENT_ID',
    issuer: 'VCR_ISSUER',
    audience: 'VCR_AUDIENCE',
    jwksFile: 'VCR_JWKS_FILE',
    jwksUri: 'VCR_JWKS_URI',
  },
  sso: { issuer: 'SSO_ISSUER', audience: 'SSO_AUDIENCE', jwksFile: 'SSO_JWKS_FILE', jwksUri: 'SSO_JWKS_URI' },
} as const;

/** Verifies one token and returns its payload; throws aws-jwt-verify's errors. */
type Verify = (token: string) => Promise<Record<string, unknown>>;

const verifiers = new Map<IdentityProvider, Verify | null>();

/**
 * Verifies an upstream token of `provider` (signature against the provider's JWKS,
 * issuer, audience — for Cognito: user pool, client id and `token_use` id — and
 * expiry) and returns who it names: `sub`, `email`, display name (`name`, else
 * `displayName`, else `cognito:username`, else `preferred_username`) and `picture`.
 * @throws UnauthorizedError (401) `Sign-in with <provider> is not configured.` when
 *   the provider has no configuration.
 * @throws TokenError (401) `jwt expired` for an expired token, `Invalid token.` for
 *   any other verification failure.
 */
export async function verifyUpstreamToken(provider: IdentityProvider, token: string): Promise<UpstreamIdentity> {
  const verify = verifierOf(provider);
  if (!verify) throw new UnauthorizedError(`Sign-in with ${provider} is not configured.`);
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token);
  } catch (error) {
    throw error instanceof TokenError ? error : new TokenError(error instanceof JwtExpiredError, { cause: error });
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenError(false);
  return {
    subject: payload.sub,
    email: stringOrNull(payload.email),
    displayName:
      stringOrNull(payload.name) ??
      stringOrNull(payload.displayName) ??
      stringOrNull(payload['cognito:username']) ??
      stringOrNull(payload.preferred_username),
    picture: stringOrNull(payload.picture),
  };
}

/**
 * Forgets the configuration read from the environment: for tests setting another, and
 * for the local portal when it restarts with other identity settings.
 */
export function resetUpstreamVerifiers(): void {
  verifiers.clear();
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function verifierOf(provider: IdentityProvider): Verify | null {
  if (!verifiers.has(provider)) verifiers.set(provider, createVerifier(provider));
  return verifiers.get(provider) ?? null;
}

function createVerifier(provider: IdentityProvider): Verify | null {
  const names = UPSTREAM_ENV[provider];
  const read = (name: string) => optionalVariable(name) || undefined;
  if ('cognitoUserPoolId' in names) {
    const userPoolId = read(names.cognitoUserPoolId);
    const clientId = read(names.cognitoClientId);
    if (userPoolId && clientId) {
      const cognito = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'id' });
      return async (token) => (await cognito.verify(token)) as Record<string, unknown>;
    }
  }
  const issuer = read(names.issuer);
  const audience = read(names.audience);
  const jwksFile = read(names.jwksFile);
  const jwksUri = read(names.jwksUri);
  if (!issuer || !audience || !(jwksFile || jwksUri)) return null;
  if (!jwksFile) {
    const remote = JwtRsaVerifier.create({ issuer, audience, ...(jwksUri ? { jwksUri } : {}) });
    return async (token) => (await remote.verify(token)) as Record<string, unknown>;
  }
  return fileVerifier(issuer, audience, jwksFile);
}

/**
 * A verifier whose keys come from a JWKS file. The file is stat'ed on every
 * verification and re-read when its mtime changed (the dev identity provider may
 * create or rotate it after the portal started); the verifier's fetcher reads the
 * same file, so nothing ever goes to the network.
 */
function fileVerifier(issuer: string, audience: string, path: string): Verify {
  const fileBytes = async (): Promise<ArrayBuffer> => {
    const bytes = await readFile(path);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  const verifier = JwtRsaVerifier.create(
    { issuer, audience, jwksUri: `file://${path}` },
    { jwksCache: new SimpleJwksCache({ fetcher: { fetch: fileBytes } }) },
  );
  let loadedMtimeMs: number | undefined;
  return async (token) => {
    const mtimeMs = await stat(path).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    if (mtimeMs !== undefined && mtimeMs !== loadedMtimeMs) {
      const jwks = JSON.parse(new TextDecoder().decode(await fileBytes())) as Jwks;
      verifier.cacheJwks(jwks);
      loadedMtimeMs = mtimeMs;
    }
    return (await verifier.verify(token)) as Record<string, unknown>;
  };
}
