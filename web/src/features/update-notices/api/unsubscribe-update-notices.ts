import { useMutation } from '@tanstack/react-query';
import { UpdateNoticeUnsubscribeResult } from '#shared/contracts/update-notices';
import { apiPost } from '../../../lib/api-client.ts';
import { updateNoticesApiUrl } from './paths.ts';

/**
 * Stops the daily update-notice digest of the link's user
 * (`POST /api/v1/update-notices/unsubscribe?token=`, no sign-in). Throws `ApiError`: 400 or
 * 404 for a link that is not valid (forged, or used already).
 */
export function unsubscribeUpdateNotices({ token }: { token: string }) {
  return apiPost(
    updateNoticesApiUrl('unsubscribeUpdateNotices', {}, { token }),
    undefined,
    UpdateNoticeUnsubscribeResult,
  );
}

/** The unsubscribe as a mutation; the page shows 400, 404 and 429 itself. */
export function useUnsubscribeUpdateNotices() {
  return useMutation({ mutationFn: unsubscribeUpdateNotices, meta: { handledStatuses: [400, 404, 429] } });
}
