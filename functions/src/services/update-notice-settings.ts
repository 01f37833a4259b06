import { UNSUBSCRIBE_LINK_INVALID_MESSAGE } from '#shared/contracts/unsubscribe';
import type {
  UpdateNoticeSettings,
  UpdateNoticeSettingsRequest,
  UpdateNoticeUnsubscribeResult,
} from '#shared/contracts/update-notices';
import {
  getUpdateNoticeSettings,
  setUpdateNoticeEmailOptOut,
  unsubscribeUpdateNoticeEmail,
} from '../data/update-notices.ts';
import { parseUnsubscribeToken, unsubscribeSecretMatches } from '../domain/unsubscribe-tokens.ts';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import type { Caller } from '../lib/handler.ts';

/**
 * The reader's update-notice e-mail switch and the digest's one-click unsubscribe (issue
 * 25 item 5; decision record 066): the use cases of the `user` group's update-notice routes.
 */

function ownerOf(caller: Caller): string {
  if (!caller) throw new UnauthorizedError('Sign in to continue.');
  return caller.sub;
}

/** `GET /api/v1/update-notices/settings`: whether the caller gets the daily digest. */
export async function getUpdateNoticeEmailSetting(caller: Caller): Promise<UpdateNoticeSettings> {
  const settings = await getUpdateNoticeSettings(ownerOf(caller));
  return { emailDigest: !settings.emailOptOut };
}

/** `PUT /api/v1/update-notices/settings`: the daily digest on or off; the messages come either way. */
export async function setUpdateNoticeEmailSetting(
  body: UpdateNoticeSettingsRequest,
  caller: Caller,
): Promise<UpdateNoticeSettings> {
  await setUpdateNoticeEmailOptOut(ownerOf(caller), !body.emailDigest);
  return { emailDigest: body.emailDigest };
}

/**
 * `POST /api/v1/update-notices/unsubscribe?token=` (public, RFC 8058 one-click): the
 * token's user gets no more digests, and the token stops working (its secret is
 * dropped; the next digest after opting in again carries a new one).
 * @throws NotFoundError (404) for a token that is forged, mangled, used or not the user's.
 */
export async function unsubscribeUpdateNotices(token: string): Promise<UpdateNoticeUnsubscribeResult> {
  const parsed = parseUnsubscribeToken(token);
  if (!parsed) throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID_MESSAGE);
  const settings = await getUpdateNoticeSettings(parsed.userId);
  if (!unsubscribeSecretMatches(parsed.secret, settings.unsubscribeSecret)) {
    throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID_MESSAGE);
  }
  if (!(await unsubscribeUpdateNoticeEmail(parsed.userId, parsed.secret))) {
    throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID_MESSAGE);
  }
  return { unsubscribed: true };
}
