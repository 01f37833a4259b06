import * as updateNotices from '../../services/update-notice-settings.ts';
import { defineRoute } from './define-route.ts';

/**
 * The update-notice routes (issue 25 item 5; decision record 066): each calls its use
 * case in `services/update-notice-settings.ts`; the settings are the caller's own.
 */

/** `GET /api/v1/update-notices/settings`: whether the caller gets the daily digest. */
export const getUpdateNoticeSettings = defineRoute('getUpdateNoticeSettings', ({ caller }) =>
  updateNotices.getUpdateNoticeEmailSetting(caller),
);

/** `PUT /api/v1/update-notices/settings`: the daily digest on or off. */
export const updateUpdateNoticeSettings = defineRoute('updateUpdateNoticeSettings', ({ body, caller }) =>
  updateNotices.setUpdateNoticeEmailSetting(body, caller),
);

/**
 * `POST /api/v1/update-notices/unsubscribe?token=` (public; RFC 8058 one-click, whose form
 * body `List-Unsubscribe=One-Click` is not read): the digest goes off; 404 for a forged
 * or used token.
 */
export const unsubscribeUpdateNotices = defineRoute('unsubscribeUpdateNotices', ({ query }) =>
  updateNotices.unsubscribeUpdateNotices(query.token),
);
