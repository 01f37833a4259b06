import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContentBulkActionRequest, ContentBulkActionResponse } from '#shared/contracts/content-bulk';
import { apiPost } from '../../../lib/api-client.ts';
import { adminApiUrl } from './paths.ts';

/**
 * One bulk action on selected content (`POST /api/v1/content-bulk-actions`, issue 25
 * item 8): answers each item's result. Throws `ApiError`: 400 (more than 100 items),
 * 403 (delete or restore without the right), 429.
 */
export function runContentBulkAction(body: ContentBulkActionRequest) {
  return apiPost(adminApiUrl('runContentBulkAction'), body, ContentBulkActionResponse);
}

/** The POST as a mutation; every status is the bulk toolbar's to show. Refreshes the content lists. */
export function useRunContentBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runContentBulkAction,
    meta: { handledStatuses: [400, 403, 429] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['content'] }),
  });
}
