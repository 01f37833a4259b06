import { queryOptions, useQuery } from '@tanstack/react-query';
import { UpdateNoticeSettings } from '#shared/contracts/update-notices';
import { apiGet } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';
import { updateNoticesApiUrl } from './paths.ts';

/** The query key of the caller's update-notice e-mail setting; its mutation writes it. */
export const UPDATE_NOTICE_SETTINGS_KEY = ['update-notices', 'settings'] as const;

/**
 * Whether the caller gets the daily e-mail of updated courseware they downloaded
 * (`GET /api/v1/update-notices/settings`; issue 25 item 5, decision record 066). Throws
 * `ApiError` (401 without a session).
 */
export function getUpdateNoticeSettings({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet(updateNoticesApiUrl('getUpdateNoticeSettings'), UpdateNoticeSettings, { signal });
}

/** Query options of {@link getUpdateNoticeSettings}, owning {@link UPDATE_NOTICE_SETTINGS_KEY}. */
export function getUpdateNoticeSettingsQueryOptions() {
  return queryOptions({
    queryKey: UPDATE_NOTICE_SETTINGS_KEY,
    queryFn: ({ signal }) => getUpdateNoticeSettings({ signal }),
  });
}

export function useUpdateNoticeSettings({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getUpdateNoticeSettingsQueryOptions>;
} = {}) {
  return useQuery({ ...getUpdateNoticeSettingsQueryOptions(), ...queryConfig });
}
