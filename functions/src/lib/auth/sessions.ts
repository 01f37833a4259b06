import type { PortalTokenClaims } from '#shared/contracts/identity';
import { currentSessionEpoch } from '../../data/sessions.ts';
import { SessionEndedError } from '../errors.ts';
import { verifyPortalToken } from './portal-tokens.ts';

/**
 * A portal token that still opens a session (issue 21 item 2; decision record 032):
 * {@link verifyPortalToken}, then {@link assertSessionCurrent}. Every bearer token
 * the API accepts goes through here (the handler chain's `callerOf`, and the
 * impersonation and its end in `authenticate`).
 * @returns the verified claims.
 * @throws TokenError (401) as {@link verifyPortalToken} does.
 * @throws SessionEndedError (401) when the session was ended by a change of its user.
 */
export async function verifySessionToken(token: string, now: number = Date.now()): Promise<PortalTokenClaims> {
  const claims = await verifyPortalToken(token, now);
  await assertSessionCurrent(claims, now);
  return claims;
}

/**
 * Refuses a token whose user — or, while impersonating, whose real user (`act.sub`) —
 * was changed after the token was signed (the user's stored session epoch is above
 * the token's) or no longer exists (data/sessions.ts; at most one GetItem per user,
 * each remembered by the container for at most 30 s). Every token `authenticate`
 * signs carries its epochs; one without (signed before issue 21, so at most one
 * token lifetime old) counts as epoch 0 of a user that may be missing.
 * @throws SessionEndedError (401) "Your session has ended. Sign in again."
 */
export async function assertSessionCurrent(claims: PortalTokenClaims, now: number = Date.now()): Promise<void> {
  const holders = [{ userId: claims.sub, epoch: claims.sessionEpoch }];
  if (claims.act) holders.push({ userId: claims.act.sub, epoch: claims.act.sessionEpoch });
  const stored = await Promise.all(holders.map((holder) => currentSessionEpoch(holder.userId, now)));
  holders.forEach((holder, index) => {
    const epoch = stored[index] ?? null;
    const removed = epoch === null && holder.epoch !== undefined;
    if (removed || (epoch ?? 0) > (holder.epoch ?? 0)) throw new SessionEndedError();
  });
}
