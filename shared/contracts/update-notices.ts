import * as z from 'zod';
import { UnsubscribeToken } from './unsubscribe.ts';

/**
 * Update notices (issue 25 item 5; decision record 066): people who downloaded a
 * courseware item (a file of it, a lesson artifact of it, or a bundle holding its files)
 * get an account-menu message when it is published again, and, unless they opted out,
 * a daily e-mail digest with a one-click unsubscribe.
 */

/** The id of the content page's change log: account-menu messages and digests link to `/courseware/<alias>#change-log`. */
export const CHANGE_LOG_ANCHOR = 'change-log';

/** The signed-in reader's update-notice e-mail setting: whether the daily digest is sent. */
export const UpdateNoticeSettings = z
  .object({
    /** "E-mail me when courseware I downloaded is updated" (on unless turned off or unsubscribed). */
    emailDigest: z.boolean(),
  })
  .meta({ id: 'UpdateNoticeSettings' });
export type UpdateNoticeSettings = z.infer<typeof UpdateNoticeSettings>;

/** Body of `PUT /api/v1/update-notices/settings`. */
export const UpdateNoticeSettingsRequest = z
  .object({ emailDigest: z.boolean() })
  .meta({ id: 'UpdateNoticeSettingsRequest' });
export type UpdateNoticeSettingsRequest = z.infer<typeof UpdateNoticeSettingsRequest>;

/** Query of `POST /api/v1/update-notices/unsubscribe` (the digest's List-Unsubscribe address). */
export const UpdateNoticeUnsubscribeQuery = z.object({ token: UnsubscribeToken });

/** What an unsubscribe did: the digest is off. The token works once (its secret is dropped); again it is a 404. */
export const UpdateNoticeUnsubscribeResult = z
  .object({ unsubscribed: z.literal(true) })
  .meta({ id: 'UpdateNoticeUnsubscribeResult' });
export type UpdateNoticeUnsubscribeResult = z.infer<typeof UpdateNoticeUnsubscribeResult>;

/** The value of the unsubscribe page's `list` parameter that names the update-notice digest. */
export const UPDATE_NOTICES_LIST = 'update-notices';
/**
 * The SPA's page for the digest's "Stop these e-mails" link (it confirms with a button):
 * the portal's one e-mail unsubscribe page, `/saved-searches/unsubscribe`, told which
 * e-mail by `list` (no route of its own: the first render's JavaScript has no room for one).
 */
export const UPDATE_NOTICES_UNSUBSCRIBE_PAGE_PATH = `/saved-searches/unsubscribe?list=${UPDATE_NOTICES_LIST}`;
/** The API address the digest's List-Unsubscribe header names (RFC 8058 one-click POST). */
export const UPDATE_NOTICES_UNSUBSCRIBE_API_PATH = '/api/v1/update-notices/unsubscribe';
/** Where the signed-in switch lives (the e-mail settings of the Saved searches screen). */
export const UPDATE_NOTICES_SETTINGS_PAGE_PATH = '/saved-searches';
