import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedLesson } from '#shared/contracts/lesson';
import { apiDelete } from '../../../lib/api-client.ts';
import { lessonsQueryKey } from './list-lessons.ts';
import { lessonsApiUrl } from './paths.ts';

/** Deletes a lesson and its artifact files (`DELETE /api/v1/lessons/{id}`). Answers `{ id, contentId }`. */
export function deleteLesson({ id }: { id: string; contentId: string }) {
  return apiDelete(lessonsApiUrl('deleteLesson', { id }), DeletedLesson);
}

/**
 * The DELETE as a mutation. Success or not, the content item's lessons are marked
 * stale (a 404 means someone else deleted it). A 404 is the dialog's to show.
 */
export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLesson,
    meta: { handledStatuses: [404] },
    onSettled: (_deleted, _error, { contentId }) =>
      queryClient.invalidateQueries({ queryKey: lessonsQueryKey(contentId) }),
  });
}
