import { useMutation } from '@tanstack/react-query';
import { UnsubscribeResult } from '#shared/contracts/saved-search';
import { apiPost } from '../../../lib/api-client.ts';
import { savedSearchesApiUrl } from './paths.ts';

/**
 * Stops the weekly digest of the link's user (`POST /api/v1/saved-searches/unsubscribe?token=`,
 * no sign-in). Throws `ApiError`: 400 or 404 for a link that is not valid.
 */
export function unsubscribeSavedSearches({ token }: { token: string }) {
  return apiPost(savedSearchesApiUrl('unsubscribeSavedSearches', {}, { token }), undefined, UnsubscribeResult);
}

/** The unsubscribe as a mutation; the page shows 400, 404 and 429 itself. */
export function useUnsubscribeSavedSearches() {
  return useMutation({ mutationFn: unsubscribeSavedSearches, meta: { handledStatuses: [400, 404, 429] } });
}
