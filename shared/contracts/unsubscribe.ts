import * as z from 'zod';

/**
 * The one-click unsubscribe token shared by every e-mail people subscribe to (the
 * saved-search digest, issue 24 item 8, decision record 061; the update-notice digest,
 * issue 25 item 5, decision record 066): `<user id>.<43 base64url characters>`, the
 * secret stored by the e-mail's own settings item.
 */

/** The 404 of an unsubscribe link that is forged, mangled or no longer valid. */
export const UNSUBSCRIBE_LINK_INVALID_MESSAGE = 'This unsubscribe link is not valid.';

/** The token of an unsubscribe link: `<user id>.<43 base64url characters>`. */
export const UnsubscribeToken = z
  .string()
  .trim()
  .regex(/^[0-9a-hjkmnp-tv-z]{26}\.[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_LINK_INVALID_MESSAGE);
