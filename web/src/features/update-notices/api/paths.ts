import { apiUrlFor } from '../../../lib/api-client.ts';
import type { ApiPathTable } from '../../../lib/api-paths.ts';

/**
 * The operations of update notices, with their paths below `/api/v1` (decision record 040):
 * loaded with this feature's lazily loaded code, not with the first render. An operation the
 * first render calls is in `FIRST_RENDER_API_PATHS` (`apiUrl`) instead.
 */
export const UPDATE_NOTICES_API_PATHS = {
  unsubscribeUpdateNotices: '/update-notices/unsubscribe',
  getUpdateNoticeSettings: '/update-notices/settings',
  updateUpdateNoticeSettings: '/update-notices/settings',
} as const satisfies ApiPathTable;

/** The address of an operation of {@link UPDATE_NOTICES_API_PATHS}, as `apiUrlFor` of `web/src/lib/api-client.ts`. */
export const updateNoticesApiUrl = apiUrlFor(UPDATE_NOTICES_API_PATHS);
