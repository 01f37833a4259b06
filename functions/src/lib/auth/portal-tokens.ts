import { randomUUID } from 'node:crypto';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { SignJWT } from 'jose';
import {
  type Claim,
  EXERCISE_AREA_AUDIENCE,
  type IdentityProvider,
  PORTAL_AUDIENCE,
  PortalTokenClaims,
} from '#shared/contracts/identity';
import { TokenError } from '../errors.ts';
import { getSigningKey, PORTAL_SIGNING_ALGORITHM, portalJwks } from './signing-key.ts';

/**
 * Portal tokens (spec §3 "Session and claims", §4 "Session"; ARCHITECTURE.md
 * "Identity, sessions, claims"): RS256 JWTs the portal signs with jose and verifies
 * with aws-jwt-verify against its own JWKS, without any network request.
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
  const issuer = process.env[PORTAL_ISSUER_ENV];
  if (!issuer) throw new Error(`Missing environment variables: ${PORTAL_ISSUER_ENV}.`);
  return issuer;
}

/** `<issuer>/jwks.json`: where the portal's public keys are served. */
export function portalJwksUri(issuer = portalIssuer()): string {
  return `${issuer.replace(/\/+$/, '')}/jwks.json`;
}

/** Lifetime of a portal token in seconds, from `PORTAL_TOKEN_TTL_SECONDS` (default 3600). */
export function portalTokenTtlSeconds(): number {
  const raw = process.env[PORTAL_TOKEN_TTL_ENV];
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

type PortalVerifier = ReturnType<typeof createPortalVerifier>;
let verifier: { readonly cacheKey: string; readonly instance: Promise<PortalVerifier> } | undefined;

function createPortalVerifier(issuer: string) {
  // A token whose kid is not cached makes the verifier "fetch" the JWKS: answer with
  // our own keys instead of a network request (LOCAL-STACK.md: the default fetcher is
  // https-only, and the key is ours anyway).
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async () => {
        const bytes = new TextEncoder().encode(JSON.stringify(await portalJwks()));
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    },
  });
  return JwtRsaVerifier.create({ issuer, audience: PORTAL_AUDIENCE, jwksUri: portalJwksUri(issuer) }, { jwksCache });
}

async function portalVerifier(): Promise<PortalVerifier> {
  const issuer = portalIssuer();
  const { kid } = await getSigningKey();
  const cacheKey = `${issuer}\n${kid}`;
  if (verifier?.cacheKey !== cacheKey) {
    const instance = portalJwks().then((jwks) => {
      const created = createPortalVerifier(issuer);
      created.cacheJwks(jwks as Jwks);
      return created;
    });
    verifier = { cacheKey, instance };
  }
  return verifier.instance;
}

/**
 * Verifies a portal token: RS256 signature by the portal key (the `kid` must be
 * ours), `iss` = {@link portalIssuer}, `aud` = PORTAL_AUDIENCE, not expired, and
 * claims of the {@link PortalTokenClaims} shape (spec §3 "Session and claims").
 * Uses aws-jwt-verify, primed with the portal's own JWKS: no network request. A token
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
  const instance = await portalVerifier();
  let payload: unknown;
  try {
    payload = await instance.verify(token);
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

/** The 401 for a failed verification by aws-jwt-verify: `jwt expired` or `Invalid token.`. */
export function tokenErrorOf(error: unknown): TokenError {
  if (error instanceof TokenError) return error;
  return new TokenError(error instanceof JwtExpiredError, { cause: error });
}

/**
 * Forgets the cached verifier and the remembered tokens (the signing key has its own
 * reset): for tests, and for the local portal when it restarts with another issuer.
 */
export function resetPortalVerifier(): void {
  verifier = undefined;
  verifiedTokens.clear();
}
