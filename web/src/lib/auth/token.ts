import { PortalTokenClaims } from '#shared/contracts/identity';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The payload of a portal token, decoded but NOT verified: the browser only reads
 * it to decide what to show (the API verifies every call). Null when the token is
 * not a JWT or its payload breaks the shared contract.
 */
export function decodePortalToken(token: string): PortalTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = PortalTokenClaims.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Milliseconds left before the token's `exp` (negative once past). */
export function msUntilExpiry(claims: Pick<PortalTokenClaims, 'exp'>, now: number = Date.now()): number {
  return claims.exp * 1000 - now;
}
