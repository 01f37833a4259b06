import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedId } from '#shared/contracts/content';
import type { CreateLessonRequest } from '#shared/contracts/lesson';
import { apiPost } from '../../../lib/api-client.ts';
import { lessonsQueryKey } from './list-lessons.ts';
import { lessonsApiUrl } from './paths.ts';

/**
 * Creates a lesson of a content item (`POST /api/v1/lessons`), last unless `index`
 * says otherwise. Every `fileId` must be a completed upload of the content item.
 * Answers 201 `{ id }`. Throws `ApiError`: 400 with field messages.
 */
export function createLesson(body: CreateLessonRequest) {
  return apiPost(lessonsApiUrl('createLesson'), body, CreatedId);
}

/** The POST as a mutation that marks the content item's lessons stale; a 400 or 409 is the form's to show. */
export function useCreateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLesson,
    meta: { handledStatuses: [400, 409] },
    onSuccess: (_created, body) => queryClient.invalidateQueries({ queryKey: lessonsQueryKey(body.contentId) }),
  });
}
