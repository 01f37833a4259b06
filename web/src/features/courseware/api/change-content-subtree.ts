import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ContentSubtreeStatusChange,
  type ContentSubtreeStatusRequest,
  DeletedContentSubtree,
} from '#shared/contracts/content-subtree';
import { apiDelete, apiPatch } from '../../../lib/api-client.ts';
import { invalidateContentLists, storeSavedContent } from './patch-content.ts';
import { coursewareApiUrl } from './paths.ts';

/**
 * Archives (`archived`) or restores (`unpublished`) a content item with all its
 * descendants (`PATCH /api/v1/content-subtrees/{id}`, issue 21 item 12), sending the
 * root's `version` and the `descendants` count the editor confirmed. Throws `ApiError`:
 * 409 when either is no longer true.
 */
export function setContentSubtreeStatus({ id, body }: { id: string; body: ContentSubtreeStatusRequest }) {
  return apiPatch(coursewareApiUrl('setContentSubtreeStatus', { id }), body, ContentSubtreeStatusChange);
}

/** Deletes a content item with all its descendants (`DELETE /api/v1/content-subtrees/{id}`). */
export function deleteContentSubtree({
  id,
  version,
  descendants,
}: {
  id: string;
  version: number;
  descendants: number;
}) {
  return apiDelete(coursewareApiUrl('deleteContentSubtree', { id }, { version, descendants }), DeletedContentSubtree);
}

/**
 * The status change as a mutation: stores the saved root, and forgets every cached
 * detail and children list (descendants changed too). 400 and 409 are the caller's.
 */
export function useSetContentSubtreeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContentSubtreeStatus,
    meta: { handledStatuses: [400, 409] },
    onSuccess: ({ content }) => {
      storeSavedContent(queryClient, content);
      void queryClient.invalidateQueries({ queryKey: ['content', 'children'] });
      void queryClient.invalidateQueries({
        queryKey: ['content', 'detail'],
        predicate: (query) =>
          (query.state.data as { content?: { id?: string } } | undefined)?.content?.id !== content.id,
      });
    },
  });
}

/**
 * The delete as a mutation: marks the lists and the parent's children stale and
 * forgets the parent's cached detail. The deleted items' own details are left for the
 * caller to drop once it has navigated away. A 409 is the caller's to show.
 */
export function useDeleteContentSubtree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentSubtree,
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
