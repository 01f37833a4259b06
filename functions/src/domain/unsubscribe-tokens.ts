import { randomBytes, timingSafeEqual } from 'node:crypto';
import { UnsubscribeToken } from '#shared/contracts/unsubscribe';

/**
 * The one-click unsubscribe tokens of the e-mails people subscribe to (the saved-search
 * digest, decision record 061; the update-notice digest, issue 25 item 5, decision record
 * 066): a random secret stored on the e-mail's settings item, the token
 * `<userId>.<secret>`, its parsing and a constant-time comparison. Pure, apart from the
 * random secret of {@link newUnsubscribeSecret}.
 */

/** The address of an unsubscribe link or API route: `<origin><path>?token=<token>`. */
export function unsubscribeLink(origin: string, path: string, token: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** Bytes of randomness of an unsubscribe secret (256 bits; 43 base64url characters). */
export const UNSUBSCRIBE_SECRET_BYTES = 32;

/** A new random unsubscribe secret (base64url, 43 characters). */
export function newUnsubscribeSecret(): string {
  return randomBytes(UNSUBSCRIBE_SECRET_BYTES).toString('base64url');
}

/** The token of a user's unsubscribe links: `<userId>.<secret>`. */
export function unsubscribeToken(userId: string, secret: string): string {
  return `${userId}.${secret}`;
}

/** The parts of an unsubscribe token, or null when it cannot be one (forged or mangled). */
export function parseUnsubscribeToken(token: string): { userId: string; secret: string } | null {
  const parsed = UnsubscribeToken.safeParse(token);
  if (!parsed.success) return null;
  const [userId = '', secret = ''] = parsed.data.split('.');
  return { userId, secret };
}

/** Whether `given` is the stored secret, compared in constant time (false for any other length). */
export function unsubscribeSecretMatches(given: string, stored: string | undefined): boolean {
  if (stored === undefined) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(stored, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
