import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { JWK } from 'jose';
import { sdkClientOptions } from '../../adapters/aws-clients.ts';
import { optionalVariable } from '../env.ts';

/**
 * The portal's RS256 signing key (ARCHITECTURE.md "Identity, sessions, claims"):
 * in AWS a private JWK kept in Secrets Manager, locally a JWK file generated on first
 * use so that sessions survive restarts of the local stack. Keys are handled with the
 * platform's WebCrypto, not jose, so that every client group's Lambda, which loads the
 * key to verify tokens, does not bundle jose (only the authentication group signs;
 * decision record 041).
 */

/** RS256 in WebCrypto's terms: RSASSA-PKCS1-v1_5 with SHA-256. */
const RS256_IMPORT = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * The RFC 7638 thumbprint of an RSA public key: SHA-256 of `{"e","kty","n"}` (members
 * in that order, no spaces), base64url.
 */
export function rsaJwkThumbprint(jwk: Pick<JWK, 'e' | 'kty' | 'n'>): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
}

/** Env: path of a private JWK JSON file; created (RSA 2048, mode 0600) when missing. Local stack. */
export const SIGNING_KEY_FILE_ENV = 'PORTAL_SIGNING_KEY_FILE';
/** Env: ARN of a Secrets Manager secret whose SecretString is the private JWK JSON. AWS. */
export const SIGNING_KEY_SECRET_ARN_ENV = 'PORTAL_SIGNING_KEY_SECRET_ARN';

/** The one algorithm of portal tokens. */
export const PORTAL_SIGNING_ALGORITHM = 'RS256';

/** The loaded signing key: the private key (a WebCrypto key jose signs with), its public JWK, and its `kid`. */
export interface SigningKey {
  readonly privateKey: CryptoKey;
  /** Public parts only: kty, n, e, kid, alg RS256, use sig. */
  readonly publicJwk: JWK;
  /** RFC 7638 thumbprint (SHA-256, base64url) of the public key. */
  readonly kid: string;
}

let cached: Promise<SigningKey> | undefined;
let secretsManager: SecretsManagerClient | undefined;

/**
 * The portal's signing key, loaded once per container (the promise is cached; a
 * failed load is retried on the next call). Source by environment:
 * `PORTAL_SIGNING_KEY_FILE` (a private JWK JSON file, generated with mode 0600 and
 * parent folders when it does not exist) or `PORTAL_SIGNING_KEY_SECRET_ARN` (Secrets
 * Manager, SecretString = private JWK JSON). The file wins when both are set.
 * @throws Error when neither variable is set, or the key is not a private RSA JWK.
 */
export function getSigningKey(): Promise<SigningKey> {
  if (!cached) {
    cached = loadSigningKey().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  }
  return cached;
}

/**
 * The portal's JSON Web Key Set (RFC 7517): the public signing key only, served at
 * `<issuer>/jwks.json` for API Gateway's JWT authorizer and used to prime the
 * portal's own verifier.
 */
export async function portalJwks(): Promise<{ keys: JWK[] }> {
  const { publicJwk } = await getSigningKey();
  return { keys: [publicJwk] };
}

/**
 * Forgets the cached key (and Secrets Manager client): for tests switching key source,
 * and for the local portal when it restarts with another data folder.
 */
export function resetSigningKey(): void {
  cached = undefined;
  secretsManager = undefined;
}

async function loadSigningKey(): Promise<SigningKey> {
  const file = optionalVariable(SIGNING_KEY_FILE_ENV);
  const secretArn = optionalVariable(SIGNING_KEY_SECRET_ARN_ENV);
  if (file) return loadOrCreateKeyFile(file);
  if (secretArn) return fromPrivateJwk(await readSecret(secretArn));
  throw new Error(`Missing environment variables: one of ${SIGNING_KEY_FILE_ENV}, ${SIGNING_KEY_SECRET_ARN_ENV}.`);
}

/**
 * An RS256 key kept in a private JWK file: read, or generated (RSA 2048, mode 0600,
 * parent folders 0700; when two processes start at once the first writer wins and the
 * other reads its key). Used for the portal's key locally and by the local dev
 * identity provider for its own.
 * @throws Error when the file holds anything but a private RSA JWK.
 */
export async function loadOrCreateKeyFile(path: string): Promise<SigningKey> {
  return fromPrivateJwk(await readOrCreateKeyFile(path));
}

async function readOrCreateKeyFile(path: string): Promise<JWK> {
  try {
    return parsePrivateJwk(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pair = await crypto.subtle.generateKey(
    { ...RS256_IMPORT, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  );
  const {
    ext: _ext,
    key_ops: _keyOps,
    alg: _alg,
    use: _use,
    ...exported
  } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  // kid, alg and use are stored with the key, so tools that read the file sign tokens the verifier accepts.
  const kid = rsaJwkThumbprint(exported as JWK);
  const jwk: JWK = { ...(exported as JWK), kid, alg: PORTAL_SIGNING_ALGORITHM, use: 'sig' };
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    // `wx`: when two processes start at once, the first writer wins and the other reads its key.
    await writeFile(path, `${JSON.stringify(jwk)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parsePrivateJwk(await readFile(path, 'utf8'), path);
  }
  return jwk;
}

async function readSecret(secretArn: string): Promise<JWK> {
  secretsManager ??= new SecretsManagerClient(sdkClientOptions('secretsManager'));
  const output = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!output.SecretString) throw new Error('The portal signing key secret has no SecretString.');
  return parsePrivateJwk(output.SecretString, 'the portal signing key secret');
}

function parsePrivateJwk(text: string, source: string): JWK {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error(`The private JWK in ${source} is not valid JSON.`);
  }
  if (jwk?.kty !== 'RSA' || !jwk.n || !jwk.e || !jwk.d) {
    throw new Error(`The JWK in ${source} is not a private RSA key.`);
  }
  return jwk;
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  const { kty, n, e } = jwk;
  const kid = rsaJwkThumbprint({ kty, n, e });
  const { kid: _kid, use: _use, key_ops: _keyOps, ext: _ext, ...material } = jwk;
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { ...material, alg: PORTAL_SIGNING_ALGORITHM } as JsonWebKey,
    RS256_IMPORT,
    false,
    ['sign'],
  );
  return {
    privateKey,
    publicJwk: { kty, n, e, kid, alg: PORTAL_SIGNING_ALGORITHM, use: 'sig' },
    kid,
  };
}
