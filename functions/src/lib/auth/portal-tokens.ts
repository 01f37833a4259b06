import { createPublicKey, type KeyObject, randomUUID, verify } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  type Claim,
  EXERCISE_AREA_AUDIENCE,
  type IdentityProvider,
  PORTAL_AUDIENCE,
  PortalTokenClaims,
} from '#shared/contracts/identity';
import { optionalVariable } from '../env.ts';
import { TokenError } from '../errors.ts';
import { getSigningKey, PORTAL_SIGNING_ALGORITHM, portalJwks } from './signing-key.ts';

/**
 * Portal tokens (spec §3 "Session and claims", §4 "Session"; ARCHITECTURE.md
 * "Identity, sessions, claims"): RS256 JWTs the portal signs with jose (authentication
 * group only) and verifies with `node:crypto` against its own public key, without any
 * network request and without a JWT library in every group's bundle (decision record 041).
 */

/** Env: the issuer, e.g. `https://portal.example.org/api/v1/auth`; its JWKS is `<issuer>/jwks.json`. */
export const PORTAL_ISSUER_ENV = 'PORTAL_ISSUER';
/** Env: lifetime of a portal token in seconds (default {@link DEFAULT_PORTAL_TOKEN_TTL_SECONDS}). */
export const PORTAL_TOKEN_TTL_ENV = 'PORTAL_TOKEN_TTL_SECONDS';
/** Default lifetime of a portal token: one hour, in seconds. */
export const DEFAULT_PORTAL_TOKEN_TTL_SECONDS = 3600;
/** Lifetime of an SSO token for the exercise area, in seconds. */
export const SSO_TOKEN_TTL_SECONDS = 300;

/**
 * The portal's token issuer from `PORTAL_ISSUER` (API Gateway's JWT authorizer reads
 * `<issuer>/.well-known/openid-configuration`). Returned exactly as configured: it
 * is compared byte for byte with the `iss` claim.
 * @throws Error when `PORTAL_ISSUER` is missing or empty.
 */
export function portalIssuer(): string {
  const issuer = optionalVariable(PORTAL_ISSUER_ENV);
  if (!issuer) throw new Error(`Missing environment variables: ${PORTAL_ISSUER_ENV}.`);
  return issuer;
}

/** `<issuer>/jwks.json`: where the portal's public keys are served. */
export function portalJwksUri(issuer = portalIssuer()): string {
  return `${issuer.replace(/\/+$/, '')}/jwks.json`;
}

/** Lifetime of a portal token in seconds, from `PORTAL_TOKEN_TTL_SECONDS` (default 3600). */
export function portalTokenTtlSeconds(): number {
  const raw = optionalVariable(PORTAL_TOKEN_TTL_ENV);
  if (raw === undefined || raw === '') return DEFAULT_PORTAL_TOKEN_TTL_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`${PORTAL_TOKEN_TTL_ENV} must be a positive whole number of seconds.`);
  }
  return seconds;
}

/** What a portal token says about its user. */
export interface PortalTokenInput {
  /** The portal user id (`sub`). */
  readonly userId: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly picture: string | null;
  readonly provider: IdentityProvider;
  readonly roles: readonly string[];
  readonly claims: readonly Claim[];
  readonly subscriptions: readonly string[];
  /**
   * The user's session epoch (data/sessions.ts; issue 21 item 2). Sign-in always
   * gives one; a token without it is checked as a token of before issue 21.
   */
  readonly sessionEpoch?: number | undefined;
  /** When impersonating: the real user's id, carried as `act: { sub }` (RFC 8693). */
  readonly actorUserId?: string | undefined;
  /** When impersonating: the real user's session epoch, carried as `act.sessionEpoch`. */
  readonly actorSessionEpoch?: number | undefined;
}

/**
 * Signs a portal token (spec §3 "Token claims"): RS256 with the portal key and its
 * `kid` header; `iss` = {@link portalIssuer}, `aud` = PORTAL_AUDIENCE, `sub` =
 * userId, `iat` = `now` (seconds), `exp` = iat + PORTAL_TOKEN_TTL_SECONDS, a random
 * `jti`, then displayName, email, picture, provider, roles, claims, subscriptions,
 * `sessionEpoch` and `act` (with the real user's epoch) when impersonating. The result parses as {@link PortalTokenClaims}.
 * @throws Error when the signing key or the issuer is not configured.
 */
export async function signPortalToken(input: PortalTokenInput, now: Date = new Date()): Promise<string> {
  const { privateKey, kid } = await getSigningKey();
  const iat = Math.floor(now.getTime() / 1000);
  const payload = {
    displayName: input.displayName,
    email: input.email,
    picture: input.picture,
    provider: input.provider,
    roles: [...input.roles],
    claims: input.claims.map((claim) => ({ ...claim })),
    subscriptions: [...input.subscriptions],
    ...(input.sessionEpoch !== undefined ? { sessionEpoch: input.sessionEpoch } : {}),
    ...(input.actorUserId
      ? {
          act: {
            sub: input.actorUserId,
            ...(input.actorSessionEpoch !== undefined ? { sessionEpoch: input.actorSessionEpoch } : {}),
          },
        }
      : {}),
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: PORTAL_SIGNING_ALGORITHM, kid, typ: 'JWT' })
    .setIssuer(portalIssuer())
    .setAudience(PORTAL_AUDIENCE)
    .setSubject(input.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + portalTokenTtlSeconds())
    .setJti(randomUUID())
    .sign(privateKey);
}

/** Who an SSO token names: the fields of a verified portal token it copies. */
export type SsoTokenSubject = Pick<PortalTokenClaims, 'sub' | 'email' | 'displayName' | 'provider'>;

/**
 * Signs the short-lived token the portal hands to the exercise area (spec §2.2
 * /exercises, §7 "Get an SSO token"): RS256 with the portal key, `iss` = the portal
 * issuer, `aud` = EXERCISE_AREA_AUDIENCE, 300 s lifetime, random `jti`, and `sub`,
 * email, displayName, provider. Verifiable with {@link portalJwks}.
 * @throws Error when the signing key or the issuer is not configured.
 */
export async function signSsoToken(subject: SsoTokenSubject, now: Date = new Date()): Promise<string> {
  const { privateKey, kid } = await getSigningKey();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: subject.email, displayName: subject.displayName, provider: subject.provider })
    .setProtectedHeader({ alg: PORTAL_SIGNING_ALGORITHM, kid, typ: 'JWT' })
    .setIssuer(portalIssuer())
    .setAudience(EXERCISE_AREA_AUDIENCE)
    .setSubject(subject.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SSO_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(privateKey);
}

/** The portal's public key as a `node:crypto` key, by the signing key's `kid`. */
let verificationKey: { readonly kid: string; readonly key: KeyObject } | undefined;

async function portalVerificationKey(): Promise<{ readonly kid: string; readonly key: KeyObject }> {
  const { kid, publicJwk } = await getSigningKey();
  if (verificationKey?.kid !== kid) {
    verificationKey = {
      kid,
      key: createPublicKey({ key: { kty: 'RSA', n: publicJwk.n, e: publicJwk.e }, format: 'jwk' }),
    };
  }
  return verificationKey;
}

/** A token that fails verification because it has expired: `jwt expired`. */
class ExpiredTokenError extends Error {
  override readonly name = 'ExpiredTokenError';
}

/** The JSON object a base64url JWT segment encodes. @throws Error when it is not one. */
function jsonSegment(segment: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('Not a JSON object.');
  return value as Record<string, unknown>;
}

/**
 * The payload of a compact JWS signed RS256 by `key` (header `kid` = `kid`), with `iss`
 * = `issuer`, `aud` = or containing `audience`, `exp` after `now` (epoch ms), and
 * `nbf` and `iat`, when present, not after it.
 * @throws ExpiredTokenError when `exp` has passed; Error for anything else.
 */
function verifiedPayload(
  token: string,
  key: { readonly kid: string; readonly key: KeyObject },
  issuer: string,
  audience: string,
  now: number,
): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) throw new Error('Not a compact JWS.');
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = jsonSegment(header);
  if (protectedHeader.alg !== PORTAL_SIGNING_ALGORITHM) throw new Error('Not signed RS256.');
  if (protectedHeader.kid !== key.kid) throw new Error('Not signed by the portal key.');
  if (protectedHeader.crit !== undefined) throw new Error('Unsupported critical header.');
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), key.key, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('Invalid signature.');
  const claims = jsonSegment(payload);
  if (claims.iss !== issuer) throw new Error('Wrong issuer.');
  const aud = claims.aud;
  if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) throw new Error('Wrong audience.');
  const seconds = now / 1000;
  if (typeof claims.exp !== 'number') throw new Error('No expiry.');
  if (claims.exp <= seconds) throw new ExpiredTokenError('jwt expired');
  for (const name of ['nbf', 'iat'] as const) {
    const value = claims[name];
    if (value !== undefined && (typeof value !== 'number' || value > seconds))
      throw new Error(`${name} in the future.`);
  }
  return claims;
}

/**
 * Verifies a portal token: RS256 signature by the portal key (the `kid` must be
 * ours), `iss` = {@link portalIssuer}, `aud` = PORTAL_AUDIENCE, not expired, and
 * claims of the {@link PortalTokenClaims} shape (spec §3 "Session and claims").
 * Checked with `node:crypto` against the portal's own public key: no network request. A token
 * verified before is remembered by its exact text until it expires (`now`, epoch ms,
 * decides; tests pass it).
 * @returns the parsed claims.
 * @throws TokenError (401) `jwt expired` for an expired token, `Invalid token.` for
 *   every other failure (alg none, foreign key, wrong issuer or audience, tampered
 *   or malformed token, claims of the wrong shape).
 * @throws Error when the signing key or the issuer is not configured (a 500).
 */
export async function verifyPortalToken(token: string, now: number = Date.now()): Promise<PortalTokenClaims> {
  const remembered = verifiedTokens.get(token);
  if (remembered) {
    if (remembered.exp * 1000 > now) return remembered;
    verifiedTokens.delete(token);
    throw new TokenError(true);
  }
  const key = await portalVerificationKey();
  const issuer = portalIssuer();
  let payload: unknown;
  try {
    payload = verifiedPayload(token, key, issuer, PORTAL_AUDIENCE, now);
  } catch (error) {
    throw tokenErrorOf(error);
  }
  const parsed = PortalTokenClaims.safeParse(payload);
  if (!parsed.success) throw new TokenError(false, { cause: parsed.error });
  remember(token, parsed.data);
  return parsed.data;
}

/**
 * Tokens this container has verified, by their exact text, until they expire: a
 * session sends the same token with every request, and re-checking its RS256
 * signature each time would cost more than the rest of a cached read (the figure is in
 * docs/benchmarks.md). Any other text — a tampered payload, another signature — is a
 * different key and is verified in full. Bounded; the oldest entry goes first.
 */
const verifiedTokens = new Map<string, PortalTokenClaims>();
/** At most this many remembered tokens per container. */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000;

function remember(token: string, claims: PortalTokenClaims): void {
  if (verifiedTokens.size >= VERIFIED_TOKEN_CACHE_SIZE) {
    const oldest = verifiedTokens.keys().next().value;
    if (oldest !== undefined) verifiedTokens.delete(oldest);
  }
  verifiedTokens.set(token, claims);
}

/** The 401 for a failed verification: `jwt expired` or `Invalid token.`. */
export function tokenErrorOf(error: unknown): TokenError {
  if (error instanceof TokenError) return error;
  return new TokenError(error instanceof ExpiredTokenError, { cause: error });
}

/**
 * Forgets the cached verifier and the remembered tokens (the signing key has its own
 * reset): for tests, and for the local portal when it restarts with another issuer.
 */
export function resetPortalVerifier(): void {
  verificationKey = undefined;
  verifiedTokens.clear();
}
