import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateNoticeSettings, type UpdateNoticeSettingsRequest } from '#shared/contracts/update-notices';
import { apiPut } from '../../../lib/api-client.ts';
import { UPDATE_NOTICE_SETTINGS_KEY } from './get-update-notice-settings.ts';
import { updateNoticesApiUrl } from './paths.ts';

/**
 * Turns the daily update-notice e-mail on or off (`PUT /api/v1/update-notices/settings`).
 * Throws `ApiError` (400, 401, 429).
 */
export function updateUpdateNoticeSettings(body: UpdateNoticeSettingsRequest) {
  return apiPut(updateNoticesApiUrl('updateUpdateNoticeSettings'), body, UpdateNoticeSettings);
}

/** The switch as a mutation; the answer is the new setting. */
export function useUpdateUpdateNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUpdateNoticeSettings,
    meta: { handledStatuses: [400] },
    onSuccess: (settings) => queryClient.setQueryData(UPDATE_NOTICE_SETTINGS_KEY, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: UPDATE_NOTICE_SETTINGS_KEY }),
  });
}
