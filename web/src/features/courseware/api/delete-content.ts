import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedContent } from '#shared/contracts/content';
import { apiDelete, apiUrl } from '../../../lib/api-client.ts';
import { invalidateContentLists } from './patch-content.ts';

/**
 * Deletes a content item for good (`DELETE /api/v1/content-items/{id}`, decision
 * record 015). Answers `{ id, parentId }`, the parent being where the SPA goes next
 * (spec §2.6). Throws `ApiError`: 409 `CONTENT_HAS_CHILDREN_MESSAGE` while it has children.
 */
export function deleteContent({ id }: { id: string }) {
  return apiDelete(apiUrl('deleteContent', { id }), DeletedContent);
}

/**
 * The DELETE as a mutation. It marks the lists and the parent's children stale and
 * forgets the parent's cached detail (its `children` changed). The deleted item's own
 * detail is left for the caller to drop once it has navigated away, so the screen
 * still showing it does not refetch a 404. A 409 is the caller's to show.
 */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    meta: { handledStatuses: [409] },
    onSuccess: ({ parentId }) => {
      invalidateContentLists(queryClient, parentId);
      if (parentId) {
        queryClient.removeQueries({
          queryKey: ['content', 'detail'],
          predicate: (query) =>
            (query.state.data as { content?: { id?: string } } | undefined)?.content?.id === parentId,
        });
      }
    },
  });
}
